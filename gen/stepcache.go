package main

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// gen grammar and gen standard are the slow gen commands (seconds each;
// RFC 3987's the most), and a grammar edit changes the inputs of one of
// them: their outputs are cached by content, outside the checkout, so
// that go generate ./... after an edit of rfc2396.peg runs gen grammar
// and takes every gen standard from the cache.
//
// A command's outputs are a function of gen's own code (the executable,
// which embeds its templates), its arguments, and the files it reads
// (inputs.go records them: each file's bytes or absence, each glob's
// matches). The cache is keyed by a hash of the executable and the
// arguments (stepKey); under a key it keeps the last few runs
// (stepEntry): what each read, what it wrote, byte for byte, and what it
// printed. A run whose every recorded input is on disk as recorded is
// served from the entry: its outputs are staged as the command would
// have staged them, and the usual commit (stage.go) writes those that
// differ from the disk, so that a fresh checkout, or one whose outputs
// were edited by hand, gets the bytes the command writes. Any other run
// runs the command and records it.
//
// The cache is in the user's cache directory (rfc2396-gen/steps), so a
// fresh clone benefits from another's runs: generate.go runs gen with
// -trimpath, without which the executable holds the path of its checkout
// and no other checkout's runs would match; it holds at most
// stepsPerKey runs per key and stepCacheBytes in all, the least recently
// used dropped first. RFC2396_GEN_CACHE=off runs every command, as CI's
// drift check does (.ci/run): the committed tree is what gen writes, not
// what the cache holds.

// stepCacheEnv names the environment variable that turns the cache off.
const stepCacheEnv = "RFC2396_GEN_CACHE"

// The cache's bounds.
const (
	stepsPerKey    = 4
	stepCacheBytes = 64 << 20
)

// stepCache is the cache in dir.
type stepCache struct {
	dir      string
	perKey   int
	maxBytes int64
}

// stepEntry is one recorded run of a command.
type stepEntry struct {
	Files   map[string]string   // path: SHA-256, absentHash or presentHash
	Globs   map[string][]string // pattern: matches, sorted
	Outputs []stepOutput        // in the order staged
	Notes   []string            // what the command printed
	Env     map[string]string   // variable: "set " + value, or "unset" (gen update)
}

// stepOutput is a file the command wrote (with its SHA-256) or removed.
type stepOutput struct {
	Path   string
	Remove bool
	Hash   string
	Data   []byte
}

// openStepCache returns the cache in the user's cache directory, or nil
// when the environment turns it off or there is no directory to keep it
// in (the command then runs, as without a cache).
func openStepCache() *stepCache {
	switch v := os.Getenv(stepCacheEnv); v {
	case "", "on":
	case "off":
		return nil
	default:
		fmt.Fprintf(os.Stderr, "gen: %s=%q: want off or on; the cache is on\n", stepCacheEnv, v)
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return nil
	}
	dir = filepath.Join(dir, "rfc2396-gen", "steps")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil
	}
	return &stepCache{dir: dir, perKey: stepsPerKey, maxBytes: stepCacheBytes}
}

// executableHash returns the SHA-256 of the running executable.
func executableHash() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		return "", err
	}
	return sha256Hex(data), nil
}

// stepKey is the key of a command: the executable's hash and the
// arguments, each length-prefixed so that no two lists join alike.
func stepKey(exeHash string, args []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "rfc2396-gen step 1\n%d:%s\n", len(exeHash), exeHash)
	for _, a := range args {
		fmt.Fprintf(&b, "%d:%s\n", len(a), a)
	}
	return sha256Hex([]byte(b.String()))
}

// runStep runs the command named by args, whose work is run, through the
// cache c (nil: no cache): served from the cache when a recorded run's
// inputs are on disk as recorded, else run and recorded. It reports
// whether the cache served it. The outputs are staged either way; a
// failure of the cache itself is reported and the command runs.
func runStep(c *stepCache, exeHash string, args []string, run func() error) (hit bool, err error) {
	if c == nil {
		return false, run()
	}
	key := stepKey(exeHash, args)
	if e := c.lookup(key); e != nil {
		for _, o := range e.Outputs {
			if o.Remove {
				err = removeFile(o.Path)
			} else {
				err = writeFile(o.Path, o.Data)
			}
			if err != nil {
				discardStaged()
				return false, err
			}
		}
		for _, n := range e.Notes {
			fmt.Fprint(os.Stderr, n)
		}
		return true, nil
	}
	resetInputs()
	if err := run(); err != nil {
		return false, err
	}
	e := &stepEntry{Files: inputs.files, Globs: inputs.globs, Notes: inputs.notes}
	for _, p := range stagedOrder {
		s := staged[p]
		o := stepOutput{Path: filepath.ToSlash(p), Remove: s.remove}
		if !s.remove {
			o.Hash, o.Data = sha256Hex(s.data), s.data
		}
		e.Outputs = append(e.Outputs, o)
	}
	if err := c.store(key, e); err != nil {
		fmt.Fprintf(os.Stderr, "gen: step cache: %v (the next run runs the command again)\n", err)
	}
	return false, nil
}

