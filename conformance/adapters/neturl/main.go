// Command neturl is the conformance adapter for Go's net/url: it speaks
// the grading protocol of docs/conformance.md. Parse mode: url.Parse, with
// the components as net/url holds them (scheme lower-cased by net/url,
// escaped path, raw query and fragment); resolve mode: URL.ResolveReference;
// normalize mode is not supported (exit status 3).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
)

func main() {
	mode := os.Getenv("RFC2396_CONFORMANCE_MODE")
	if mode != "parse" && mode != "resolve" {
		os.Exit(3)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var answer map[string]any
		if mode == "parse" {
			answer = parse(in.Text())
		} else {
			answer = resolve(in.Text())
		}
		if err := enc.Encode(answer); err != nil {
			fmt.Fprintln(os.Stderr, "neturl:", err)
			os.Exit(2)
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "neturl:", err)
		os.Exit(2)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "neturl:", err)
		os.Exit(2)
	}
}

func parse(ref string) map[string]any {
	u, err := url.Parse(ref)
	if err != nil {
		return map[string]any{"valid": false, "error": err.Error()}
	}
	a := map[string]any{"valid": true, "scheme": nil, "authority": nil, "userinfo": nil, "host": nil, "port": nil, "query": nil, "fragment": nil}
	if u.Scheme != "" {
		a["scheme"] = u.Scheme
	}
	if u.Opaque != "" {
		a["path"] = u.Opaque
	} else {
		a["path"] = u.EscapedPath()
	}
	if u.Host != "" || u.User != nil || strings.HasPrefix(strings.TrimPrefix(ref, u.Scheme+":"), "//") {
		auth := u.Host
		if u.User != nil {
			a["userinfo"] = u.User.String()
			auth = u.User.String() + "@" + auth
		}
		a["authority"] = auth
		a["host"] = u.Hostname()
		if strings.Contains(strings.TrimPrefix(u.Host, "["+u.Hostname()+"]"), ":") {
			a["port"] = u.Port()
		}
	}
	if u.RawQuery != "" || u.ForceQuery {
		a["query"] = u.RawQuery
	}
	if strings.Contains(ref, "#") {
		a["fragment"] = u.EscapedFragment()
	}
	return a
}

func resolve(line string) map[string]any {
	base, ref, _ := strings.Cut(line, "\t")
	b, err := url.Parse(base)
	if err != nil {
		return map[string]any{"result": nil, "error": err.Error()}
	}
	r, err := url.Parse(ref)
	if err != nil {
		return map[string]any{"result": nil, "error": err.Error()}
	}
	return map[string]any{"result": b.ResolveReference(r).String()}
}
