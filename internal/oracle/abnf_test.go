package oracle

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// oracleOf reads grammar/NAME.abnf of the repository.
func oracleOf(t testing.TB, name string) *ABNF {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "..", "grammar", name))
	if err != nil {
		t.Fatal(err)
	}
	o, err := NewABNF(string(text))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return o
}

// TestMatch checks testdata/abnf-match.txt: the verdict of Match and, for a
// string the rule refuses, the offset ViablePrefix gives.
func TestMatch(t *testing.T) {
	f, err := os.Open("testdata/abnf-match.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	oracles := map[string]*ABNF{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		file, rest, _ := strings.Cut(text, " ")
		rule, rest, _ := strings.Cut(rest, " ")
		i := strings.LastIndexByte(rest, ' ')
		in, err := strconv.Unquote(rest[:i])
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		want := rest[i+1:]
		o := oracles[file]
		if o == nil {
			o = oracleOf(t, file)
			oracles[file] = o
		}
		if !o.Has(rule) {
			t.Fatalf("line %d: %s has no rule %s", line, file, rule)
		}
		got := "valid"
		if !o.Match(rule, in) {
			got = strconv.Itoa(o.ViablePrefix(rule, in))
		} else if p := o.ViablePrefix(rule, in); p != len(in) {
			t.Errorf("line %d: %s matches %q but its viable prefix is %d", line, rule, in, p)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("line %d: %s %s %q (-want +got):\n%s", line, file, rule, in, diff)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestReadAuthority checks the reading of an authority by each grammar's
// rule names.
func TestReadAuthority(t *testing.T) {
	rfc3986 := AuthorityRules{Authority: "authority", IPLiteral: "IP-literal", IPv4: "IPv4address", RegName: "reg-name"}
	rfc3987 := AuthorityRules{Authority: "iauthority", IPLiteral: "IP-literal", IPv4: "IPv4address", RegName: "ireg-name"}
	tests := []struct {
		file  string
		names AuthorityRules
		in    string
		want  string // userinfo|host|port|kind, "-" undefined; "" not an authority
	}{
		{"rfc3986.abnf", rfc3986, "u@h:80", "u|h|80|reg-name"},
		{"rfc3986.abnf", rfc3986, "[::1]:", "-|[::1]||ip-literal"},
		{"rfc3986.abnf", rfc3986, "1.2.3.4", "-|1.2.3.4|-|ipv4"},
		{"rfc3986.abnf", rfc3986, "1.2.3.256", "-|1.2.3.256|-|reg-name"},
		{"rfc3986.abnf", rfc3986, "\u00e9", ""},
		{"rfc3987.abnf", rfc3987, "\u00e9@\u4f8b.jp:8", "\u00e9|\u4f8b.jp|8|reg-name"},
		{"rfc3987.abnf", rfc3987, "h\xff", ""},
	}
	for _, tt := range tests {
		a, ok := oracleOf(t, tt.file).ReadAuthority(tt.names, tt.in)
		got := ""
		if ok {
			show := func(c struct {
				Value   string
				Defined bool
			}) string {
				if !c.Defined {
					return "-"
				}
				return c.Value
			}
			got = strings.Join([]string{show(a.UserInfo), show(a.Host), show(a.Port), a.HostKind}, "|")
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tt.file, tt.in, diff)
		}
	}
}

// FuzzMatch holds the oracle of RFC 3987 to its invariants on any bytes:
// a string that is not UTF-8 never matches; a match has the whole string
// as its viable prefix; a refusal's prefix is within the string and is
// UTF-8 (it never ends inside a character).
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"http://\u00e9/", "a\xffb", "\ufffd", "\uffef", "//[::1]/\ue000?\ue000"} {
		f.Add(s)
	}
	o := oracleOf(f, "rfc3987.abnf")
	f.Fuzz(func(t *testing.T, s string) {
		for _, rule := range []string{"IRI-reference", "iquery", "ucschar"} {
			ok := o.Match(rule, s)
			p := o.ViablePrefix(rule, s)
			switch {
			case ok && !utf8.ValidString(s):
				t.Fatalf("%s matches %q, which is not UTF-8", rule, s)
			case ok && p != len(s):
				t.Fatalf("%s matches %q with a viable prefix of %d", rule, s, p)
			case !ok && (p < 0 || p > len(s) || !utf8.ValidString(s[:p])):
				t.Fatalf("%s refuses %q at %d", rule, s, p)
			}
		}
	})
}
