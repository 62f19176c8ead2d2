package rfc3987

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// iriRow is one line of a table in testdata/iri: its fields, each a Go
// string literal (so that any character can be written) or a bare word,
// and the line number for messages.
type iriRow struct {
	line   int
	fields []string
}

// readIRITable reads testdata/iri/name. Blank lines and lines starting
// with "#" are skipped; a field is a double-quoted Go string or a run of
// characters up to white space; a "#" outside a string ends the line.
// Each row must have at least min fields.
func readIRITable(t testing.TB, name string, min int) []iriRow {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "iri", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []iriRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		rest := strings.TrimSpace(sc.Text())
		var fields []string
		for rest != "" && rest[0] != '#' {
			var field string
			if rest[0] == '"' {
				q, err := strconv.QuotedPrefix(rest)
				if err != nil {
					t.Fatalf("%s:%d: %v", name, n, err)
				}
				field, _ = strconv.Unquote(q)
				rest = rest[len(q):]
			} else {
				end := strings.IndexAny(rest, " \t")
				if end < 0 {
					end = len(rest)
				}
				field, rest = rest[:end], rest[end:]
			}
			fields = append(fields, field)
			rest = strings.TrimSpace(rest)
		}
		if len(fields) == 0 {
			continue
		}
		if len(fields) < min {
			t.Fatalf("%s:%d: %d fields, want at least %d", name, n, len(fields), min)
		}
		rows = append(rows, iriRow{n, fields})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no rows", name)
	}
	return rows
}
