package param

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// A ReadError is a file that exists but cannot be read (a chart, a
// split run's part): not a fault in its content, but in the file (its
// permissions, a directory, a device).
type ReadError struct {
	File string
	Err  error
}

func (e *ReadError) Error() string {
	var pe *os.PathError
	err := e.Err
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Sprintf("cannot read %s: %v", e.File, err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// notFoundError is a file that does not exist; it matches fs.ErrNotExist.
type notFoundError string

func (f notFoundError) Error() string { return "no file " + string(f) }
func (notFoundError) Unwrap() error   { return fs.ErrNotExist }

// ReadFile reads a file of at most limit bytes, and refuses a larger one
// (or an endless one such as /dev/zero) with why, what a file should be.
// Errors reading an existing file are *ReadError (a file that cannot be
// read, as opposed to a bad one); a missing file's is fs.ErrNotExist's.
func ReadFile(path string, limit int64, why string) ([]byte, error) {
	if path == "-" {
		return nil, fmt.Errorf("-: standard input is not read here; give a file")
	}
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, notFoundError(path)
	}
	if err != nil {
		return nil, &ReadError{File: path, Err: err}
	}
	if !fi.Mode().IsRegular() { // a directory, a FIFO that would block, a device
		return nil, &ReadError{File: path, Err: fmt.Errorf("not a regular file")}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &ReadError{File: path, Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &ReadError{File: path, Err: err}
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes; %s", path, limit, why)
	}
	return data, nil
}

// PartReader reads the files of a split run's parts, each up to limit
// bytes (why says what a part holds): a missing or unreadable one is a
// *ReadError, an error of the file rather than of its content.
func PartReader(limit int64, why string) func(name string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		data, err := ReadFile(name, limit, why)
		if errors.Is(err, fs.ErrNotExist) {
			err = &ReadError{File: name, Err: fmt.Errorf("no such file")}
		}
		return data, err
	}
}
