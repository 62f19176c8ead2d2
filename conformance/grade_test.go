package conformance_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rfc2396/rfc2396/conformance"
)

// smallSuite is a suite of a few cases, enough for a run in every mode.
func smallSuite() *conformance.Suite {
	p := func(s string) *string { return &s }
	p2 := func(n int) *int { return &n }
	return &conformance.Suite{
		Format: conformance.FormatVersion, Standard: conformance.RFC2396, Profile: "strict",
		Validity: []conformance.ValidityCase{
			{ID: "v1", Rule: "URI-reference", Input: "http://a/b", Valid: true},
			{ID: "v2", Rule: "URI-reference", Input: "a b", Valid: false, Offset: p2(1)},
		},
		Components: []conformance.ComponentsCase{{ID: "c1", Input: "http://a/b", Components: conformance.Components{Scheme: p("http"), Path: p("/b")}}},
		Resolve:    []conformance.ResolveCase{{ID: "r1", Base: "http://a/b", Reference: "c", Result: "http://a/c"}},
		Normalize:  []conformance.NormalizeCase{{ID: "n1", Input: "HTTP://a/", Result: "http://a/"}},
	}
}

// TestGradeProcesses runs adapters that misbehave with processes: one
// whose child keeps standard output open after every answer is given (a
// warning, the grade stands), one that never answers (a time-out). Every
// process they start must be gone when RunGrade returns.
func TestGradeProcesses(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("needs sh and Unix process groups")
	}
	t.Parallel() // waiting on time-outs, beside TestGradeBounds
	const answer = `echo '{"valid":true,"result":"http://a/"}'`
	for _, c := range []struct {
		name   string
		script string
		// err is what the error says, "" for a grade; warning what its
		// warnings say.
		err, warning string
	}{
		{"grandchild holds standard output", `sleep 60 & echo $! >> "$PIDS"
while IFS= read -r line; do ` + answer + `; done`, "", "answered all"},
		{"grandchild holds standard output, answered at once", `while IFS= read -r line; do ` + answer + `; done
sleep 60 & echo $! >> "$PIDS"`, "", "answered all"},
		{"answers, then stays", `while IFS= read -r line; do ` + answer + `; done
sleep 60 & echo $! >> "$PIDS"; wait`, "", "answered all"},
		{"never answers", `sleep 60 & echo $! >> "$PIDS"; wait`, "did not finish within 1s: it answered 0 of", ""},
		{"answers half, then hangs", `read -r line; ` + answer + `; sleep 60 & echo $! >> "$PIDS"; wait`, "it answered 1 of", ""},
		{"grandchild with its output elsewhere", `(sleep 60 >/dev/null 2>&1 </dev/null & echo $! >> "$PIDS")
while IFS= read -r line; do ` + answer + `; done`, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The cases wait on time-outs, not the processor: they run
			// side by side, each script told its own file of
			// process ids in its text (an environment variable set by
			// the test would be the whole process's).
			t.Parallel()
			dir := t.TempDir()
			pids := filepath.Join(dir, "pids")
			if strings.ContainsRune(pids, '\'') {
				t.Fatalf("%s: a quote in the path", pids)
			}
			script := filepath.Join(dir, "adapter.sh")
			if err := os.WriteFile(script, []byte("#!/bin/sh\nPIDS='"+pids+"'\n"+c.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			opts := conformance.DefaultGradeOptions([]string{"/bin/sh", script})
			opts.Timeout, opts.Linger = time.Second, 100*time.Millisecond
			g, err := conformance.RunGrade(context.Background(), smallSuite(), opts)
			switch {
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("err = %v, want one saying %q", err, c.err)
			case c.err == "" && err != nil:
				t.Errorf("err = %v, want a grade", err)
			case c.err == "" && c.warning == "" && len(g.Warnings) > 0:
				t.Errorf("warnings %q, want none", g.Warnings)
			case c.warning != "" && (len(g.Warnings) == 0 || !strings.Contains(g.Warnings[0], c.warning)):
				t.Errorf("warnings %q, want one saying %q", g.Warnings, c.warning)
			}
			b, err := os.ReadFile(pids)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range strings.Fields(string(b)) {
				pid, _ := strconv.Atoi(f)
				if pid > 0 && !gone(pid) {
					syscall.Kill(pid, syscall.SIGKILL)
					t.Errorf("process %d, started by the adapter, outlived the grading", pid)
				}
			}
		})
	}
}

// gone reports whether the process pid has ended (a zombie has), waiting
// a while for a signal sent to be delivered.
func gone(pid int) bool {
	for range 100 {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
			if i := strings.LastIndexByte(string(b), ')'); i > 0 && i+2 < len(b) && b[i+2] == 'Z' {
				return true
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// TestGradeOptionsRefused: options that cannot bound a run, and missing
// arguments, are errors before anything runs.
func TestGradeOptionsRefused(t *testing.T) {
	ok := conformance.DefaultGradeOptions([]string{"/bin/true"})
	with := func(f func(o *conformance.GradeOptions)) conformance.GradeOptions {
		o := ok
		f(&o)
		return o
	}
	for _, c := range []struct {
		name  string
		ctx   context.Context
		suite *conformance.Suite
		opts  conformance.GradeOptions
		says  string
	}{
		{"zero timeout", context.Background(), smallSuite(), with(func(o *conformance.GradeOptions) { o.Timeout = 0 }), "timeout must be positive"},
		{"negative timeout", context.Background(), smallSuite(), with(func(o *conformance.GradeOptions) { o.Timeout = -time.Second }), "timeout must be positive"},
		{"negative linger", context.Background(), smallSuite(), with(func(o *conformance.GradeOptions) { o.Linger = -1 }), "linger"},
		{"zero output bound", context.Background(), smallSuite(), with(func(o *conformance.GradeOptions) { o.MaxOutput = 0 }), "output bound"},
		{"zero line bound", context.Background(), smallSuite(), with(func(o *conformance.GradeOptions) { o.MaxLine = 0 }), "line bound"},
		{"no command", context.Background(), smallSuite(), with(func(o *conformance.GradeOptions) { o.Command = nil }), "no command"},
		{"empty command", context.Background(), smallSuite(), with(func(o *conformance.GradeOptions) { o.Command = []string{""} }), "no command"},
		{"zero options", context.Background(), smallSuite(), conformance.GradeOptions{}, "no command"},
		{"nil suite", context.Background(), nil, ok, "no suite"},
		{"nil context", nil, smallSuite(), ok, "nil context"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := conformance.RunGrade(c.ctx, c.suite, c.opts)
			if err == nil || !strings.Contains(err.Error(), c.says) || g != nil {
				t.Errorf("RunGrade = %v, %v; want an error saying %q", g, err, c.says)
			}
		})
	}
}
