package param

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// The one rule for everything bjchart writes (-o, --card, --plot, docs
// -o, site -o, the drill's memory), written here once:
//
//  1. A file is written whole or not at all: into a temporary file (or
//     folder) beside it, renamed into place.
//  2. It never writes over a file the same run reads (a chart file given
//     as -o too): WriteFile is told the files the run reads.
//  3. It replaces a folder only when the folder holds nothing but what
//     bjchart wrote there before, as the manifest it keeps there lists;
//     a folder holding anything else (a file the user added) is refused.
//  4. It creates no folder the user did not name: the folder an output
//     goes into must exist (a folder output is created itself, in a
//     parent that exists).
//
// Refusals are *OutputError values; errors of the file system (a full
// disk, a permission) are returned as they come, named by the output's
// path, never by a temporary name the user never gave.

// ManifestName is the file in a folder bjchart wrote that lists the
// files it wrote there, one path a line, relative to the folder.
const ManifestName = ".bjchart-manifest"

// manifestHeader is the manifest's first line.
const manifestHeader = "# written by bjchart: the files below may be replaced by a later run; any other file keeps the folder from being replaced"

// An OutputError is an output bjchart refuses to write: Path, and why.
// It is the user's to change (a usage error), not a failure of the disk.
type OutputError struct {
	Path    string
	Problem string
}

func (e *OutputError) Error() string { return Quote(e.Path, 80) + ": " + e.Problem }

// WriteFile writes data to path whole or not at all, refusing a path
// that is one of reads (the files the same run reads, or the same file
// under another name). Through a symbolic link it writes the file linked
// to, so that the link stays a link; the file keeps the mode of the file
// it replaces, and a new file gets 0666 less the umask.
func WriteFile(path string, data []byte, reads []string) error {
	target, fi, err := outputTarget(path, reads)
	if err != nil {
		return err
	}
	mode, keep := os.FileMode(0o666), false
	if fi != nil {
		mode, keep = fi.Mode().Perm(), true
	}
	f, tmp, err := createTemp(path, target, mode)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if werr == nil && keep {
		werr = f.Chmod(mode) // the umask applied at creation; the old file's mode wins
	}
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return writing(path, errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(tmp)
		return writing(path, err)
	}
	return nil
}

// CheckWritable fails early, before a long run, where WriteFile(path,
// _, reads) would: a refused path, or a folder that takes no new file.
func CheckWritable(path string, reads []string) error {
	target, _, err := outputTarget(path, reads)
	if err != nil {
		return err
	}
	f, tmp, err := createTemp(path, target, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(tmp)
}

// writing is err, said of path (without a temporary path's name).
func writing(path string, err error) error {
	return fmt.Errorf("writing %s: %w", path, PathCause(err))
}

// PathCause is a path error's cause, without the path (which may be a
// temporary one the user never named, or one the message names already).
func PathCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// outputTarget returns the file path writes (through a link, the file
// linked to) and its info where it exists. It refuses a target that is a
// file the run reads, is not a regular file, or is read-only (bjchart
// does not replace a file its owner protected, even where it could).
func outputTarget(path string, reads []string) (string, os.FileInfo, error) {
	target := path
	if li, err := os.Lstat(path); err == nil && li.Mode()&os.ModeSymlink != 0 {
		t, err := filepath.EvalSymlinks(path)
		if errors.Is(err, fs.ErrNotExist) { // a link to a file yet to be written
			if t, err = os.Readlink(path); err == nil && !filepath.IsAbs(t) {
				t = filepath.Join(filepath.Dir(path), t)
			}
		}
		if err != nil {
			return "", nil, &OutputError{path, fmt.Sprintf("a symbolic link that cannot be followed (%v)", PathCause(err))}
		}
		target = t
	}
	fi, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, nil, checkFolderOf(path, target)
	case err != nil:
		return "", nil, writing(path, err)
	case !fi.Mode().IsRegular():
		return "", nil, &OutputError{path, "not a regular file; give a file's path"}
	case fi.Mode().Perm()&0o222 == 0:
		return "", nil, &OutputError{path, fmt.Sprintf("the file is read-only (mode %v); make it writable or remove it first", fi.Mode().Perm())}
	}
	for _, r := range reads {
		if ri, err := os.Stat(r); err == nil && os.SameFile(fi, ri) {
			return "", nil, &OutputError{path, fmt.Sprintf("the same file as %s, which this run reads; write to another file", Quote(r, 80))}
		}
	}
	return target, fi, nil
}

