// This file writes files into one directory without following a
// symbolic link and without writing anything outside it: the directory is
// opened as an [os.Root], every directory on the way to a file and the
// file it replaces are checked with Lstat, and a file is written under a
// temporary name beside its own and renamed into place, so that a failed
// write leaves the old file (or none), never half of the new one.
//
// Packages site (the static copy) and conformance (a suite directory)
// write through it.

package safeout

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"strconv"
	"strings"
)

// OpenDir creates dir if it does not exist, checks that it is a directory and
// not a symbolic link to one, and opens it as an [os.Root]: nothing written
// through the root can land outside dir. Its errors concern dir itself; the
// caller names it.
func OpenDir(dir string) (*os.Root, error) {
	if dir == "" {
		return nil, errors.New("the directory name is empty")
	}
	info, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		if info, err = os.Lstat(dir); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		return nil, errors.New("is a symbolic link; give the directory it points to, or another name")
	}
	if !info.IsDir() {
		return nil, errors.New("is not a directory")
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	// The directory opened is the one checked, not one swapped in since.
	if opened, err := root.Stat("."); err != nil || !os.SameFile(info, opened) {
		root.Close()
		return nil, errors.New("changed while it was being opened")
	}
	return root, nil
}

// FirstEntry returns the name of one entry of the root's directory, or ""
// when it is empty.
func FirstEntry(root *os.Root) (string, error) {
	f, err := root.Open(".")
	if err != nil {
		return "", err
	}
	names, err := f.Readdirnames(1)
	f.Close()
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	if len(names) == 0 {
		return "", nil
	}
	return names[0], nil
}

// WriteFile writes b to the file name (slash-separated, relative) in root,
// making the directories on the way. Nothing on the way may be a symbolic
// link, and name must be a regular file if it exists; it is replaced
// whole. The bytes go to a new file beside name first, renamed to name
// once written and closed; on any error that file is removed.
func WriteFile(root *os.Root, name string, b []byte) error {
	if err := walk(root, name, true); err != nil {
		return err
	}
	tmp, f, err := createTemp(root, name)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// Checked again: a link put at name meanwhile is not replaced
		// silently (rename would replace the link, not follow it, but
		// the caller asked not to touch links).
		err = checkTarget(root, name)
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp)
		return err
	}
	return nil
}

// CheckPath reports the error [WriteFile] would give for name without
// writing anything: a symbolic link or a file on the way, a link or
// something other than a regular file at name. Directories still to be
// made are no error.
func CheckPath(root *os.Root, name string) error {
	return walk(root, name, false)
}

// walk checks the directories on the way to name in root, making those
// that are missing when mkdir is set (when it is not, a missing one ends
// the walk with no error), and then name itself with checkTarget.
func walk(root *os.Root, name string, mkdir bool) error {
	if root == nil {
		return errors.New("no directory to write into")
	}
	if !fs.ValidPath(name) || name == "." {
		return errors.New("not a relative path of named files")
	}
	parts := strings.Split(name, "/")
	for i := 1; i < len(parts); i++ {
		sub := strings.Join(parts[:i], "/")
		info, err := root.Lstat(sub)
		switch {
		case errors.Is(err, fs.ErrNotExist) && !mkdir:
			return nil
		case errors.Is(err, fs.ErrNotExist):
			if err := root.Mkdir(sub, 0o755); err != nil {
				return err
			}
		case err != nil:
			return err
		case info.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s is a symbolic link, which is not followed", sub)
		case !info.IsDir():
			return fmt.Errorf("%s is not a directory", sub)
		}
	}
	return checkTarget(root, name)
}

// checkTarget reports an error unless name is missing or a regular file.
func checkTarget(root *os.Root, name string) error {
	info, err := root.Lstat(name)
	switch {
	case err == nil && info.Mode()&fs.ModeSymlink != 0:
		return errors.New("is a symbolic link, which is not followed")
	case err == nil && !info.Mode().IsRegular():
		return errors.New("exists and is not a regular file")
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return nil
}

// createTemp creates a new file beside name, named after it, with O_EXCL
// so that nothing already there (a link among them) is opened.
func createTemp(root *os.Root, name string) (string, *os.File, error) {
	dir, base := path.Split(name)
	var err error
	for range 100 {
		tmp := dir + "." + base + ".tmp" + strconv.FormatUint(rand.Uint64()%1e9, 10)
		var f *os.File
		f, err = root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return tmp, f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", nil, err
		}
	}
	return "", nil, err
}
