package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"text/template"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// vmSpec says what vmParserFor writes: a grammar file's rules encoded as
// a syntax.PEGProgram (internal/syntax), and the type that runs it by the catalogue's
// rules with the same methods as the adapter of peg's parser of the same
// file (adapterFor), whose rule maps it shares.
type vmSpec struct {
	// pkg is the Go package, source the grammar file and goFile peg's
	// parser of it, cat the qualifier of the catalogue's names
	// ("grammar." or "").
	pkg, source, goFile, cat string
	// catalogue is the import path of the rule catalogue, "" when the file
	// is in the catalogue's own package.
	catalogue string
	// rules are the file's rules in its order, which is peg's numbering.
	rules []*pegRule
	// tables names the adapter's maps; typeName and newName the type
	// written and its constructor.
	tables            parserNames
	typeName, newName string
	// edits is set for a grammar whose rules pick among definitions by
	// the edits in force: the type has SetEdits and Edits.
	edits bool
}

// vmParserFor writes the file v describes.
func vmParserFor(v vmSpec) ([]byte, error) {
	prog, err := encodeProgram(v.rules)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", v.source, err)
	}
	var b bytes.Buffer
	if err := vmTemplate.Execute(&b, struct {
		Source, GoFile, Package, Catalogue, Cat, Type, New, Program string
		Edits                                                       bool
		T                                                           parserNames
	}{v.source, v.goFile, v.pkg, v.catalogue, v.cat, v.typeName, v.newName, prog, v.edits, v.tables}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// vmCode is the fixed part of the file vmParserFor writes (pegvm.go.tmpl).
//
//go:embed pegvm.go.tmpl
var vmCode string

var vmTemplate = template.Must(template.New("pegvm").Parse(vmCode))

// encodeProgram encodes rules as a syntax.PEGProgram literal: a node of 4
// bytes an expression (operation, count, 16-bit argument), the kids of
// choices and sequences, the classes (deduplicated) and the literals. A
// rule is numbered by its place in rules from 1, as peg numbers it. A
// semantic predicate must be a pick, "p.pick[K] == V", as the union
// grammar of package parser writes it (editsgen.go).
func encodeProgram(rules []*pegRule) (string, error) {
	index := map[string]int{}
	for i, r := range rules {
		index[r.name] = i + 1
	}
	var nodes, kids, classes, literals, starts []byte
	classOf := map[byteSet]int{}
	picks := 0
	u16 := func(b []byte, v int) []byte { return append(b, byte(v), byte(v>>8)) }
	classIndex := func(s byteSet) int {
		c, ok := classOf[s]
		if !ok {
			c = len(classOf)
			classOf[s] = c
			for i := range 32 {
				classes = append(classes, byte(s[i/8]>>(8*(i%8))))
			}
		}
		return c
	}
	var encode func(e *expr) (int, error)
	encode = func(e *expr) (int, error) {
		n := len(nodes) / 4
		nodes = append(nodes, 0, 0, 0, 0)
		set := func(op, count, arg int) error {
			if count > 0xFF || arg > 0xFFFF {
				return fmt.Errorf("an expression too large for the program's encoding (count %d, argument %d)", count, arg)
			}
			nodes[4*n], nodes[4*n+1], nodes[4*n+2], nodes[4*n+3] = byte(op), byte(count), byte(arg), byte(arg>>8)
			return nil
		}
		if u, ok := classUnion(e); ok {
			// A choice of classes is one class: neither consumes more
			// than a byte nor leaves a token.
			e = &expr{op: opClass, set: u}
		}
		switch e.op {
		case opChoice, opSeq:
			var ks []int
			for _, k := range e.kids {
				i, err := encode(k)
				if err != nil {
					return 0, err
				}
				ks = append(ks, i)
			}
			first := len(kids) / 2
			if e.op == opSeq {
				for _, k := range ks {
					kids = u16(kids, k)
				}
				return n, set(syntax.PEGSeq, len(ks), first)
			}
			// An alternative is listed with the class of the bytes it can
			// start with, for the parser to skip it at any other byte, or
			// with syntax.PEGAny where it may match the empty string or starts
			// with a predicate.
			for i, k := range ks {
				c := syntax.PEGAny
				if f, ok := firstBytes(e.kids[i], index, rules); ok {
					c = classIndex(f)
				}
				kids = u16(u16(kids, k), c)
			}
			return n, set(syntax.PEGChoice, len(ks), first)
		case opOptional, opStar, opPlus, opAnd, opNot:
			k, err := encode(e.kids[0])
			if err != nil {
				return 0, err
			}
			op := map[op]int{opOptional: syntax.PEGOptional, opStar: syntax.PEGStar, opPlus: syntax.PEGPlus, opAnd: syntax.PEGAnd, opNot: syntax.PEGNot}[e.op]
			return n, set(op, 0, k)
		case opLiteral:
			at := bytes.Index(literals, []byte(e.text))
			if at < 0 {
				at = len(literals)
				literals = append(literals, e.text...)
			}
			return n, set(syntax.PEGLiteral, len(e.text), at)
		case opClass:
			s := e.set
			if e.neg {
				for i := range s {
					s[i] = ^s[i]
				}
			}
			return n, set(syntax.PEGClass, 0, classIndex(s))
		case opDot:
			return n, set(syntax.PEGDot, 0, 0)
		case opRef:
			r, ok := index[e.text]
			if !ok {
				return 0, fmt.Errorf("no rule %s", e.text)
			}
			return n, set(syntax.PEGRule, 0, r)
		case opCode:
			var slot, value int
			if _, err := fmt.Sscanf(e.text, "p.pick[%d] == %d", &slot, &value); err != nil {
				return 0, fmt.Errorf("a semantic predicate other than a pick: &{ %s }", e.text)
			}
			picks = max(picks, slot+1)
			return n, set(syntax.PEGPick, slot, value)
		}
		return 0, fmt.Errorf("an expression of kind %d", e.op)
	}
	for _, r := range rules {
		i, err := encode(r.body)
		if err != nil {
			return "", fmt.Errorf("rule %s: %v", r.name, err)
		}
		starts = u16(starts, i)
	}
	var b strings.Builder
	b.WriteString("syntax.PEGProgram{\n")
	for _, f := range []struct {
		name string
		data []byte
	}{{"Nodes", nodes}, {"Kids", kids}, {"Classes", classes}, {"Literals", literals}, {"Rules", starts}} {
		fmt.Fprintf(&b, "\t%s: %s,\n", f.name, strconv.Quote(string(f.data)))
	}
	fmt.Fprintf(&b, "\tPicks: %d,\n}", picks)
	return b.String(), nil
}

// classUnion reports whether e is a choice of classes (negated ones
// included), and returns the bytes any of them holds.
func classUnion(e *expr) (byteSet, bool) {
	if e.op != opChoice {
		return byteSet{}, false
	}
	var u byteSet
	for _, k := range e.kids {
		if k.op != opClass {
			return byteSet{}, false
		}
		s := k.set
		if k.neg {
			for i := range s {
				s[i] = ^s[i]
			}
		}
		u = u.union(s)
	}
	return u, true
}

// firstBytes returns the bytes a match of e can start with, and false if
// it cannot tell: e may match the empty string, or starts with a
// predicate, whose outcome a first byte does not decide. index numbers
// rules by name from 1 (rules[index-1]).
func firstBytes(e *expr, index map[string]int, rules []*pegRule) (byteSet, bool) {
	return firstOf(e, index, rules, 0)
}

func firstOf(e *expr, index map[string]int, rules []*pegRule, depth int) (byteSet, bool) {
	if depth > 100 {
		return byteSet{}, false
	}
	switch e.op {
	case opClass:
		if u, ok := classUnion(&expr{op: opChoice, kids: []*expr{e}}); ok {
			return u, true
		}
	case opLiteral:
		if e.text != "" {
			var s byteSet
			s.add(e.text[0])
			return s, true
		}
	case opDot:
		var s byteSet
		for i := range s {
			s[i] = ^uint64(0)
		}
		return s, true
	case opRef:
		return firstOf(rules[index[e.text]-1].body, index, rules, depth+1)
	case opPlus:
		return firstOf(e.kids[0], index, rules, depth+1)
	case opSeq:
		if len(e.kids) > 0 {
			return firstOf(e.kids[0], index, rules, depth+1)
		}
	case opChoice:
		var u byteSet
		for _, k := range e.kids {
			s, ok := firstOf(k, index, rules, depth+1)
			if !ok {
				return byteSet{}, false
			}
			u = u.union(s)
		}
		return u, true
	}
	return byteSet{}, false
}
