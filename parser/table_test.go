package parser_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// row is one line of a testdata table: its line number and its fields.
type row struct {
	line   int
	fields []string
}

// readTable reads testdata/name: one case a line, fields separated by
// tabs, a field that starts with '"' Go-quoted, "#" starting a comment
// line. Every row must have n fields.
func readTable(t *testing.T, name string, n int) []row {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != n {
			t.Fatalf("%s:%d: %d fields, want %d", name, line, len(fields), n)
		}
		for i, fl := range fields {
			if strings.HasPrefix(fl, `"`) {
				if fields[i], err = strconv.Unquote(fl); err != nil {
					t.Fatalf("%s:%d: field %d: %v", name, line, i+1, err)
				}
			}
		}
		rows = append(rows, row{line, fields})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}
