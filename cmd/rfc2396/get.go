package main

import (
	"bufio"
	"flag"
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/report"
)

// getComponents are the names --get knows, as parse --json names the
// same members, in the order of its output.
var getComponents = []string{"input", "kind", "scheme", "scheme_specific_part", "authority", "userinfo", "host", "port",
	"path", "query", "fragment", "authority_kind", "host_kind"}

// getTemplate is a parsed --get template: literal text and component
// names, in order. Its zero value (nil) is no template.
type getTemplate []getPiece

// getPiece is literal text, or the component named name when name is set.
type getPiece struct {
	text, name string
}

// getError is a --get template the tool cannot use.
type getError struct{ msg string }

func (e *getError) Error() string { return "--get: " + e.msg }

// parseGetTemplate reads a --get template: text in which "{name}" stands
// for the component name of getComponents, and "{{" and "}}" for a brace.
func parseGetTemplate(s string) (getTemplate, error) {
	var t getTemplate
	var lit strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{', c == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte(c)
			i++
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, &getError{fmt.Sprintf("%q: a \"{\" with no \"}\" (write \"{{\" for a brace)", s)}
			}
			name := s[i+1 : i+end]
			known := false
			for _, n := range getComponents {
				known = known || n == name
			}
			if !known {
				msg := fmt.Sprintf("unknown component %q", name)
				if near := closest(name, getComponents); near != "" {
					msg += fmt.Sprintf(" (did you mean {%s}?)", near)
				}
				return nil, &getError{msg + "; the components are " + strings.Join(getComponents, ", ")}
			}
			if lit.Len() > 0 {
				t = append(t, getPiece{text: lit.String()})
				lit.Reset()
			}
			t = append(t, getPiece{name: name})
			i += end
		case c == '}':
			return nil, &getError{fmt.Sprintf("%q: a \"}\" with no \"{\" (write \"}}\" for a brace)", s)}
		default:
			lit.WriteByte(c)
		}
	}
	if lit.Len() > 0 {
		t = append(t, getPiece{text: lit.String()})
	}
	if t == nil {
		t = getTemplate{} // an empty template prints an empty line
	}
	return t, nil
}

// write writes the template filled in for the valid input in, whose
// components are v (nil for a rule that is not a whole reference), and a
// newline. An undefined component is written as nothing.
func (t getTemplate) write(w *bufio.Writer, in string, v *report.View) {
	for _, p := range t {
		if p.name == "" {
			w.WriteString(p.text)
			continue
		}
		w.WriteString(getComponent(p.name, in, v))
	}
	w.WriteByte('\n')
}

// getComponent is the value of the component name of in (see
// getComponents), "" when it is undefined.
func getComponent(name, in string, v *report.View) string {
	if name == "input" {
		return in
	}
	if v == nil {
		return ""
	}
	switch name {
	case "kind":
		return v.KindWord
	case "scheme":
		return v.Scheme.Value
	case "scheme_specific_part":
		if v.SchemeSpecificPart != nil {
			return *v.SchemeSpecificPart
		}
	case "authority":
		return v.Authority.Value
	case "userinfo":
		return v.UserInfo.Value
	case "host":
		return v.Host.Value
	case "port":
		return v.Port.Value
	case "path":
		return v.Path
	case "query":
		return v.Query.Value
	case "fragment":
		return v.Fragment.Value
	case "authority_kind":
		if v.Authority.Defined {
			return v.AuthorityKind.Code
		}
	case "host_kind":
		if v.Host.Defined {
			return v.HostKind.Code
		}
	}
	return ""
}

// exclusive returns an error when more than one of the groups of flags
// was given on the command line: flags of a group are names of one flag
// (-q and --quiet).
func exclusive(fs *flag.FlagSet, groups ...[]string) error {
	var given []string
	for _, g := range groups {
		for _, name := range g {
			if f := fs.Lookup(name); f != nil && isSet(fs, name) {
				given = append(given, dashed(name))
				break
			}
		}
	}
	if len(given) > 1 {
		return fmt.Errorf("%s cannot be used together", strings.Join(given, " and "))
	}
	return nil
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
