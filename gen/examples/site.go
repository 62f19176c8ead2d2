package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/conformance"
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

const (
	dataDir    = "site/data"
	seedsFile  = "gen/examples/seeds.txt"
	suiteSeed  = 2396 // the conformance suite's seed, for the fallback
	maxValid   = 6    // examples in the language, at most, per rule
	minValid   = 3    // and at least, where there are that many
	maxInvalid = 4
	maxLength  = 48 // longer strings do not read well as examples
)

// resolutionExamples are the RFCs' own examples, read for their bases and
// references: "file" and the tab-separated fields holding one.
var resolutionExamples = []struct {
	file   string
	fields []int
	quoted bool
}{
	{"testdata/resolve/appendix-c.txt", []int{0, 1}, true},
	{"conformance/rfcexamples/rfc3986-5.4.txt", []int{0}, false},
}

// mistakes are what a near miss puts in the middle of a valid example:
// characters people type into references by mistake, most common first.
var mistakes = []string{" ", "<", "%", "\"", "{", "|", "^", "`", "\\", "[", "#", "?", "/", ":", "@", "é"}

// file is examples.json.
type file struct {
	Generated string         `json:"generated"`
	Generator string         `json:"generator"`
	Rules     []ruleExamples `json:"rules"`
}

type ruleExamples struct {
	Rule    string    `json:"rule"`
	Valid   []example `json:"valid"`
	Invalid []string  `json:"invalid"`
}

// example is a string of a rule's language and, where it was chosen for
// one, the alternative of the rule it takes.
type example struct {
	Text  string `json:"text"`
	Shows string `json:"shows,omitempty"`
}

// writeSite writes site/data/NAME/examples.json for every grammar the
// site has pages for (see the package doc).
func writeSite() error {
	files, err := generate()
	if err != nil {
		return err
	}
	// Written only once every file is made, each under a temporary name
	// renamed into place: a failure leaves the old files.
	root, err := safeout.OpenDir(".")
	if err != nil {
		return err
	}
	defer root.Close()
	for _, f := range files {
		if err := safeout.WriteFile(root, filepath.ToSlash(f.name), f.data); err != nil {
			return fmt.Errorf("%s: %v", f.name, err)
		}
	}
	return nil
}

// output is a file to write: its name from the repository root, and its
// contents.
type output struct {
	name string
	data []byte
}

// generate makes examples.json for every grammar under site/data.
func generate() ([]output, error) {
	seeds, err := readSeeds()
	if err != nil {
		return nil, err
	}
	dirs, err := os.ReadDir(dataDir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, d := range dirs {
		if d.IsDir() {
			names = append(names, d.Name())
		}
	}
	// The grammars are independent of one another: each is chosen on a
	// goroutine of its own (a few, one per grammar), which halves the
	// step's wall time on two cores; the outputs, messages and the error
	// reported are those of the first grammar in directory order, as in
	// one loop.
	type result struct {
		out       output
		fallbacks int
		err       error
	}
	results := make([]result, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			out, fallbacks, err := examplesOf(name, seeds)
			results[i] = result{out, fallbacks, err}
		})
	}
	wg.Wait()
	var out []output
	for i, r := range results {
		if r.err != nil {
			return nil, r.err
		}
		if r.fallbacks > 0 {
			fmt.Fprintf(os.Stderr, "examples: %s: %d alternatives have no realistic string; their examples are the conformance suite's derivations\n", names[i], r.fallbacks)
		}
		out = append(out, r.out)
	}
	return out, nil
}

