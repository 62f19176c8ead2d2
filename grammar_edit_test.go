package rfc2396_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The grammar edit of docs/changing-the-grammar.md: allow "_" inside a
// domainlabel, written once in rfc2396.peg, as its ABNF line and its PEG
// body.
const (
	domainlabelLine     = `# domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum`
	domainlabelLineEdit = `# domainlabel = alphanum | alphanum *( alphanum | "-" | "_" ) alphanum`
	domainlabelBody     = `domainlabel <- alphanum ('-'* alphanum)*`
	domainlabelBodyEdit = `domainlabel <- alphanum ([-_]* alphanum)*`
)

// TestGrammarEdit edits the grammar as a grammar editor would, in a copy
// of the repository: a body-only edit must make go generate fail naming
// the rule; the consistent edit must regenerate, and go test ./... must
// pass, with no other step.
func TestGrammarEdit(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	copyTree(t, ".", repo)
	// The tests look for the shared benchmark corpus beside the
	// repository.
	if shared, err := filepath.Abs("../shared"); err == nil {
		if _, err := os.Stat(shared); err == nil {
			if err := os.Symlink(shared, filepath.Join(dir, "shared")); err != nil {
				t.Fatal(err)
			}
		}
	}
	peg := filepath.Join(repo, "rfc2396.peg")

	// A body-only edit: the ABNF line still says "-" only.
	replaceIn(t, peg, domainlabelBody, domainlabelBodyEdit)
	out, err := run(t, repo, "go", "generate", "./...")
	if err == nil {
		t.Fatalf("go generate succeeded after a body-only edit:\n%s", out)
	}
	if want := `rfc2396.peg: rule domainlabel: the PEG body accepts`; !strings.Contains(out, want) {
		t.Errorf("go generate failed without saying %q:\n%s", want, out)
	}

	// The consistent edit: the ABNF line too.
	replaceIn(t, peg, domainlabelLine, domainlabelLineEdit)
	if out, err := run(t, repo, "go", "generate", "./..."); err != nil {
		t.Fatalf("go generate after the consistent edit: %v\n%s", err, out)
	}
	abnf, err := os.ReadFile(filepath.Join(repo, "grammar", "rfc2396.abnf"))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimPrefix(domainlabelLineEdit, "# "); !strings.Contains(string(abnf), want+"\n") {
		t.Errorf("grammar/rfc2396.abnf does not hold %q", want)
	}
	if out, err := run(t, repo, "go", "test", "./..."); err != nil {
		t.Fatalf("go test ./... after the consistent edit: %v\n%s", err, out)
	}
}

// run runs a command in dir with the environment of a default go test run
// (RFC2396_LONG unset, so that this test does not run itself) and returns
// its combined output.
func run(t *testing.T, dir string, name string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "RFC2396_LONG=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("%s %s: %v in %v", name, strings.Join(args, " "), errText(err), time.Since(start).Round(time.Second))
	return string(out), err
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// replaceIn replaces the one occurrence of old in the file at path.
func replaceIn(t *testing.T, path, old, new string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(b), old) != 1 {
		t.Fatalf("%s: want one %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyTree copies the files of the repository at src to dst, leaving out
// .git.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == ".git" { // a directory, or a worktree's file
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, path)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNewProfile adds a profile line to edits/edits.txt in a copy of the
// repository, as docs/changing-the-grammar.md describes: a line that
// names an unknown edit must make gen fail and leave the tree as it was;
// a good line must regenerate with no change to Go code, the CLI must
// list the profile once, the site must have its pages, and the tests of
// the packages that list profiles must pass.
func TestNewProfile(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	repo := filepath.Join(t.TempDir(), "repo")
	copyTree(t, ".", repo)
	list := filepath.Join(repo, "edits", "edits.txt")
	before, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	generated := []string{"grammar/edits_gen.go", "grammar/rfc2396.abnf", "grammar/rules_gen.go"}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(repo, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	old := map[string]string{}
	for _, name := range generated {
		old[name] = read(name)
	}
	dnsData := filepath.Join(repo, "site", "data", "dns")

	// A line that names an edit there is not: nothing is written.
	bad := string(before) + "profile dns: no-such-edit -- a profile with an unknown edit\n"
	if err := os.WriteFile(list, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, repo, "go", "run", "./gen", "grammar")
	if err == nil || !strings.Contains(out, "profile dns names an unknown edit no-such-edit") {
		t.Fatalf("gen grammar with an unknown edit in a profile: %v\n%s", err, out)
	}
	for _, name := range generated {
		if read(name) != old[name] {
			t.Errorf("%s changed although gen grammar failed", name)
		}
	}
	if _, err := os.Stat(dnsData); err == nil {
		t.Errorf("site/data/dns written although gen grammar failed")
	}

	// A good line, whose edits change verdicts the tables of the tests
	// list profiles for ("http://[::1]/", "?y"), so that a table that
	// lists the profiles by hand fails here.
	good := string(before) + "profile dns: digit-hostname ipv6 empty-relative-path -- RFC 2396 with single-label hostnames that may start with a digit, IPv6 literals and queries without a path\n"
	if err := os.WriteFile(list, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := run(t, repo, "go", "generate", "./..."); err != nil {
		t.Fatalf("go generate after a new profile line: %v\n%s", err, out)
	}
	for _, name := range []string{"grammar.json", "examples.json"} {
		if _, err := os.Stat(filepath.Join(dnsData, name)); err != nil {
			t.Errorf("the site has no data for the profile: %v", err)
		}
	}
	out, _ = run(t, repo, "go", "run", "./cmd/rfc2396", "compare", "http://a/b")
	if n := strings.Count(out, "rfc2396 dns "); n != 1 {
		t.Errorf("compare lists the profile dns %d times:\n%s", n, out)
	}
	if n := strings.Count(out, "rfc2396 strict "); n != 1 {
		t.Errorf("compare lists the profile strict %d times:\n%s", n, out)
	}
	out, err = run(t, repo, "go", "run", "./cmd/rfc2396", "parse", "--profile", "dns", "--rule", "hostname", "3com")
	if err != nil || !strings.Contains(out, "valid hostname") {
		t.Errorf("parse --profile dns: %v\n%s", err, out)
	}
	if out, err := run(t, repo, "go", "test", "./parser/", "./cmd/rfc2396/", "./site/", "./conformance/", "."); err != nil {
		t.Fatalf("go test after a new profile line: %v\n%s", err, out)
	}
}
