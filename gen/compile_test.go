package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCompileAgreesWithMachine compiles each grammar of
// testdata/compile.txt with compileCompact into a package of a temporary
// module, runs it over every string over "abc./" of up to five bytes, and
// holds where each match ends to gen's PEG machine (pegrun.go), which runs
// a grammar the way pointlander/peg's parsers do. The URI grammars' own
// compiled parsers are held to peg's parsers by TestTokenParsersAgree in
// packages parser and rfc3986; this test reaches the constructs those
// grammars do not have today but an edit can give them.
func TestCompileAgreesWithMachine(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	data, err := os.ReadFile("testdata/compile.txt")
	if err != nil {
		t.Fatal(err)
	}
	var grammars [][]*pegRule
	for _, block := range strings.Split(string(data), "\n\n") {
		var rules []*pegRule
		for _, line := range strings.Split(block, "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			name, body, ok := strings.Cut(line, " <- ")
			if !ok {
				t.Fatalf("not a rule: %q", line)
			}
			e, err := (&exprParser{src: body}).choice()
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			rules = append(rules, &pegRule{name: name, body: simplify(e)})
		}
		if len(rules) > 0 {
			grammars = append(grammars, rules)
		}
	}
	inputs := []string{""}
	for n, last := 0, []string{""}; n < 5; n++ {
		var next []string
		for _, s := range last {
			for _, c := range "abc./" {
				next = append(next, s+string(c))
			}
		}
		inputs, last = append(inputs, next...), next
	}

	dir := t.TempDir()
	write := func(path string, src []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := writeGo(path, src); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module compiletest\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var main strings.Builder
	main.WriteString("package main\n\nimport (\n\t\"bufio\"\n\t\"fmt\"\n\t\"os\"\n")
	for i := range grammars {
		fmt.Fprintf(&main, "\t%q\n", fmt.Sprintf("compiletest/g%d", i))
	}
	main.WriteString(")\n\nfunc main() {\n\tsc := bufio.NewScanner(os.Stdin)\n\tfor sc.Scan() {\n\t\ts := sc.Text()[1:] // after a marker, so that a line can be empty\n")
	for i := range grammars {
		fmt.Fprintf(&main, "\t\tfmt.Print(g%d.Match(s), \" \")\n", i)
	}
	main.WriteString("\t\tfmt.Println()\n\t}\n}\n")
	write(filepath.Join(dir, "main.go"), []byte(main.String()))
	for i, rules := range grammars {
		pkg := fmt.Sprintf("g%d", i)
		order, bodies := []string{}, map[string]*expr{}
		for _, r := range rules {
			order = append(order, r.name)
			bodies[r.name] = r.body
		}
		acc := &accel{}
		src := compileCompact(compactTarget{pkg: pkg, pegPath: "compile.txt", typeName: "P"}, order, bodies, acc)
		var b strings.Builder
		b.Write(src)
		var classes bytes.Buffer
		writeAccel(&classes, acc)
		b.Write(classes.Bytes())
		fmt.Fprintf(&b, "\n// Match runs the start rule over s.\nfunc Match(s string) int {\n\tvar p P\n\treturn p.parse(rule%s, s)\n}\n", rules[0].name)
		write(filepath.Join(dir, pkg, "p.go"), []byte(b.String()))
	}
	// What the compiler writes must pass go vet, which CI runs over the
	// generated parsers: no unreachable code, whatever the grammar.
	vet := exec.Command("go", "vet", "./...")
	vet.Dir = dir
	vet.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
	var in strings.Builder
	for _, s := range inputs {
		in.WriteString("|" + s + "\n")
	}
	lines := runModule(t, dir, in.String(), len(inputs))
	for i, rules := range grammars {
		m, err := newPEGMachine(rules)
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for k, s := range inputs {
			got, err := strconv.Atoi(strings.Fields(lines[k])[i])
			if err != nil {
				t.Fatal(err)
			}
			if want := m.run(rules[0].name, s); got != want && bad < 5 {
				bad++
				t.Errorf("grammar %d (%s <- %s): %q: compiled parser ends at %d, the machine at %d", i, rules[0].name, rules[0].body, s, got, want)
			}
		}
	}
}

// runModule runs the main package of the module in dir with stdin as its
// standard input, and returns the lines it printed, which must be n.
func runModule(t *testing.T, dir, stdin string, n int) []string {
	t.Helper()
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d lines of output for %d inputs", len(lines), n)
	}
	return lines
}
