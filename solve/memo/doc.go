// Package memo keeps the results of long computations (a count's index
// plays, the exact edges of a risk run's shoes) on disk, so that the same
// question asked again by the same program is answered at once: by the
// command line and by the page's server.
//
// A result is stored under a key made of the program's fingerprint (a
// hash of its executable: any change to the code is another program, so
// a result is never read by code that did not compute it), the kind of
// result and the request's fields that decide it. A stored file holds its
// key and a checksum of its contents: one that was cut short, edited or
// written by another program is not read, and is computed again.
//
// Nothing is kept unless a program asks (count.Keep): the command line
// does, with OpenFolder of $BJCHART_CACHE (Default is the same, its error
// dropped). There is no store where $BJCHART_CACHE is "off" (in any
// case) or a relative path, nor in the browser's WebAssembly (no
// executable to fingerprint); $BJCHART_CACHE, an absolute path, names
// its folder, by default bjchart's own under the user's cache folder
// (os.UserCacheDir). A store holds at most MaxBytes: one that grows past
// it drops its least recently used files (reading its folder at each
// save). A store that cannot be read or written is a miss, never an
// error: the result is computed as if it were not there.
package memo
