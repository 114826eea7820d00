package main

import (
	rdr "bjchart/render"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// writeFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so a failure never leaves a half-written file.
// The file keeps the mode of the file it replaces; a new file gets 0666
// less the umask, as any program's output would. Errors name path, never
// the temporary file.
func writeFileAtomic(path string, data []byte) error {
	fail := func(err error) error {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	path, fi, err := outputTarget(path)
	if err != nil {
		return fail(err)
	}
	mode, keep := os.FileMode(0o666), false
	if fi != nil {
		mode, keep = fi.Mode().Perm(), true
	}
	f, tmp, err := createTemp(path, mode)
	if err != nil {
		return fail(err)
	}
	_, werr := f.Write(data)
	if werr == nil && keep {
		werr = f.Chmod(mode) // the umask applied at creation; the old file's mode wins
	}
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return fail(errorsJoin(werr, cerr))
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fail(err)
	}
	return nil
}

// outputTarget returns the file an output path writes: the path itself,
// or through a symbolic link the file it points to (so that the link
// stays a link); and that file's info when it exists. It refuses a
// target that is not a regular file, and a read-only one (no write bit
// set): bjchart does not replace a file its owner protected, even where
// it could (as root).
func outputTarget(path string) (string, os.FileInfo, error) {
	if li, err := os.Lstat(path); err == nil && li.Mode()&os.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) { // a link to a file yet to be written
				if target, err = os.Readlink(path); err == nil && !filepath.IsAbs(target) {
					target = filepath.Join(filepath.Dir(path), target)
				}
			}
			if err != nil {
				return "", nil, fmt.Errorf("a symbolic link that cannot be followed: %v", err)
			}
		}
		path = target
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return path, nil, nil
	case err != nil:
		return "", nil, err
	case !fi.Mode().IsRegular():
		return "", nil, fmt.Errorf("not a regular file")
	case fi.Mode().Perm()&0o222 == 0:
		return "", nil, fmt.Errorf("the file is read-only (mode %v); make it writable or remove it first", fi.Mode().Perm())
	}
	return path, fi, nil
}

// createTemp creates a new file beside path with mode (less the umask).
func createTemp(path string, mode os.FileMode) (*os.File, string, error) {
	// The directory as written, not cleaned: "y/../x.pdf" is in y/.., which
	// exists only if y does, as the final rename will find.
	dir, base := filepath.Split(path)
	if dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return nil, "", fmt.Errorf("directory %s does not exist", dir)
		}
	}
	for range 100 {
		tmp := dir + fmt.Sprintf(".%s.%d.tmp", base, rand.Uint32())
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if !errors.Is(err, fs.ErrExist) {
			return f, tmp, err
		}
	}
	return nil, "", fmt.Errorf("no free temporary name beside it")
}

// checkWritable fails early, before a long solve, when path cannot be
// written: its directory must take a new file.
func checkWritable(path string) error {
	if path == "-" {
		return nil
	}
	target, _, err := outputTarget(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f, tmp, err := createTemp(target, 0o600)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %v", path, err) // an I/O error (exit 1), found before the work
	}
	f.Close()
	return os.Remove(tmp)
}

func errorsJoin(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// renderTo renders into memory, then writes the file atomically, or
// stdout for "-", and says what it wrote on stderr.
func renderTo(e env, path string, render func(*bytes.Buffer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	if path == "-" {
		_, err := e.stdout.Write(buf.Bytes())
		return err
	}
	if err := writeFileAtomic(path, buf.Bytes()); err != nil {
		return err
	}
	_, err := fmt.Fprintf(e.stderr, "wrote %s\n", path)
	return err
}

// writeStdout renders into memory, then writes to stdout, so that a
// failure leaves no partial output.
func writeStdout(e env, format string, render func(*bytes.Buffer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return fmt.Errorf("rendering %s: %w", format, err)
	}
	out := buf.Bytes()
	if format == "text" { // prose to the terminal's width; tables as drawn
		out = []byte(rdr.WrapProse(buf.String(), e.width()))
	}
	_, err := e.stdout.Write(out)
	return err
}

// progress shows a long computation's progress: a bar on a terminal, and
// off one (where the bar is hidden) a one-line estimate of the time left,
// printed once when the run will take over a minute more. The pace is
// taken from the first unit done on (the setup before it, a solve or a
// table, is not part of the pace) over at least estimateAfter and a
// fiftieth of the units, so that the first units' warm-up (caches
// filling, workers starting) does not inflate it. It may be updated from
// any goroutine.
type progress struct {
	bar        *progressbar.ProgressBar
	stderr     io.Writer
	what, unit string
	total      int64
	terminal   bool
	start      time.Time

	mu          sync.Mutex
	done        int64
	told        bool
	firstDone   int64     // units done at the first update with any
	firstUpdate time.Time // when that was
}

// estimateAfter is how long a run goes before its pace is taken.
const estimateAfter = 2 * time.Second

func newProgress(e env, total int64, what, unit string, opts ...progressbar.Option) *progress {
	terminal := e.colorAuto(e.stderr)
	opts = append([]progressbar.Option{
		progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetVisibility(terminal),
		progressbar.OptionSetDescription(what),
		progressbar.OptionClearOnFinish(),
	}, opts...)
	return &progress{bar: progressbar.NewOptions64(total, opts...), stderr: e.stderr, what: what, unit: unit,
		total: total, terminal: terminal, start: time.Now()}
}

// Set records that n units of the total are done.
func (p *progress) Set(n int64) {
	p.mu.Lock()
	p.done = n
	p.estimate()
	p.mu.Unlock()
	p.bar.Set64(n)
}

// SetOf records that done units are done of a total the run finds out
// as it goes (0 until then). Workers may report out of order: the bar
// keeps the most done.
func (p *progress) SetOf(done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if total != p.total {
		p.total = total
		p.bar.ChangeMax64(total)
	}
	if done < p.done {
		return
	}
	p.done = done
	p.estimate()
	p.bar.Set64(done)
}

// Add records one more unit done.
func (p *progress) Add() {
	p.mu.Lock()
	p.done++
	p.estimate()
	p.mu.Unlock()
	p.bar.Add64(1)
}

func (p *progress) Finish() { p.bar.Finish() }

// estimate prints the run's estimated time left once, off a terminal, if
// it is over a minute; p.mu is held.
func (p *progress) estimate() {
	if p.told || p.terminal || p.done == 0 {
		return
	}
	if p.firstUpdate.IsZero() {
		p.firstDone, p.firstUpdate = p.done, time.Now()
		return
	}
	since := time.Since(p.firstUpdate)
	units := p.done - p.firstDone
	if since < estimateAfter || units < max(1, p.total/50) {
		return
	}
	p.told = true
	left := time.Duration(float64(since) * float64(p.total-p.done) / float64(units))
	if left > time.Minute {
		fmt.Fprintf(p.stderr, "bjchart: %s: about %s more (from the pace of %d %s in %s; %d of %d done)\n",
			p.what, left.Round(time.Second), units, p.unit, since.Round(time.Second), p.done, p.total)
	}
}
