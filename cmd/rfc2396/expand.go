package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/rfc6570"
)

// maxVarsBytes bounds the variables file expand reads whole.
const maxVarsBytes = 64 << 20

func expandCommand() *command {
	return &command{
		name:    "expand",
		streams: writesResults,
		summary: "expand URI Templates (RFC 6570) with variables from a JSON object",
		usage:   "expand [--vars FILE] TEMPLATE...",
		about: `Expands each TEMPLATE by RFC 6570 (all four levels) and prints one expansion
a line, in order. The variables come from FILE ("-": standard input), one
JSON object: a string is a string; a number or a boolean is the string of
its JSON text (6, 37.76, true); an array is a list and an object an
associative array in the file's order, their members strings, numbers or
booleans (a null member is left out, as undefined); null, or a name that
is absent, is undefined. Without --vars every variable is undefined.

An invalid template (or a prefix modifier on a list or an associative
array) prints nothing on standard output and is reported on standard error
with its offset, the RFC 6570 rule and section; the other templates are
still expanded, and the exit status is 1. It is 2 on a usage error or a
variables file that cannot be read or is not such a JSON object.`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			vars := fs.String("vars", "", "read the variables from `FILE`, one JSON object (\"-\" for standard input)")
			return func(inv *invocation) int { return runExpand(inv, *vars) }
		},
	}
}

func runExpand(inv *invocation, varsFile string) int {
	if len(inv.args) == 0 {
		fmt.Fprintln(inv.errOut, "rfc2396 expand: want at least one TEMPLATE")
		fmt.Fprintln(inv.errOut, "run 'rfc2396 expand -h' for its usage")
		return 2
	}
	vars := rfc6570.Values{}
	if varsFile != "" {
		data, err := readVarsFile(inv, varsFile)
		if err != nil {
			inv.warnf("%v", err)
			return 2
		}
		if vars, err = decodeVars(data); err != nil {
			name := varsFile
			if name == "-" {
				name = "standard input"
			}
			inv.warnf("%s: %v", name, err)
			return 2
		}
	}
	out := inv.output()
	status := 0
	for _, s := range inv.args {
		t, err := rfc6570.Parse(s)
		if err == nil {
			// Written as it is made: a template naming a long value
			// many times expands to far more than the memory it and
			// the variables take. A write error is remembered by
			// inv.out and reported by run.
			_, err = t.ExpandTo(out, vars)
		}
		if inv.outputFailed() {
			return 2
		}
		if err != nil {
			inv.warnf("%s: %v", shortDisplay(s), err)
			status = 1
			continue
		}
		out.WriteByte('\n')
		if inv.outputFailed() {
			return 2
		}
	}
	return status
}

// readVarsFile reads the variables file whole, "-" being standard input,
// up to maxVarsBytes.
func readVarsFile(inv *invocation, name string) ([]byte, error) {
	var r io.Reader = inv.stdin
	shown := "standard input"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, shown = f, name
	}
	data, err := io.ReadAll(io.LimitReader(r, maxVarsBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	if len(data) > maxVarsBytes {
		return nil, fmt.Errorf("%s: over %d MiB of variables", shown, maxVarsBytes>>20)
	}
	return data, nil
}

// decodeVars reads one JSON object of variables (see expandCommand),
// keeping the order of each object's members by reading tokens.
func decodeVars(data []byte) (rfc6570.Values, error) {
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return nil, fmt.Errorf("offset %d: byte 0x%02X is not UTF-8 (JSON text is UTF-8)", i, data[i])
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	at := func(err error) error {
		return fmt.Errorf("offset %d: %w", dec.InputOffset(), err)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, at(jsonError(err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, at(errors.New("the variables are one JSON object, {\"name\": value, ...}"))
	}
	vars := rfc6570.Values{}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, at(jsonError(err))
		}
		name := tok.(string) // the decoder checks that a member starts with its name
		if seen[name] {
			return nil, at(fmt.Errorf("variable %s is defined twice", strconv.Quote(name)))
		}
		seen[name] = true
		v, err := decodeValue(dec, name)
		if err != nil {
			return nil, at(err)
		}
		vars[name] = v
	}
	if _, err := dec.Token(); err != nil {
		return nil, at(jsonError(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, at(errors.New("more after the object of variables"))
	}
	return vars, nil
}

// decodeValue reads the value of variable name.
func decodeValue(dec *json.Decoder, name string) (rfc6570.Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return rfc6570.Value{}, jsonError(err)
	}
	if s, ok, null := scalar(tok); ok {
		if null {
			return rfc6570.Value{}, nil
		}
		return rfc6570.String(s), nil
	}
	isList := tok == json.Delim('[')
	var members []string
	var pairs []rfc6570.Pair
	for dec.More() {
		var key string
		if !isList {
			k, err := dec.Token()
			if err != nil {
				return rfc6570.Value{}, jsonError(err)
			}
			key = k.(string)
		}
		tok, err := dec.Token()
		if err != nil {
			return rfc6570.Value{}, jsonError(err)
		}
		s, ok, null := scalar(tok)
		if !ok {
			return rfc6570.Value{}, fmt.Errorf("a member of %s is an array or an object; RFC 6570 values (section 2.3) hold strings, lists of strings and (name, string) pairs", strconv.Quote(name))
		}
		switch {
		case null: // an undefined member: expansion leaves it out
		case isList:
			members = append(members, s)
		default:
			pairs = append(pairs, rfc6570.Pair{Name: key, Value: s})
		}
	}
	if _, err := dec.Token(); err != nil {
		return rfc6570.Value{}, jsonError(err)
	}
	if isList {
		return rfc6570.List(members...), nil
	}
	return rfc6570.Assoc(pairs...), nil
}

// scalar returns the string of a JSON string, number or boolean token
// (the JSON text of a number or boolean), with ok; null gives ok and
// null; an array or object delimiter gives not ok.
func scalar(tok json.Token) (s string, ok, null bool) {
	switch v := tok.(type) {
	case nil:
		return "", true, true
	case string:
		return v, true, false
	case json.Number:
		return v.String(), true, false
	case bool:
		return strconv.FormatBool(v), true, false
	}
	return "", false, false
}

// jsonError says a JSON decoding error in words, without the package's
// prefix, and an early end as such.
func jsonError(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the JSON text ends early")
	}
	return err
}
