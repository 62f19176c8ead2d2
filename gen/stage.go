package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
)

// A gen command does not write a file while it runs: writeFile and
// removeFile stage the change, and main commits the staged changes only
// once the command has succeeded. So a command that fails (a language
// check, a grammar that does not compile, a profile line that names an
// unknown edit) leaves the tree as it was, instead of with half of its
// outputs new; and each file is written under a temporary name beside its
// own and renamed into place (internal/safeout.WriteFile), so that an interrupted
// write leaves the old file or the new one, never part of one. Committing
// skips a file whose bytes do not change, and says on standard error which
// files are new, for git add.
//
// The go:generate lines of generate.go run one after another: when a
// later one fails, what the earlier ones committed stays, and is what
// they are meant to write for the edited grammar.

// stagedChange is a file to write (data) or to remove.
type stagedChange struct {
	data   []byte
	remove bool
}

// staging is set by main: a gen command stages its changes. Without it
// (the package's tests) writeFile and removeFile act at once.
var staging bool

// staged holds the changes of the command so far, by path; stagedOrder
// the paths in the order first staged.
var (
	staged      = map[string]stagedChange{}
	stagedOrder []string
)

func stage(path string, c stagedChange) error {
	path = filepath.Clean(path)
	if !staging {
		_, err := apply(path, c)
		return err
	}
	if _, ok := staged[path]; !ok {
		stagedOrder = append(stagedOrder, path)
	}
	staged[path] = c
	return nil
}

// writeFile stages data to be written to path when the command succeeds.
func writeFile(path string, data []byte) error {
	return stage(path, stagedChange{data: bytes.Clone(data)})
}

// removeFile stages the removal of path when the command succeeds.
func removeFile(path string) error {
	return stage(path, stagedChange{remove: true})
}

// apply makes the change c to path, making the directories on the way,
// and reports whether path was new (written) or removed.
func apply(path string, c stagedChange) (newOrRemoved bool, err error) {
	old, err := os.ReadFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	switch {
	case c.remove && exists:
		return true, os.Remove(path)
	case c.remove, exists && bytes.Equal(old, c.data):
		return false, nil
	}
	root, err := safeout.OpenDir(filepath.Dir(path))
	if err != nil {
		return false, fmt.Errorf("%s: %v", filepath.Dir(path), err)
	}
	defer root.Close()
	if err := safeout.WriteFile(root, filepath.Base(path), c.data); err != nil {
		return false, fmt.Errorf("%s: %v", path, err)
	}
	return !exists, nil
}

// commitStaged makes the staged changes and reports the new and the
// removed files on standard error. An error here is an I/O error: the
// files before it are written.
func commitStaged() error {
	var added, removed []string
	for _, path := range stagedOrder {
		c := staged[path]
		changed, err := apply(path, c)
		if err != nil {
			return err
		}
		switch {
		case changed && c.remove:
			removed = append(removed, filepath.ToSlash(path))
		case changed:
			added = append(added, filepath.ToSlash(path))
		}
	}
	discardStaged()
	if len(added) > 0 {
		slices.Sort(added)
		fmt.Fprintf(os.Stderr, "gen: new files, which git does not track yet; commit them with the rest (git add %s)\n", strings.Join(added, " "))
	}
	if len(removed) > 0 {
		slices.Sort(removed)
		fmt.Fprintf(os.Stderr, "gen: removed files; commit their removal with the rest (git add -A, or git rm --cached %s)\n", strings.Join(removed, " "))
	}
	return nil
}

// discardStaged drops the staged changes.
func discardStaged() {
	clear(staged)
	stagedOrder = nil
}