// checkFolderOf refuses an output whose folder does not exist (rule 4).
// The folder is taken as written, not cleaned: "y/../x.pdf" is in y/..,
// which exists only if y does, as the rename into place will find.
func checkFolderOf(path, target string) error {
	dir, _ := filepath.Split(strings.TrimSuffix(target, string(filepath.Separator)))
	if dir == "" {
		dir = "."
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &OutputError{path, fmt.Sprintf("folder %s does not exist; create it first (bjchart makes no folder you did not name)", Quote(dir, 80))}
	case err != nil:
		return writing(path, err)
	case !fi.IsDir():
		return &OutputError{path, fmt.Sprintf("%s is not a folder", Quote(dir, 80))}
	}
	return nil
}

// createTemp creates a new file beside target with mode (less the
// umask); errors name path.
func createTemp(path, target string, mode os.FileMode) (*os.File, string, error) {
	dir, base := filepath.Split(target)
	for range 100 {
		tmp := dir + fmt.Sprintf(".%s.%d.tmp", base, rand.Uint32())
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if !errors.Is(err, fs.ErrExist) {
			if err != nil {
				return nil, "", writing(path, err)
			}
			return f, tmp, nil
		}
	}
	return nil, "", writing(path, errors.New("no free temporary name beside it"))
}

// CheckFolder says whether WriteFolder may write dir: dir is new (in a
// folder that exists), empty, or a folder bjchart wrote that holds only
// the files its manifest lists.
func CheckFolder(dir string) error {
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return &OutputError{dir, "a symbolic link; give the folder itself (what is there is replaced)"}
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return checkFolderOf(dir, dir)
	case err != nil:
		return writing(dir, err)
	case !fi.IsDir():
		return &OutputError{dir, "not a folder; give a new folder, an empty one, or one bjchart wrote"}
	}
	foreign, err := foreignFile(dir)
	if err != nil {
		return writing(dir, err)
	}
	if foreign != "" {
		return &OutputError{dir, fmt.Sprintf("the folder holds %s, which bjchart did not write there (its %s does not list it); give a new or empty folder", Quote(foreign, 80), ManifestName)}
	}
	return nil
}

// foreignFile returns a file (or link, or other entry) of dir that its
// manifest does not list, "" if there is none.
func foreignFile(dir string) (string, error) {
	listed := map[string]bool{}
	if data, err := os.ReadFile(filepath.Join(dir, ManifestName)); err == nil && bytes.HasPrefix(data, []byte(manifestHeader+"\n")) {
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			listed[sc.Text()] = true
		}
	}
	foreign := ""
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == "." || (d.IsDir() && d.Type()&fs.ModeSymlink == 0):
			return nil
		case rel == ManifestName && len(listed) > 0:
			return nil
		case !d.Type().IsRegular() || !listed[rel]:
			foreign = rel
			return fs.SkipAll
		}
		return nil
	})
	return foreign, err
}

// WriteFolder writes files (paths relative to dir, with /) into dir
// whole or not at all, with a manifest listing them: into a new folder
// beside dir, renamed into place. dir must pass CheckFolder.
func WriteFolder(dir string, files map[string][]byte) error {
	tmp, err := NewFolder(dir)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return writing(dir, err)
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return writing(dir, err)
		}
	}
	return ReplaceFolder(tmp, dir)
}

// NewFolder checks dir (CheckFolder) and makes the temporary folder
// beside it that a folder output is written into, readable by others (a
// web server running as another user serves a site); ReplaceFolder puts
// it in dir's place. The caller removes it when done (a no-op once
// replaced).
func NewFolder(dir string) (string, error) {
	if err := CheckFolder(dir); err != nil {
		return "", err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", writing(dir, err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(abs), ".bjchart-"+filepath.Base(abs)+"-*")
	if err != nil {
		return "", writing(dir, err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return "", writing(dir, err)
	}
	return tmp, nil
}

// ReplaceFolder writes the manifest of what tmp holds into it and puts
// tmp in dir's place, after checking dir again (a file the user added
// during the run keeps it, and tmp is left for the caller to remove).
func ReplaceFolder(tmp, dir string) error {
	var names []string
	err := filepath.WalkDir(tmp, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(tmp, p)
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return writing(dir, err)
	}
	sort.Strings(names)
	manifest := manifestHeader + "\n" + strings.Join(names, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(tmp, ManifestName), []byte(manifest), 0o644); err != nil {
		return writing(dir, err)
	}
	if err := CheckFolder(dir); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return writing(dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return writing(dir, err)
	}
	return nil
}
