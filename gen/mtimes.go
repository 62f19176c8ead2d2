package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// go generate rewrites many files with the bytes they already hold: peg
// writes its parser before gen patch makes it what it was, and the
// -update runs of the tests write every golden file they check. Go's
// build cache keys source files by content, but its test cache keys the
// files a test opens by size and modification time, and a file modified
// in the last seconds makes a test uncacheable: so a regeneration that
// changes nothing, or a grammar edit that changes a few files, would make
// go test ./... run again every test that reads an untouched file (all
// of package rfc3986's after an edit of rfc2396.peg).
//
//	go run ./gen mtimes save
//	go run ./gen mtimes restore
//
// are the first and the last go:generate lines: save records the size,
// modification time and SHA-256 of every file under the current directory
// (the repository root; .git and other dot directories left out), and
// restore gives back its modification time to every file whose bytes are
// the same as when saved, then deletes the record. A file whose bytes
// changed keeps its new time. The record is one file per checkout in the
// user's cache directory (see mtimesRecord), so a generation that fails
// between the two lines leaves one stale record, which the next save
// replaces.

// mtimesCommand runs gen mtimes save|restore in the current directory.
func mtimesCommand(args []string) error {
	if len(args) != 1 || (args[0] != "save" && args[0] != "restore") {
		return errors.New("usage: gen mtimes save|restore")
	}
	root, err := os.Getwd()
	if err == nil {
		var record string
		if record, err = mtimesRecord(root); err == nil && args[0] == "save" {
			err = saveMtimes(root, record)
		} else if err == nil {
			err = restoreMtimes(root, record)
		}
	}
	if err != nil {
		// The times are an economy for go test's cache, not an output:
		// say what failed, and let go generate go on.
		fmt.Fprintf(os.Stderr, "gen: mtimes %s: %v (go test ./... may rerun tests whose inputs did not change)\n", args[0], err)
	}
	return nil
}

// mtimesRecord names the record of the checkout at root: a file named by
// a hash of root's absolute path, in the user's cache directory (the
// temporary directory where there is none or it cannot be written).
func mtimesRecord(root string) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "rfc2396-gen")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		dir = filepath.Join(os.TempDir(), "rfc2396-gen")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
	}
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(dir, hex.EncodeToString(sum[:8])+".mtimes"), nil
}

// fileState is what save records of a file.
type fileState struct {
	size  int64
	mtime int64 // nanoseconds since the epoch
	hash  string
}

// walkFiles calls f for every regular file under root, leaving out
// directories whose name starts with a dot (.git).
func walkFiles(root string, f func(rel string, info fs.FileInfo) error) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		return f(filepath.ToSlash(rel), info)
	})
}

func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// saveMtimes writes the record: one line a file, "size mtime hash path".
func saveMtimes(root, record string) error {
	var b strings.Builder
	err := walkFiles(root, func(rel string, info fs.FileInfo) error {
		sum, err := hashFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%d %d %s %s\n", info.Size(), info.ModTime().UnixNano(), sum, rel)
		return nil
	})
	if err != nil {
		return err
	}
	return writeRecord(record, b.String())
}

// writeRecord writes data to path under a temporary name, then renames
// it into place.
func writeRecord(path, data string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(data), 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// readRecord reads a record written by saveMtimes.
func readRecord(record string) (map[string]fileState, error) {
	f, err := os.Open(record)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	states := map[string]fileState{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		fields := strings.SplitN(sc.Text(), " ", 4)
		if len(fields) != 4 {
			return nil, fmt.Errorf("%s:%d: not size, time, hash and path", record, n)
		}
		size, err1 := strconv.ParseInt(fields[0], 10, 64)
		mtime, err2 := strconv.ParseInt(fields[1], 10, 64)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", record, n, err)
		}
		states[fields[3]] = fileState{size: size, mtime: mtime, hash: fields[2]}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", record, err)
	}
	return states, nil
}

// restoreMtimes gives back the saved modification time to every file whose
// bytes are as saved, and removes the record. Without a record (no save
// before) it does nothing.
func restoreMtimes(root, record string) error {
	states, err := readRecord(record)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	err = walkFiles(root, func(rel string, info fs.FileInfo) error {
		old, ok := states[rel]
		if !ok || old.size != info.Size() || old.mtime == info.ModTime().UnixNano() {
			return nil
		}
		path := filepath.Join(root, filepath.FromSlash(rel))
		sum, err := hashFile(path)
		if err != nil || sum != old.hash {
			return err
		}
		t := time.Unix(0, old.mtime)
		return os.Chtimes(path, time.Time{}, t)
	})
	if err != nil {
		return err
	}
	return os.Remove(record)
}