// current reports whether every input of e is on disk as recorded, and
// every environment variable it read has its recorded value.
func (e *stepEntry) current() bool {
	for path, want := range e.Files {
		path = filepath.FromSlash(path)
		switch want {
		case absentHash, presentHash:
			_, err := os.Stat(path)
			if errors.Is(err, fs.ErrNotExist) != (want == absentHash) || (err != nil && !errors.Is(err, fs.ErrNotExist)) {
				return false
			}
		default:
			data, err := os.ReadFile(path)
			if err != nil || sha256Hex(data) != want {
				return false
			}
		}
	}
	for name, want := range e.Env {
		got := "unset"
		if v, set := os.LookupEnv(name); set {
			got = "set " + v
		}
		if got != want {
			return false
		}
	}
	for pattern, want := range e.Globs {
		got, err := filepath.Glob(filepath.FromSlash(pattern))
		if err != nil {
			return false
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return false
		}
	}
	return true
}

// intact reports whether every output of e has the bytes of its hash.
func (e *stepEntry) intact() bool {
	for _, o := range e.Outputs {
		if !o.Remove && sha256Hex(o.Data) != o.Hash {
			return false
		}
	}
	return true
}

// lookup returns the most recently used run under key whose inputs are
// current, or nil. An entry that does not decode, or whose outputs do not
// have their hashes, is removed.
func (c *stepCache) lookup(key string) *stepEntry {
	for _, path := range c.entries(key) {
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		var e stepEntry
		err = gob.NewDecoder(f).Decode(&e)
		f.Close()
		if err != nil || !e.intact() {
			os.Remove(path)
			continue
		}
		if e.current() {
			now := time.Now()
			os.Chtimes(path, now, now)
			return &e
		}
	}
	return nil
}

// entries returns the files of the runs under key, the most recently
// used first.
func (c *stepCache) entries(key string) []string {
	paths, _ := filepath.Glob(filepath.Join(c.dir, key, "*.gob"))
	type aged struct {
		path string
		mod  time.Time
	}
	var all []aged
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil {
			all = append(all, aged{p, info.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b aged) int { return b.mod.Compare(a.mod) })
	var out []string
	for _, a := range all {
		out = append(out, a.path)
	}
	return out
}

// store writes e under key, named by a hash of its inputs (a run with the
// same inputs replaces it), then evicts beyond the bounds.
func (c *stepCache) store(key string, e *stepEntry) error {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(e); err != nil {
		return err
	}
	var in strings.Builder
	for _, p := range slices.Sorted(maps.Keys(e.Files)) {
		fmt.Fprintf(&in, "%q %s\n", p, e.Files[p])
	}
	for _, p := range slices.Sorted(maps.Keys(e.Globs)) {
		fmt.Fprintf(&in, "%q %q\n", p, e.Globs[p])
	}
	dir := filepath.Join(c.dir, key)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, sha256Hex([]byte(in.String()))+".gob"))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return c.evict(key)
}

// evict removes the least recently used runs beyond perKey under key,
// then, over the whole cache, beyond maxBytes; and the key directories
// left empty, and the temporary files of writes that did not finish
// within the hour.
func (c *stepCache) evict(key string) error {
	runs := c.entries(key)
	for _, p := range runs[min(c.perKey, len(runs)):] {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	type file struct {
		path string
		size int64
		mod  time.Time
	}
	var files []file
	var total int64
	keys, err := os.ReadDir(c.dir)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if !k.IsDir() {
			continue
		}
		runs, _ := os.ReadDir(filepath.Join(c.dir, k.Name()))
		if len(runs) == 0 {
			os.Remove(filepath.Join(c.dir, k.Name()))
		}
		for _, r := range runs {
			info, err := r.Info()
			if err != nil {
				continue
			}
			if !strings.HasSuffix(r.Name(), ".gob") {
				if time.Since(info.ModTime()) > time.Hour {
					os.Remove(filepath.Join(c.dir, k.Name(), r.Name()))
				}
				continue
			}
			files = append(files, file{filepath.Join(c.dir, k.Name(), r.Name()), info.Size(), info.ModTime()})
			total += info.Size()
		}
	}
	slices.SortFunc(files, func(a, b file) int { return a.mod.Compare(b.mod) })
	for _, f := range files {
		if total <= c.maxBytes {
			break
		}
		if err := os.Remove(f.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		total -= f.size
	}
	return nil
}