// examplesOf chooses the examples of the grammar of site/data/NAME and
// returns its examples.json and how many alternatives fell back to the
// conformance suite's derivations.
func examplesOf(name string, seeds []seed) (output, int, error) {
	t, err := newTarget(name)
	if err != nil {
		return output{}, 0, err
	}
	f, fallbacks, err := t.examples(seeds)
	if err != nil {
		return output{}, 0, fmt.Errorf("%s: %w", t.name, err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(f); err != nil {
		return output{}, 0, err
	}
	return output{filepath.Join(dataDir, t.name, "examples.json"), b.Bytes()}, fallbacks, nil
}

// readSeeds reads seeds.txt and the RFCs' resolution examples, in that
// order, without repeats; seeds.txt's strings are the curated ones.
func readSeeds() ([]seed, error) {
	var out []seed
	seen := map[string]bool{}
	add := func(s string, curated, part bool, only string) {
		if !seen[only+"\x00"+s] {
			seen[only+"\x00"+s] = true
			out = append(out, seed{s, curated, part, only})
		}
	}
	lines, err := readLines(seedsFile)
	if err != nil {
		return nil, err
	}
	for i, line := range lines {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		only := ""
		if name, rest, ok := strings.Cut(line, " "); ok && !strings.HasPrefix(name, "\"") && name != "part" {
			only, line = name, rest
		}
		quoted, part := strings.CutPrefix(line, "part ")
		s, err := strconv.Unquote(quoted)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: want a Go-quoted string, after \"part \" for a part and a grammar's name for a string of that grammar only", seedsFile, i+1)
		}
		add(s, true, part, only)
	}
	for _, rx := range resolutionExamples {
		lines, err := readLines(rx.file)
		if err != nil {
			return nil, err
		}
		for i, line := range lines {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fields := strings.Split(line, "\t")
			for _, k := range rx.fields {
				if k >= len(fields) {
					return nil, fmt.Errorf("%s:%d: want at least %d fields", rx.file, i+1, k+1)
				}
				s := fields[k]
				if rx.quoted {
					if s, err = strconv.Unquote(s); err != nil {
						return nil, fmt.Errorf("%s:%d: field %d is not Go-quoted", rx.file, i+1, k+1)
					}
				}
				add(s, false, false, "")
			}
		}
	}
	return out, nil
}

func readLines(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}

// seed is a string of seeds.txt (curated) or of the RFCs' examples; a
// part is not parsed as a reference. only names the grammar the seed is
// for ("rfc6570": a template), "" for every grammar.
type seed struct {
	text          string
	curated, part bool
	only          string
}

// target is one grammar of the site, with the parser and the oracle that
// implement it.
type target struct {
	name     string // the directory under site/data
	standard conformance.Standard
	profile  string // "" for the grammar exactly
	rules    []string
	// match checks s against a rule with the project's parser, oracle
	// with the oracle; spans returns every node of the parse tree of s as
	// a URI-reference (nil if it is none).
	match  func(rule, s string) error
	oracle func(rule, s string) bool
	spans  func(s string) []span
}

// span is the text a rule took in a parse tree.
type span struct{ rule, text string }

