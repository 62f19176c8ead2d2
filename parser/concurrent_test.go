package parser_test

import (
	"sync"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// TestConcurrentParse parses the same references from many goroutines at
// once and compares with a sequential run; go test -race checks that the
// pooled parsers and the lazily built automata are safe.
func TestConcurrentParse(t *testing.T) {
	refs := []string{
		"http://www.ics.uci.edu/pub/ietf/uri/#Related", "?y", "http://a b/", "mailto:a?b", "//u@h:1/p;q?r#s",
		"../../../g", "http://[::1]/", "a\xffb", "", "http://h:/", "urn:isbn:096139210x",
	}
	type outcome struct {
		str string
		err string
	}
	run := func(s string) outcome {
		u, err := parser.Parse(s)
		if err != nil {
			return outcome{err: err.Error()}
		}
		res, _, err := parser.Resolve("http://a/b/c/d;p?q", s)
		if err != nil {
			return outcome{str: u.String(), err: err.Error()}
		}
		return outcome{str: u.String() + " " + res}
	}
	want := make([]outcome, len(refs))
	for i, s := range refs {
		want[i] = run(s)
	}
	uritest.Concurrently(8, 200, func(int, int) bool {
		for i, s := range refs {
			if got := run(s); got != want[i] {
				t.Errorf("concurrent %q: %+v, sequential %+v", s, got, want[i])
				return false
			}
		}
		return true
	})
}

// TestConcurrentProfiles uses profiles from several goroutines at once, so
// that go test -race sees the lazy building of their automata, the derived
// profiles and the pooled edit parsers shared.
func TestConcurrentProfiles(t *testing.T) {
	ps := []*parser.Profile{parser.Java, parser.RFC2732, parser.Strict.With(grammar.EditNonASCII)}
	// What each profile makes of the references, from the oracle: the
	// test is about sharing profiles, not about the grammar.
	const ref, treeRef = "http://h/a?b#c", "http://x/"
	valid := map[*parser.Profile][2]bool{}
	for _, p := range ps {
		o := oracle.NewFor(p.Edits())
		valid[p] = [2]bool{o.Match(grammar.RuleURIReference, ref), o.Match(grammar.RuleURIReference, treeRef)}
	}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for k := 0; k < 6; k++ {
				p := ps[(i+k)%len(ps)]
				if _, err := p.Parse(ref); (err == nil) != valid[p][0] {
					t.Errorf("Parse(%q) under %s: %v", ref, p, err)
				}
				p.Valid("?y")
				p.Match(grammar.RuleHostname, "3com")
				if _, err := p.ParseTree(grammar.RuleURIReference, treeRef); (err == nil) != valid[p][1] {
					t.Errorf("ParseTree(%q) under %s: %v", treeRef, p, err)
				}
			}
			ps[i%len(ps)].ValidUnder(grammar.RuleURIReference, "about:")
		}(i)
	}
	wg.Wait()
}
