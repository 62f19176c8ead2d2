package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

// The README keeps the first screen and a map of docs/; these tests keep the
// map and the pages it points to honest.

// readDocs returns README.md and every docs/*.md, by path relative to the
// repository root.
func readDocs(t *testing.T) map[string]string {
	t.Helper()
	paths, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no docs/*.md")
	}
	files := map[string]string{}
	for _, p := range append([]string{"../../README.md"}, paths...) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[strings.TrimPrefix(p, "../../")] = string(data)
	}
	return files
}

// TestReadmeDocsMap checks that the README's "Documentation" section links
// every file of docs/.
func TestReadmeDocsMap(t *testing.T) {
	files := readDocs(t)
	_, section, ok := strings.Cut(files["README.md"], "\n## Documentation\n")
	if !ok {
		t.Fatal(`the README has no "## Documentation" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for name := range files {
		if name != "README.md" && !strings.Contains(section, "]("+name+")") {
			t.Errorf("the README's Documentation section does not link %s", name)
		}
	}
}

// TestReadmeLinks checks that every relative link and image in README.md
// and docs/*.md names a file that exists and, after a '#', a heading of
// that file.
func TestReadmeLinks(t *testing.T) {
	files := readDocs(t)
	link := regexp.MustCompile(`\[[^\]\n]*\]\(([^)\s]+)\)`)
	checked := 0
	for name, text := range files {
		for _, m := range link.FindAllStringSubmatch(stripCode(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			file, frag, _ := strings.Cut(target, "#")
			path := name
			if file != "" {
				path = filepath.ToSlash(filepath.Join(filepath.Dir(name), file))
				if _, err := os.Stat(filepath.Join("../..", path)); err != nil {
					t.Errorf("%s: link %q: %v", name, target, err)
					continue
				}
			}
			if frag == "" {
				continue
			}
			doc, ok := files[path]
			if !ok {
				t.Errorf("%s: link %q: an anchor in a file that is not README.md or docs/*.md", name, target)
				continue
			}
			if !headingAnchors(doc)[frag] {
				t.Errorf("%s: link %q: %s has no heading with that anchor", name, target, path)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d relative links found in README.md and docs/*.md", checked)
	}
}

// TestReadmeDocsExamples runs the commands docs/*.md shows with their output
// and compares what they print: a ```sh block of `go run ./cmd/rfc2396`
// lines followed directly by a plain ``` block of their output, together;
// and a ```console block of `$ rfc2396` lines, each followed by its output.
//
// The commands run in the repository's root, as a reader of a checkout
// runs them, so that an example may name a file such as
// docs/tutorial/links.md.
func TestReadmeDocsExamples(t *testing.T) {
	files := readDocs(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	examples := 0
	for name, text := range files {
		if name == "README.md" { // TestREADME checks its first screen
			continue
		}
		// With -update (go generate), each output block is rewritten with
		// what the commands print now, so that a grammar edit that changes
		// an error message leaves the docs true.
		var rewrite textEdits
		defer func() { rewrite.apply(t, filepath.Join(root, name), text) }()
		blocks := fencedBlocks(text)
		for i, b := range blocks {
			switch b.lang {
			case "sh":
				if i+1 == len(blocks) || !blocks[i+1].adjacent || blocks[i+1].lang != "" {
					continue
				}
				var cmds []string
				for _, line := range strings.Split(strings.TrimSpace(b.body), "\n") {
					rest, ok := strings.CutPrefix(line, "go run ./cmd/rfc2396 ")
					if !ok || strings.Contains(line, " #") {
						cmds = nil
						break
					}
					cmds = append(cmds, rest)
				}
				if cmds == nil {
					continue
				}
				var got strings.Builder
				for _, c := range cmds {
					out, _, _ := runCLI("", shellWords(t, c)...)
					got.WriteString(out)
				}
				examples++
				if *update {
					rewrite.add(blocks[i+1].begin, blocks[i+1].end, got.String())
				} else if diff := cmp.Diff(blocks[i+1].body, got.String()); diff != "" {
					t.Errorf("%s: output of the commands at line %d (-docs +actual):\n%s", name, b.line, diff)
				}
			case "console":
				var cmd string
				var want, body strings.Builder
				check := func() {
					if cmd == "" {
						return
					}
					examples++
					out, _, _ := runCLI("", shellWords(t, cmd)...)
					body.WriteString(out)
					if diff := cmp.Diff(want.String(), out); diff != "" && !*update {
						t.Errorf("%s: output of %q (-docs +actual):\n%s", name, cmd, diff)
					}
				}
				for _, line := range strings.SplitAfter(b.body, "\n") {
					if rest, ok := strings.CutPrefix(line, "$ rfc2396 "); ok {
						check()
						cmd = strings.TrimSuffix(rest, "\n")
						want.Reset()
						body.WriteString(line)
						continue
					}
					if cmd == "" {
						body.WriteString(line)
					}
					want.WriteString(line)
				}
				check()
				if *update {
					rewrite.add(b.begin, b.end, body.String())
				}
			}
		}
	}
	if examples < 3 {
		t.Errorf("only %d command examples with output found in docs/*.md", examples)
	}
}

type fencedBlock struct {
	lang, body string
	line       int  // line of the opening fence, 1-based
	adjacent   bool // only blank lines since the previous block
	begin, end int  // the body's byte offsets in the text
}

// fencedBlocks returns the ``` blocks of a Markdown text.
func fencedBlocks(text string) []fencedBlock {
	var blocks []fencedBlock
	var cur *fencedBlock
	var body strings.Builder
	adjacent := false
	pos := 0 // offset of line in text
	for i, line := range strings.Split(text, "\n") {
		next := pos + len(line) + 1
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &fencedBlock{lang: strings.TrimPrefix(line, "```"), line: i + 1, adjacent: adjacent, begin: next}
			body.Reset()
		case cur != nil && line == "```":
			cur.body = body.String()
			cur.end = pos
			blocks = append(blocks, *cur)
			cur = nil
			adjacent = true
		case cur != nil:
			body.WriteString(line + "\n")
		case strings.TrimSpace(line) != "":
			adjacent = false
		}
		pos = next
	}
	return blocks
}

// stripCode blanks fenced blocks and code spans, where brackets are data.
func stripCode(text string) string {
	var b strings.Builder
	inFence := false
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
			b.WriteString("\n")
			continue
		}
		if !inFence {
			b.WriteString(line)
		}
	}
	text = b.String()
	b.Reset()
	// A code span opens with a run of n backticks and closes with the next
	// run of exactly n (CommonMark).
	for i := 0; i < len(text); {
		if text[i] != '`' {
			b.WriteByte(text[i])
			i++
			continue
		}
		n := 0
		for i+n < len(text) && text[i+n] == '`' {
			n++
		}
		end := -1
		for j := i + n; j < len(text); {
			if text[j] != '`' {
				j++
				continue
			}
			m := 0
			for j+m < len(text) && text[j+m] == '`' {
				m++
			}
			if m == n {
				end = j + m
				break
			}
			j += m
		}
		if end < 0 {
			b.WriteString(text[i : i+n])
			i += n
			continue
		}
		b.WriteString(" ")
		i = end
	}
	return b.String()
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: lower case, only letters, digits, '-' and '_' kept,
// spaces made '-'.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
		}
		if inFence || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var a strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				a.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				a.WriteRune(r)
			}
		}
		anchors[a.String()] = true
	}
	return anchors
}

// textEdit replaces text[begin:end] with text, for -update.
type textEdit struct {
	begin, end int
	text       string
}

// textEdits are replacements of byte ranges of one text.
type textEdits []textEdit

func (e *textEdits) add(begin, end int, text string) { *e = append(*e, textEdit{begin, end, text}) }

// apply writes text, with the replacements made, to path, if there are
// any and they change it.
func (e textEdits) apply(t *testing.T, path, text string) {
	t.Helper()
	slices.SortFunc(e, func(a, b textEdit) int { return b.begin - a.begin })
	out := text
	for _, r := range e {
		out = out[:r.begin] + r.text + out[r.end:]
	}
	if out == text {
		return
	}
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPackageDocUsage holds the usage lines of the package comment (what
// go doc shows) to those of the commands, which take their --standard
// choices from the tools' registry: a command or a standard added is
// added there too.
func TestPackageDocUsage(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for line := range strings.Lines(string(src)) {
		if rest, ok := strings.CutPrefix(line, "//\trfc2396 "); ok {
			doc = append(doc, strings.TrimSuffix(rest, "\n"))
		}
	}
	var want []string
	for _, c := range commands() {
		want = append(want, c.usage)
	}
	want = append(want, "help [COMMAND]", "--version (or -v, or version)")
	if diff := cmp.Diff(want, doc); diff != "" {
		t.Errorf("main.go's usage lines differ from the commands' (-commands +main.go):\n%s", diff)
	}
}
