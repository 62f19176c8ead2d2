package syntax

import "testing"

// TestSplitAppendixB holds SplitAppendixB to the regular expression of
// Appendix B (spansOf) for the five components it defines, and to rows for the
// division of the authority, which the expression leaves whole.
func TestSplitAppendixB(t *testing.T) {
	for _, ref := range []string{
		"", "a", "a:", ":a", "/a:b", "?a:b", "#a:b", "http://h/p?q#f", "//", "///", "//a@b@c:1:2/x",
		"http://[::1]:80/x", "http://[::1/x", "?#", "#?", "a:b:c", "s://u@h:p?q?r#f#g", "é://ü@é/ö?ä#ß",
	} {
		s, want := SplitAppendixB(ref), spansOf(t, ref)
		for _, p := range []Part{Scheme, Authority, Path, Query, Fragment} {
			b, e, ok := s.Range(p)
			wb, we, wok := want.Range(p)
			if b != wb || e != we || ok != wok {
				t.Errorf("SplitAppendixB(%q) part %d = %d:%d %v, Appendix B's expression %d:%d %v", ref, p, b, e, ok, wb, we, wok)
			}
		}
	}
	for _, c := range []struct{ ref, userinfo, host, port string }{
		{"//u@h:1/", "u", "h", "1"},
		{"//a@b@c:1:2/x", "a", "b@c", "1:2"},
		{"//h", "", "h", ""},
		{"//[::1]:80", "", "[::1]", "80"},
		{"//[::1]x", "", "[::1]", ""},
		{"//[::1", "", "[::1", ""},
		{"//h:", "", "h", ""},
	} {
		s := SplitAppendixB(c.ref)
		for _, p := range []struct {
			p    Part
			want string
		}{{UserInfo, c.userinfo}, {Host, c.host}, {Port, c.port}} {
			if got, _ := s.Get(c.ref, p.p); got != p.want {
				t.Errorf("SplitAppendixB(%q) part %d = %q, want %q", c.ref, p.p, got, p.want)
			}
		}
	}
}