func newTarget(name string) (*target, error) {
	raw, err := os.ReadFile(filepath.Join(dataDir, name, "grammar.json"))
	if err != nil {
		return nil, err
	}
	var g struct {
		Rules []struct {
			Name string `json:"name"`
		} `json:"rules"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, fmt.Errorf("%s/grammar.json: %v", name, err)
	}
	t := &target{name: name}
	if st, err := report.LookupStandard(name); err == nil && !st.ParserProfiles() {
		return familyTarget(t, st, g.Rules)
	}
	for _, r := range g.Rules {
		t.rules = append(t.rules, r.Name)
	}
	t.standard = conformance.RFC2396
	profile := name
	if name == "rfc2396" {
		profile = "strict"
	} else {
		t.profile = name
	}
	p, ok := parser.LookupProfile(profile)
	if !ok {
		return nil, fmt.Errorf("site/data/%s: no standard of the tools' registry (report's Standards) and no RFC 2396 profile of that name: a grammar's pages need it in the registry, or \"no_site\": true in its manifest (docs/adding-a-grammar.md)", name)
	}
	o := oracle.NewFor(p.Edits())
	t.match = func(rule, s string) error {
		r, ok := grammar.Lookup(rule)
		if !ok {
			return fmt.Errorf("rfc2396 has no rule %s", rule)
		}
		return p.Match(r, s)
	}
	t.oracle = func(rule, s string) bool {
		r, _ := grammar.Lookup(rule)
		return o.Match(r, s)
	}
	t.spans = func(s string) []span {
		root, err := p.ParseTree(grammar.RuleURIReference, s)
		if err != nil {
			return nil
		}
		return treeSpans(s, root, func(n *parser.Node) (string, int, int, []*parser.Node) {
			return n.Rule.String(), n.Begin, n.End, n.Children
		})
	}
	return t, nil
}

// familyTarget is the target of a grammar of the RFC 3986 family (RFC
// 3986, RFC 3987), from its grammar value: its matches, its parse trees
// (through a report reader), and the oracle of its ABNF lines. Its rules
// are those of grammar.json the grammar value has (the core rules of RFC
// 5234 are not matched alone).
func familyTarget(t *target, st report.Standard, rules []struct {
	Name string `json:"name"`
}) (*target, error) {
	t.standard = conformance.Standard(st.Name)
	own := map[string]bool{}
	for _, r := range st.Rules() {
		own[r.Name] = true
	}
	for _, r := range rules {
		if own[r.Name] {
			t.rules = append(t.rules, r.Name)
		}
	}
	o, err := oracle.NewABNF(st.ABNF())
	if err != nil {
		return nil, fmt.Errorf("%s: its ABNF: %v", st.Name, err)
	}
	t.match = st.Match
	t.oracle = o.Match
	var mu sync.Mutex // a reader keeps its last reading
	rd := st.NewReader(nil)
	start, err := rd.LookupRule(rd.StartRule())
	if err != nil {
		return nil, err
	}
	t.spans = func(s string) []span {
		mu.Lock()
		root, err := rd.Tree(start, s)
		mu.Unlock()
		if err != nil {
			return nil
		}
		return treeSpans(s, root, func(n *report.TreeNode) (string, int, int, []*report.TreeNode) {
			return n.Rule, n.Begin, n.End, n.Children
		})
	}
	return t, nil
}

// treeSpans lists the spans of the parse tree of s under root, in
// pre-order; node says what a node of either package's tree holds.
func treeSpans[N any](s string, root N, node func(N) (rule string, begin, end int, children []N)) []span {
	var out []span
	var walk func(n N)
	walk = func(n N) {
		rule, begin, end, children := node(n)
		out = append(out, span{rule, s[begin:end]})
		for _, c := range children {
			walk(c)
		}
	}
	walk(root)
	return out
}

// check makes sure the parser agrees with the oracle that s is (or is not)
// in the language of rule, and returns whether it is.
func (t *target) check(rule, s string) (bool, error) {
	err := t.match(rule, s)
	byParser := err == nil
	var prose interface{ ProseRefusal() string }
	if byOracle := t.oracle(rule, s); byOracle && !byParser && errors.As(err, &prose) && prose.ProseRefusal() != "" {
		return false, nil // derived by the ABNF, refused by the prose
	} else if byOracle != byParser {
		return false, fmt.Errorf("rule %s: the parser says %q is %s its language, the oracle says otherwise", rule, s, inOut(byParser))
	}
	return byParser, nil
}

func inOut(in bool) string {
	if in {
		return "in"
	}
	return "not in"
}

// examples chooses the examples of every rule of t; fallbacks counts the
// alternatives that took a string of the conformance suite's generator.
func (t *target) examples(seeds []seed) (*file, int, error) {
	cov, err := conformance.NewCoverage(t.standard, t.profile)
	if err != nil {
		return nil, 0, err
	}
	suite, _, err := conformance.Generate(conformance.Options{Standard: t.standard, Profile: t.profile, Seed: suiteSeed})
	if err != nil {
		return nil, 0, err
	}
	pool := t.pool(seeds)
	f := &file{
		Generated: "by go run ./gen/examples. DO NOT EDIT.",
		Generator: fmt.Sprintf("gen/examples: for each alternative of the rule, the first realistic string that takes it (gen/examples/seeds.txt, the RFCs' resolution examples and the spans of their parse trees; curated strings first, then the shortest), else the shortest derivation of the conformance suite's generator (seed %d) that does; near misses of them for the strings not in the language; every string checked with the parser and the oracle", suiteSeed),
	}
	fallbacks := 0
	for _, rule := range t.rules {
		var derived []string
		for _, c := range suite.Validity {
			if c.Valid && c.Rule == rule {
				derived = append(derived, c.Input)
			}
		}
		slices.SortStableFunc(derived, func(a, b string) int { return len(a) - len(b) })
		re, n, err := t.rule(cov, rule, pool, derived)
		if err != nil {
			return nil, 0, err
		}
		fallbacks += n
		f.Rules = append(f.Rules, re)
	}
	return f, fallbacks, nil
}

// candidate is a string examples may be chosen from: whether it is a
// curated seed, and the rules it was the text of in the parse tree of a
// curated seed (spans) or of another seed (rfcSpans).
type candidate struct {
	text            string
	curated         bool
	spans, rfcSpans map[string]bool
}

// tier says how well c reads as an example of rule, best first: a string
// that rule took in a curated reference, one it took in the RFCs'
// examples, a curated string, any other.
func (c *candidate) tier(rule string) int {
	switch {
	case c.spans[rule]:
		return 0
	case c.rfcSpans[rule]:
		return 1
	case c.curated:
		return 2
	}
	return 3
}

// pool is every candidate string: the seeds and the spans of their parse
// trees under t, without repeats, in a fixed order.
func (t *target) pool(seeds []seed) []*candidate {
	seen := map[string]*candidate{}
	var out []*candidate
	get := func(s string) *candidate {
		c := seen[s]
		if c == nil {
			c = &candidate{text: s, spans: map[string]bool{}, rfcSpans: map[string]bool{}}
			seen[s] = c
			out = append(out, c)
		}
		return c
	}
	for _, sd := range seeds {
		if sd.only != "" && sd.only != t.name {
			continue
		}
		if len(sd.text) <= maxLength && readable(sd.text) {
			get(sd.text).curated = get(sd.text).curated || sd.curated
		}
		if sd.part {
			continue
		}
		for _, sp := range t.spans(sd.text) {
			if len(sp.text) > maxLength || !readable(sp.text) {
				continue
			}
			if sd.curated {
				get(sp.text).spans[sp.rule] = true
			} else {
				get(sp.text).rfcSpans[sp.rule] = true
			}
		}
	}
	return out
}

// order sorts the candidates of rule from the one that reads best: by
// tier, then by how far the length is from the median length of the best
// tier (so that a reference is neither "/" nor the longest), shorter
// first.
func order(rule string, in []*candidate) {
	best := 4
	for _, c := range in {
		best = min(best, c.tier(rule))
	}
	var lengths []int
	for _, c := range in {
		if c.tier(rule) == best && c.text != "" {
			lengths = append(lengths, len(c.text))
		}
	}
	slices.Sort(lengths)
	median := 0
	if len(lengths) > 0 {
		median = lengths[(len(lengths)-1)/2]
	}
	dist := func(c *candidate) int {
		d := len(c.text) - median
		if d < 0 {
			return -d
		}
		return d
	}
	slices.SortStableFunc(in, func(a, b *candidate) int {
		if ta, tb := a.tier(rule), b.tier(rule); ta != tb {
			return ta - tb
		}
		if da, db := dist(a), dist(b); da != db {
			return da - db
		}
		if len(a.text) != len(b.text) {
			return len(a.text) - len(b.text)
		}
		return strings.Compare(a.text, b.text)
	})
}

// readable reports whether s reads as it is on a page: valid UTF-8 with
// only printable characters (no control, format or private-use
// character: a right-to-left mark would reorder the page around it).
func readable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// alternative is an alternative of a rule, as package conformance names
// it.
type alternative struct{ id, what string }

// rule chooses the examples of one rule.
func (t *target) rule(cov *conformance.Coverage, rule string, pool []*candidate, derived []string) (ruleExamples, int, error) {
	re := ruleExamples{Rule: rule, Valid: []example{}, Invalid: []string{}}
	var alts, reps []alternative
	// counts is cov.Counts() as it stands: only a string that matches
	// changes it, so takes reads the counts once a string, not twice
	// (Counts was a third of the step's time).
	counts := cov.Counts()
	for _, ic := range counts {
		if ic.Rule != rule {
			continue
		}
		item := alternative{ic.ID, strings.TrimPrefix(ic.What, rule+": ")}
		switch ic.Kind {
		case conformance.AlternativeItem.Code():
			alts = append(alts, item)
		case conformance.RepetitionItem.Code():
			reps = append(reps, item)
		}
	}
	if len(alts) > maxValid {
		alts = spread(alts, maxValid)
	}
	// takes returns the alternatives of the rule that s's derivation takes.
	takes := func(s string) map[string]bool {
		before := counts
		if !cov.Add(rule, s) {
			return nil
		}
		counts = cov.Counts()
		out := map[string]bool{}
		for i, ic := range counts {
			if ic.Rule == rule && ic.Count > before[i].Count {
				out[ic.ID] = true
			}
		}
		return out
	}
	var in []*candidate
	for _, c := range pool {
		ok, err := t.check(rule, c.text)
		if err != nil {
			return re, 0, err
		}
		if ok {
			in = append(in, c)
		}
	}
	order(rule, in)
	chosen := map[string]bool{}
	choose := func(s, shows string) {
		chosen[s] = true
		re.Valid = append(re.Valid, example{s, shows})
	}
	fallbacks := 0
	taken := map[string]map[string]bool{}
	takenBy := func(s string) map[string]bool {
		if m, ok := taken[s]; ok {
			return m
		}
		taken[s] = takes(s)
		return taken[s]
	}
	for _, alt := range alts {
		found := false
		for _, c := range in {
			if !chosen[c.text] && takenBy(c.text)[alt.id] {
				choose(c.text, alt.what)
				found = true
				break
			}
		}
		if found {
			continue
		}
		for _, s := range derived {
			if !chosen[s] && len(s) <= maxLength && readable(s) && takenBy(s)[alt.id] {
				if _, err := t.check(rule, s); err != nil {
					return re, 0, err
				}
				choose(s, alt.what)
				fallbacks++
				if os.Getenv("EXAMPLES_VERBOSE") != "" {
					fmt.Fprintf(os.Stderr, "examples: %s: %s: %s: %q\n", t.name, rule, alt.what, s)
				}
				break
			}
		}
	}
	// Then a realistic string for each repetition boundary of the rule
	// that no example takes yet ("localhost": a hostname with no
	// domainlabel), while there is room.
	covered := map[string]bool{}
	for _, ex := range re.Valid {
		for id := range takenBy(ex.Text) {
			covered[id] = true
		}
	}
	for _, rep := range reps {
		if covered[rep.id] || len(re.Valid) >= maxValid {
			continue
		}
		for _, c := range in {
			if !chosen[c.text] && c.text != "" && takenBy(c.text)[rep.id] {
				choose(c.text, rep.what)
				for id := range takenBy(c.text) {
					covered[id] = true
				}
				break
			}
		}
	}
	for _, c := range in {
		if len(re.Valid) >= minValid {
			break
		}
		if !chosen[c.text] && c.text != "" {
			choose(c.text, "")
		}
	}
	// A rule no realistic string is in, and with no alternative for the
	// fallback above to take (an edit's IPv4address of two parts, which
	// the seeds' addresses of four are not), shows the suite's shortest
	// readable derivation.
	for _, s := range derived {
		if len(re.Valid) > 0 {
			break
		}
		if s != "" && len(s) <= maxLength && readable(s) {
			ok, err := t.check(rule, s)
			if err != nil {
				return re, 0, err
			}
			if ok {
				choose(s, "")
				fallbacks++
			}
		}
	}
	if ok, err := t.check(rule, ""); err != nil {
		return re, 0, err
	} else if ok && !chosen[""] && len(re.Valid) < maxValid {
		choose("", "")
	}
	invalid, err := t.invalid(rule, re.Valid, pool)
	if err != nil {
		return re, 0, err
	}
	re.Invalid = invalid
	return re, fallbacks, nil
}

// invalid makes the strings not in rule's language: for a rule of single
// characters, printable characters it does not have; otherwise, a
// mistake put in the middle of each valid example, and where that makes
// fewer than two, the empty string and the first strings of the pool
// that are not in the language.
func (t *target) invalid(rule string, valid []example, pool []*candidate) ([]string, error) {
	var out []string
	single := len(valid) > 0
	for _, v := range valid {
		if utf8.RuneCountInString(v.Text) != 1 {
			single = false
		}
	}
	if single {
		var others []string
		for c := byte(0x20); c < 0x7f; c++ {
			ok, err := t.check(rule, string(rune(c)))
			if err != nil {
				return nil, err
			}
			if !ok {
				others = append(others, string(rune(c)))
			}
		}
		return spread(others, maxInvalid), nil
	}
	k := 0
	for _, v := range valid {
		if len(out) == maxInvalid {
			break
		}
		if v.Text == "" {
			continue
		}
		mid := len(v.Text) / 2
		for mid < len(v.Text) && !utf8.RuneStart(v.Text[mid]) {
			mid++
		}
		for try := range mistakes {
			s := v.Text[:mid] + mistakes[(k+try)%len(mistakes)] + v.Text[mid:]
			if len(s) > maxLength || slices.Contains(out, s) {
				continue
			}
			ok, err := t.check(rule, s)
			if err != nil {
				return nil, err
			}
			if !ok {
				out = append(out, s)
				k += try + 1
				break
			}
		}
	}
	if len(out) < 2 {
		ok, err := t.check(rule, "")
		if err != nil {
			return nil, err
		}
		if !ok {
			out = append(out, "")
		}
	}
	for _, c := range pool {
		if len(out) >= 2 {
			break
		}
		ok, err := t.check(rule, c.text)
		if err != nil {
			return nil, err
		}
		if !ok && !slices.Contains(out, c.text) {
			out = append(out, c.text)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("rule " + rule + ": no string found outside its language")
	}
	return out, nil
}

// spread picks n of items, evenly spaced, the first and the last among
// them.
func spread[T any](items []T, n int) []T {
	if len(items) <= n {
		return append([]T{}, items...)
	}
	picked := make([]T, 0, n)
	for i := range n {
		picked = append(picked, items[i*(len(items)-1)/(n-1)])
	}
	return picked
}
