package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/report"
)

// TestProfileSuitesGraded (a long check) generates the conformance suite
// of every profile of every standard the kit makes suites for, strict
// included, and grades this command against it through its adapter
// (conformance/adapters/rfc2396.sh, which passes the suite's profile on):
// every case must agree. .ci/run grades the committed suites, which are
// strict; this covers the profiles, whose grammars the edits make.
func TestProfileSuitesGraded(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	// The test binary stands for the program (TestMain), for vectors,
	// grade and the adapter's commands alike.
	dir, self := t.TempDir(), os.Args[0]
	env := append(os.Environ(), "RFC2396_TEST_MAIN=1", "RFC2396="+self)
	adapter, err := filepath.Abs("../../conformance/adapters/rfc2396.sh")
	if err != nil {
		t.Fatal(err)
	}
	graded := 0
	for _, name := range conformanceStandards() {
		s, err := report.LookupStandard(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range s.ProfileList() {
			suite := filepath.Join(dir, name+"-"+p.Name)
			// vectors exits 1 when it left out cases the oracle does not
			// model (RFC 2396's java: docs/conformance.md, "Profiles");
			// the suite is written, and graded, all the same.
			vectors := exec.Command(self, "vectors", "--standard", name, "--profile", p.Name, "--out", suite)
			vectors.Env = env
			out, err := vectors.CombinedOutput()
			if err != nil && !(exitCode(err) == 1 && leftOutOnly(string(out))) {
				t.Errorf("vectors --standard %s --profile %s: %v\n%s", name, p.Name, err, out)
				continue
			}
			if out, err := os.ReadFile(filepath.Join(suite, "suite.json")); err != nil || !strings.Contains(string(out), `"profile": "`+p.Name+`"`) {
				t.Errorf("%s under %s: the suite does not record its profile (%v)", name, p.Name, err)
			}
			grade := exec.Command(self, "grade", "--standard", name, "--profile", p.Name, "--suite", suite, "--show", "3", "--", adapter)
			grade.Env = env
			if out, err := grade.CombinedOutput(); err != nil {
				t.Errorf("grading %s under %s: %v\n%s", name, p.Name, err, out)
			}
			graded++
		}
	}
	if graded < 8 {
		t.Errorf("graded %d suites; the standards have at least 8 profiles", graded)
	}
}

// leftOutOnly reports whether every disagreement vectors printed is one
// it left out of the suite.
func leftOutOnly(out string) bool {
	n := 0
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "disagree") {
			if !strings.Contains(line, "(left out)") {
				return false
			}
			n++
		}
	}
	return n > 0
}
