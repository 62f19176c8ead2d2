// Command encoder is a test adapter for rfc2396 grade (docs/conformance.md)
// that behaves like a parser that repairs what it reads: it splits a
// reference with RFC 3986 Appendix B's expression, percent-encodes every
// byte of the path, query and fragment outside unreserved (but '/' and a
// well-formed escape), and then parses, resolves or reports the repaired
// reference with this project's parser. So it accepts a space, a second
// '#' or a bare '%' that the grammar refuses, and reports components and
// resolutions with escapes where the suite keeps the bytes raw: one cause,
// which the grade should report as one.
//
// Normalize mode is not supported (exit status 3).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$`)

func main() {
	mode := os.Getenv("RFC2396_CONFORMANCE_MODE")
	std := os.Getenv("RFC2396_CONFORMANCE_STANDARD")
	if mode != "parse" && mode != "resolve" {
		os.Exit(3)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var a map[string]any
		if mode == "parse" {
			a = parse(std, repair(in.Text()))
		} else {
			base, ref, _ := strings.Cut(in.Text(), "\t")
			a = map[string]any{"result": resolve(std, repair(base), repair(ref))}
		}
		enc.Encode(a)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "encoder:", err)
		os.Exit(2)
	}
}

// repair percent-encodes the path, query and fragment of ref.
func repair(ref string) string {
	m := appendixB.FindStringSubmatch(ref)
	if m == nil {
		return ref
	}
	var b strings.Builder
	if m[1] != "" {
		b.WriteString(m[1])
	}
	if m[3] != "" {
		b.WriteString(m[3])
	}
	b.WriteString(encode(m[5], "/"))
	if m[6] != "" {
		b.WriteString("?" + encode(m[7], ""))
	}
	if m[8] != "" {
		b.WriteString("#" + encode(m[9], ""))
	}
	return b.String()
}

func encode(s, keep string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~", c) >= 0, strings.IndexByte(keep, c) >= 0:
			b.WriteByte(c)
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

type component struct {
	Value   string
	Defined bool
}

func opt(c component) any {
	if !c.Defined {
		return nil
	}
	return c.Value
}

func parse(std, ref string) map[string]any {
	var c [7]component // scheme, authority, userinfo, host, port, query, fragment
	var path string
	if std == "rfc3986" {
		u, err := rfc3986.Parse(ref)
		if err != nil {
			return map[string]any{"valid": false}
		}
		for i, x := range []rfc3986.Component{u.Scheme(), u.Authority(), u.UserInfo(), u.Host(), u.Port(), u.Query(), u.Fragment()} {
			c[i] = component{x.Value, x.Defined}
		}
		path = u.Path()
	} else {
		u, err := parser.Parse(ref)
		if err != nil {
			return map[string]any{"valid": false}
		}
		for i, x := range []parser.Component{u.Scheme(), u.Authority(), u.UserInfo(), u.Host(), u.Port(), u.Query(), u.Fragment()} {
			c[i] = component{x.Value, x.Defined}
		}
		path = u.Path()
	}
	return map[string]any{"valid": true, "scheme": opt(c[0]), "authority": opt(c[1]), "userinfo": opt(c[2]),
		"host": opt(c[3]), "port": opt(c[4]), "path": path, "query": opt(c[5]), "fragment": opt(c[6])}
}

func resolve(std, base, ref string) any {
	var r string
	var err error
	if std == "rfc3986" {
		r, _, err = rfc3986.Resolve(base, ref)
	} else {
		r, _, err = parser.Resolve(base, ref)
	}
	if err != nil {
		return nil
	}
	return r
}
