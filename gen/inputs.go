package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// A gen command reads the tree through readInput, statInput and
// globInput, never through os directly, and prints what it has to say
// through notef: so that what a command's outputs depend on is known, and
// the step cache (stepcache.go) can tell whether a later run of the same
// command, with the same gen, would read the same bytes. A read that went
// past these functions would be an input the cache does not see, and a
// stale output served as a fresh one: TestInputsAreRecorded fails on a
// gen source file that calls os.ReadFile, os.Open, os.Stat or
// filepath.Glob outside the files allowed to.

// What the record holds for a path that did not exist, and for one whose
// existence alone was asked (statInput).
const (
	absentHash  = "absent"
	presentHash = "present"
)

// inputRecord is what the running command read: each file's SHA-256 when
// first read (absentHash when it did not exist), each glob pattern's
// matches, and the messages it printed, in order.
type inputRecord struct {
	files map[string]string
	globs map[string][]string
	notes []string
}

// inputs is the record of the running command, kept beside the staged
// outputs (stage.go): one command runs per process.
var inputs = inputRecord{files: map[string]string{}, globs: map[string][]string{}}

// resetInputs empties the record.
func resetInputs() {
	clear(inputs.files)
	clear(inputs.globs)
	inputs.notes = nil
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// recordFile notes what path held the first time it was read: hash (the
// SHA-256 of its bytes), absentHash or presentHash. A read of the bytes
// of a path whose existence alone was recorded records its bytes.
func recordFile(path, hash string) {
	path = filepath.ToSlash(filepath.Clean(path))
	if old, ok := inputs.files[path]; ok && old != presentHash {
		return
	}
	inputs.files[path] = hash
}

// readInput is os.ReadFile, recorded.
func readInput(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		recordFile(path, sha256Hex(data))
	case errors.Is(err, fs.ErrNotExist):
		recordFile(path, absentHash)
	}
	return data, err
}

// statInput is os.Stat, recorded: whether something is there (gen asks
// only that of the paths it stats).
func statInput(path string) (fs.FileInfo, error) {
	info, err := os.Stat(path)
	switch {
	case err == nil:
		recordFile(path, presentHash)
	case errors.Is(err, fs.ErrNotExist):
		recordFile(path, absentHash)
	}
	return info, err
}

// globInput is filepath.Glob, recorded: the matches, sorted, are an
// input (a file that appears or goes changes what the command removes).
func globInput(pattern string) ([]string, error) {
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	slices.Sort(matches)
	inputs.globs[filepath.ToSlash(pattern)] = slices.Clone(matches)
	return matches, nil
}

// notef prints a message of the command on standard error, and records
// it: a run served from the step cache prints it again.
func notef(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	inputs.notes = append(inputs.notes, msg)
	fmt.Fprint(os.Stderr, msg)
}
