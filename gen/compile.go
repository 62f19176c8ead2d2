package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"text/template"
)

// compileCompact writes the Go parser of a compact grammar (the rules of
// order, with the bodies deriveCompact made of them): a method per rule
// that matches the rule at a position of the input and returns where the
// match ends, or -1. It runs the grammar as pointlander/peg's parsers run
// a grammar, so that it yields the same matches and the same tokens:
// ordered choice that commits to the first alternative that succeeds,
// repetitions that take all they can and never give any back, predicates
// that consume nothing, and a token (rule, begin, end) appended when a
// rule succeeds, taken back when what contains it fails. Nothing is
// memoized: a rule is tried again at a position where it failed before,
// as in peg's parsers (see docs/how-it-is-built.md).
//
// What it writes differs from peg's output only in how it runs: the
// position is a local variable of each method rather than a variable all
// the rules' closures share, a rule is a method called directly rather
// than a closure called through a table, a character class is one load
// from a 256-entry table, and an accelerated run (see accelerate) reads
// the bytes of its class in place (syntax.Span, which the compiler
// inlines) and calls syntax.Star only from an escape or a byte sequence.
// Failure jumps (goto) to a label that restores the position saved where
// the failing expression began, as peg's own code does. The fixed part of
// the parser (its types, tokens and entry) is compile.go.tmpl.
//
// TestTokenParsersAgree (in parser and rfc3986) holds the result to the
// reference parser, which peg compiles from the grammar as written: the
// same verdicts and the same tokens for the rules the components are read
// from, over the testdata, derivations and mutations, under every set of
// edits.
func compileCompact(t compactTarget, order []string, rules map[string]*expr, acc *accel) []byte {
	usesRuns := false
	for _, name := range order {
		walkExpr(rules[name], func(e *expr) { usesRuns = usesRuns || e.op == opCode && e.run != nil })
	}
	repeated := repeatedRules(order, rules)
	var methods strings.Builder
	scans := false
	for _, name := range order {
		c := &compiler{acc: acc, rules: rules, repeated: repeated[name]}
		methods.WriteString(c.rule(t.typeName, name, rules[name]))
		scans = scans || c.scans
	}
	var b bytes.Buffer
	if err := compiledTemplate.Execute(&b, struct {
		Source, Package, Type, Fields string
		Runs, Scans, MatchOnly, Limit bool
		Rules                         []string
		N                             parserNames
	}{t.pegPath, t.pkg, t.typeName, t.fields, usesRuns, scans, t.matchOnly, t.tokenLimit, order, t.names}); err != nil {
		panic(err) // the template is gen's own and takes only these fields
	}
	b.WriteString(methods.String())
	return b.Bytes()
}

// repeatedRules returns the rules of order that a repetition calls, in
// its round or through the rules its round calls: a rule that may run
// many times over one input.
func repeatedRules(order []string, rules map[string]*expr) map[string]bool {
	repeated := map[string]bool{}
	var mark func(e *expr)
	mark = func(e *expr) {
		walkExpr(e, func(k *expr) {
			if k.op == opRef && !repeated[k.text] {
				repeated[k.text] = true
				mark(rules[k.text])
			}
		})
	}
	for _, name := range order {
		walkExpr(rules[name], func(e *expr) {
			if e.op == opStar || e.op == opPlus {
				mark(e.kids[0])
			}
		})
	}
	return repeated
}

// compiledCode is the fixed part of a compiled parser (compile.go.tmpl),
// so that it is read as Go, not as strings in Go.
//
//go:embed compile.go.tmpl
var compiledCode string

// compiledTemplate is compiledCode parsed.
var compiledTemplate = template.Must(template.New("compiled").Parse(compiledCode))

// compiler writes the method of one rule.
type compiler struct {
	acc    *accel
	rules  map[string]*expr // the grammar's rules, for canFail and canSucceed
	body   strings.Builder
	labels int  // labels made so far: l0, l1, ...
	saves  int  // position variables: s0, s1, ...
	marks  int  // token marks: t0, t1, ...
	counts int  // repetition counters: n0, n1, ...
	runs   bool // whether the body reads a run table (the variable run)
	// repeated is whether a repetition calls the rule (see
	// repeatedRules), and rounds the depth of repetitions within it at
	// the expression being written: a scan for a byte (see scanFor) is
	// written only where both are false and zero.
	repeated bool
	rounds   int
	scans    bool // whether the body calls strings.IndexByte
	// shared is the repetition being written whose rounds record where
	// their shared prefix ends (see sharedPrefix), or nil.
	shared *sharedPrefix
}

// sharedPrefix is a repetition, (A B)*, followed in its sequence by parts
// that begin as A does, A' C, where A' is A with a first byte of a
// narrower class: a host name's labels, *(domainlabel ".") toplabel,
// where the last label is read as a domainlabel, which finds no ".",
// then as the toplabel. A is a class of one byte and then parts that
// append no token, so that A matches the same bytes wherever it starts at
// the same position: the round that ends the repetition records where
// its A ended (end, written where the first len(prefix) parts of A B
// matched), and A' is not read again where its first byte is in its
// class and that round's A matched.
type sharedPrefix struct {
	rep   *expr  // the repetition
	parts int    // the parts of A, the first of the round's sequence
	end   string // the variable of where the last round's A ended
}

// labelLine matches a label line of a method body.
var labelLine = regexp.MustCompile(`(?m)^(l[0-9]+|fail):\n`)

// rule returns the method that matches rule name, whose body is e.
func (c *compiler) rule(typeName, name string, e *expr) string {
	c.expr(e, "fail", true)
	if c.canSucceed(e) {
		c.line("p.add(%s, begin, pos)", c.acc.names.Rule(name))
		c.line("return pos")
	}
	body := c.body.String()
	failing := strings.Contains(body, "goto fail\n")
	// A label no goto names is a compile error: leave those out.
	body = labelLine.ReplaceAllStringFunc(body, func(l string) string {
		if strings.Contains(body, "goto "+strings.TrimSuffix(l, ":\n")+"\n") {
			return l
		}
		return ""
	})
	var b strings.Builder
	fmt.Fprintf(&b, "\n// match%s matches %s in s from pos: where it ends, or -1.\n", name, name)
	fmt.Fprintf(&b, "func (p *%s) match%s(s string, pos int) int {\n", typeName, name)
	if strings.Contains(body, "begin, pos)") {
		b.WriteString("\tbegin := pos\n")
	}
	if failing {
		b.WriteString("\tmark := p.n\n")
	}
	declare := func(prefix string, n int) {
		if n == 0 {
			return
		}
		var names []string
		for i := range n {
			names = append(names, fmt.Sprintf("%s%d", prefix, i))
		}
		fmt.Fprintf(&b, "\tvar %s int\n", strings.Join(names, ", "))
	}
	declare("s", c.saves)
	declare("t", c.marks)
	declare("n", c.counts)
	if c.runs {
		b.WriteString("\tvar run *syntax.Run\n")
	}
	b.WriteString(body)
	if failing {
		b.WriteString("fail:\n\tp.cut(mark)\n\treturn -1\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// line writes a statement of the body.
func (c *compiler) line(format string, args ...any) {
	c.body.WriteByte('\t')
	fmt.Fprintf(&c.body, format, args...)
	c.body.WriteByte('\n')
}

// jumpIf writes a jump to l where the Go condition cond holds.
func (c *compiler) jumpIf(cond, l string) {
	c.line("if %s {", cond)
	c.line("\tgoto %s", l)
	c.line("}")
}

// label writes label l, a jump target.
func (c *compiler) label(l string) { fmt.Fprintf(&c.body, "%s:\n", l) }

func (c *compiler) newLabel() string { c.labels++; return fmt.Sprintf("l%d", c.labels-1) }
func (c *compiler) newSave() string  { c.saves++; return fmt.Sprintf("s%d", c.saves-1) }
func (c *compiler) newMark() string  { c.marks++; return fmt.Sprintf("t%d", c.marks-1) }
func (c *compiler) newCount() string { c.counts++; return fmt.Sprintf("n%d", c.counts-1) }

// canFail reports whether e can fail, and canSucceed whether it can
// succeed, at some position of some input. An edit can make either false
// of a part of a grammar (an alternative that cannot fail, after which the
// others are never tried; a lookahead that always fails), and the code of
// such a part would be unreachable, which go vet reports: expr writes
// what can never succeed as a jump to its failure, and leaves out what
// could only follow it. The compact grammars have no recursion.
func (c *compiler) canFail(e *expr) bool { fails, _ := c.outcomes(e); return fails }

func (c *compiler) canSucceed(e *expr) bool { _, succeeds := c.outcomes(e); return succeeds }

// outcomes returns canFail and canSucceed of e.
func (c *compiler) outcomes(e *expr) (fails, succeeds bool) {
	switch e.op {
	case opSeq, opChoice:
		// A sequence fails if a part can, and succeeds if all can; a
		// choice fails if all its alternatives can, and succeeds if one
		// can.
		all := e.op == opSeq
		fails, succeeds = !all, all
		for _, k := range e.kids {
			f, s := c.outcomes(k)
			if all {
				fails, succeeds = fails || f, succeeds && s
			} else {
				fails, succeeds = fails && f, succeeds || s
			}
		}
		return fails, succeeds
	case opOptional, opStar:
		return false, true
	case opPlus, opAnd:
		return c.outcomes(e.kids[0])
	case opNot:
		f, s := c.outcomes(e.kids[0])
		return s, f
	case opRef:
		return c.outcomes(c.rules[e.text])
	case opCode:
		return e.run == nil || !e.run.nullable, true
	case opClass:
		return true, e.set != (byteSet{}) || e.neg
	case opLiteral:
		return len(e.text) > 0, true
	}
	return true, true // "."
}

// tokens reports whether e can append a token: whether it calls a rule.
func tokens(e *expr) bool {
	found := false
	walkExpr(e, func(k *expr) { found = found || k.op == opRef })
	return found
}

// save writes what saves the state before e runs, for restore: the
// position and, if e can append tokens, their number.
func (c *compiler) save(e *expr) (pos, mark string) {
	return c.saveFor(e, true)
}

// saveFor is save, saving the position only if restored is set: a
// variable that is written and never read does not compile.
func (c *compiler) saveFor(e *expr, restored bool) (pos, mark string) {
	if restored {
		pos = c.newSave()
		c.line("%s = pos", pos)
	}
	if tokens(e) {
		mark = c.newMark()
		c.line("%s = p.n", mark)
	}
	return pos, mark
}

// restore writes what returns to the state save saved.
func (c *compiler) restore(pos, mark string) {
	c.line("pos = %s", pos)
	if mark != "" {
		c.line("p.cut(%s)", mark)
	}
}

// scanFor returns the byte of a one-byte literal that e, the body of an
// option, must match after a part that can read many bytes none of which
// begins with it: userinfo "@" in an authority, where the userinfo's
// class runs over a host and port before the "@" is found missing. The
// option cannot match unless the byte is in the rest of the input, and
// strings.IndexByte looks for it there faster than the parts read up to
// it. It scans to the end of the input, so it is written only where the
// option runs at most once a rule's call, and the rule is called by no
// repetition: once an input.
func (c *compiler) scanFor(e *expr) (byte, bool) {
	if c.repeated || c.rounds > 0 || e.op != opSeq {
		return 0, false
	}
	var before byteSet
	wide := false
	sets := firstSets{rules: c.rules}
	for _, k := range e.kids {
		if k.op == opLiteral && len(k.text) == 1 {
			if !wide || before.has(k.text[0]) {
				return 0, false
			}
			return k.text[0], true
		}
		wide = wide || c.unbounded(k)
		_, first := sets.trueSets(k)
		before = before.union(first)
	}
	return 0, false
}

// unbounded reports whether e can match any number of bytes: whether it
// has a repetition or an accelerated run outside a lookahead.
func (c *compiler) unbounded(e *expr) bool {
	switch e.op {
	case opStar, opPlus:
		return true
	case opCode:
		return e.run != nil
	case opRef:
		return c.unbounded(c.rules[e.text])
	case opSeq, opChoice, opOptional:
		for _, k := range e.kids {
			if c.unbounded(k) {
				return true
			}
		}
	}
	return false
}

// sharedParts returns the number of parts of A' (see sharedPrefix) that
// the repetition rep shares with the parts that follow it in its
// sequence, or 0 if it does not stand as (A B)* before A' C does.
func (c *compiler) sharedParts(rep *expr, next []*expr) int {
	if rep.op != opStar && rep.op != opPlus || !c.canSucceed(rep.kids[0]) || !c.canFail(rep.kids[0]) ||
		oneByte(rep.kids[0]) || rep.kids[0].op != opSeq || len(next) < 2 {
		return 0
	}
	round := rep.kids[0].kids
	if !oneByte(round[0]) || !oneByte(next[0]) || !within(byteClass(next[0]), byteClass(round[0])) {
		return 0
	}
	n := 1
	for n < len(round)-1 && n < len(next) && !tokens(round[n]) && sameExpr(round[n], next[n]) {
		n++
	}
	if n == 1 {
		return 0 // a byte alone is read again as cheaply as compared
	}
	return n
}

// sameExpr reports whether a and b are the same expression.
func sameExpr(a, b *expr) bool {
	if a.op != b.op || a.set != b.set || a.neg != b.neg || a.text != b.text || len(a.kids) != len(b.kids) ||
		(a.run == nil) != (b.run == nil) || a.run != nil && *a.run != *b.run {
		return false
	}
	for i := range a.kids {
		if !sameExpr(a.kids[i], b.kids[i]) {
			return false
		}
	}
	return true
}

// byteClass returns the bytes e, a class or a one-byte literal, matches.
func byteClass(e *expr) byteSet {
	set := e.set
	if e.op == opLiteral {
		set = byteSet{}
		set.add(e.text[0])
	} else if e.neg {
		for i := range set {
			set[i] = ^set[i]
		}
	}
	return set
}

// within reports whether every byte of a is in b.
func within(a, b byteSet) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// test returns a Go condition that holds when the byte at pos (which is
// below len(s)) is in the class of e, a class or a one-byte literal.
func (c *compiler) test(e *expr) string {
	set := byteClass(e)
	n, only := 0, byte(0)
	for ch := 0; ch < 256; ch++ {
		if set.has(byte(ch)) {
			n, only = n+1, byte(ch)
		}
	}
	if n == 1 {
		return fmt.Sprintf("s[pos] == %s", byteLiteral(only))
	}
	return fmt.Sprintf("%s[s[pos]]", c.acc.names.Class(c.acc.classIndex(set)))
}

// byteLiteral returns c as a Go constant.
func byteLiteral(c byte) string {
	if c >= ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("0x%02x", c)
}

// oneByte reports whether e matches exactly one byte of a set: a class or
// a one-byte literal.
func oneByte(e *expr) bool {
	return e.op == opClass || e.op == opLiteral && len(e.text) == 1
}

// expr writes what matches e at pos, moving pos past it, or jumps to fail,
// where whoever made fail restores the position. Where end is false, what
// follows e does not read pos (e ends a lookahead): then e only has to
// succeed or fail, so it does not move pos past its last byte, and a part
// that cannot fail is left out (a store nothing reads is what staticcheck
// reports, in generated code too).
func (c *compiler) expr(e *expr, fail string, end bool) {
	if !c.canSucceed(e) {
		c.line("goto %s", fail)
		return
	}
	switch e.op {
	case opSeq:
		for i := 0; i < len(e.kids); i++ {
			k := e.kids[i]
			parts := 0
			if end {
				parts = c.sharedParts(k, e.kids[i+1:])
			}
			if parts == 0 {
				c.expr(k, fail, end || i < len(e.kids)-1)
				continue
			}
			// The repetition, then A' unless the last round's A stands
			// for it.
			sh := &sharedPrefix{rep: k, parts: parts, end: c.newSave()}
			c.line("%s = 0", sh.end)
			c.shared = sh
			c.expr(k, fail, true)
			c.shared = nil
			read, after := c.newLabel(), c.newLabel()
			c.line("if %s <= pos || !(%s) {", sh.end, c.test(e.kids[i+1]))
			c.line("\tgoto %s", read)
			c.line("}")
			c.line("pos = %s", sh.end)
			c.line("goto %s", after)
			c.label(read)
			for _, a := range e.kids[i+1 : i+1+parts] {
				c.expr(a, fail, true)
			}
			c.label(after)
			i += parts
		}
	case opChoice:
		// Alternatives that cannot succeed are left out, and those after
		// one that cannot fail are never tried.
		var alts []*expr
		for _, k := range e.kids {
			if c.canSucceed(k) {
				alts = append(alts, k)
				if !c.canFail(k) {
					break
				}
			}
		}
		if len(alts) == 1 {
			c.expr(alts[0], fail, end)
			return
		}
		e = &expr{op: opChoice, kids: alts}
		done := c.newLabel()
		// The tokens are taken back after an alternative that can append
		// some fails (the last one's failure is the caller's to undo).
		undo := &expr{op: opChoice, kids: e.kids[:len(e.kids)-1]}
		pos, mark := c.save(undo)
		for i, k := range e.kids {
			if i == len(e.kids)-1 {
				c.expr(k, fail, end)
				break
			}
			next := c.newLabel()
			c.expr(k, next, end)
			c.line("goto %s", done)
			c.label(next)
			c.line("pos = %s", pos)
			if mark != "" && tokens(k) {
				c.line("p.cut(%s)", mark)
			}
		}
		c.label(done)
	case opOptional:
		if k := e.kids[0]; !end || !c.canSucceed(k) {
			return // it cannot fail, and it only matches nothing
		} else if !c.canFail(k) {
			c.expr(k, fail, end)
			return
		}
		if k := e.kids[0]; oneByte(k) {
			c.line("if pos < len(s) && %s {", c.test(k))
			c.line("\tpos++")
			c.line("}")
			return
		}
		no, yes := c.newLabel(), c.newLabel()
		if b, ok := c.scanFor(e.kids[0]); ok {
			c.scans = true
			c.jumpIf(fmt.Sprintf("strings.IndexByte(s[pos:], %s) < 0", byteLiteral(b)), yes)
		}
		pos, mark := c.save(e)
		c.expr(e.kids[0], no, true)
		c.line("goto %s", yes)
		c.label(no)
		c.restore(pos, mark)
		c.label(yes)
	case opStar, opPlus:
		c.rounds++
		defer func() { c.rounds-- }()
		if !end || !c.canSucceed(e.kids[0]) {
			if e.op == opPlus {
				c.expr(e.kids[0], fail, false) // once is enough
			}
			return // a star cannot fail, and it matches nothing more
		}
		if k := e.kids[0]; oneByte(k) {
			if e.op == opPlus {
				c.jumpIf(fmt.Sprintf("pos >= len(s) || !(%s)", c.test(k)), fail)
				c.line("pos++")
			}
			c.line("for pos < len(s) && %s {", c.test(k))
			c.line("\tpos++")
			c.line("}")
			return
		}
		// A round that matches nothing ends the repetition, as in the
		// grammar checks' machine (peg's parsers would loop forever).
		if k := e.kids[0]; !c.canFail(k) {
			loop, pos := c.newLabel(), c.newSave()
			c.label(loop)
			c.line("%s = pos", pos)
			c.expr(k, "", true)
			c.jumpIf(fmt.Sprintf("pos != %s", pos), loop)
			return
		}
		loop, stop, out := c.newLabel(), c.newLabel(), c.newLabel()
		count := ""
		if e.op == opPlus {
			count = c.newCount()
			c.line("%s = 0", count)
		}
		c.label(loop)
		pos, mark := c.save(e)
		if sh := c.shared; sh != nil && sh.rep == e {
			c.shared = nil // not the repetitions within
			for i, k := range e.kids[0].kids {
				c.expr(k, stop, true)
				if i == sh.parts-1 {
					c.line("%s = pos", sh.end)
				}
			}
		} else {
			c.expr(e.kids[0], stop, true)
		}
		if count != "" {
			c.line("%s++", count)
		}
		c.jumpIf(fmt.Sprintf("pos != %s", pos), loop)
		c.line("goto %s", out)
		c.label(stop)
		c.restore(pos, mark)
		if count != "" {
			c.jumpIf(fmt.Sprintf("%s == 0", count), fail)
		}
		c.label(out)
	case opAnd:
		k := e.kids[0]
		switch {
		case oneByte(k):
			c.jumpIf(fmt.Sprintf("pos >= len(s) || !(%s)", c.test(k)), fail)
		case k.op == opDot:
			c.jumpIf("pos >= len(s)", fail)
		default:
			pos, mark := c.saveFor(k, end)
			c.expr(k, fail, false)
			if end {
				c.restore(pos, mark)
			} else if mark != "" {
				c.line("p.cut(%s)", mark)
			}
		}
	case opNot:
		k := e.kids[0]
		switch {
		case oneByte(k):
			c.jumpIf(fmt.Sprintf("pos < len(s) && %s", c.test(k)), fail)
		case k.op == opDot:
			c.jumpIf("pos < len(s)", fail)
		default:
			ok := c.newLabel()
			pos, mark := c.saveFor(k, end)
			c.expr(k, ok, false)
			c.line("goto %s", fail)
			c.label(ok)
			if end {
				c.restore(pos, mark)
			} else if mark != "" {
				c.line("p.cut(%s)", mark)
			}
		}
	case opLiteral:
		if len(e.text) == 1 {
			c.jumpIf("pos >= len(s) || s[pos] != "+byteLiteral(e.text[0]), fail)
		} else {
			c.jumpIf(fmt.Sprintf("len(s)-pos < %d || s[pos:pos+%d] != %q", len(e.text), len(e.text), e.text), fail)
		}
		if end {
			c.line("pos += %d", len(e.text))
		}
	case opClass:
		c.jumpIf(fmt.Sprintf("pos >= len(s) || !(%s)", c.test(e)), fail)
		if end {
			c.line("pos++")
		}
	case opDot:
		c.jumpIf("pos >= len(s)", fail)
		if end {
			c.line("pos++")
		}
	case opRef:
		c.jumpIf(fmt.Sprintf("pos = p.match%s(s, pos); pos < 0", e.text), fail)
	case opCode:
		if e.run == nil {
			c.jumpIf(fmt.Sprintf("!(%s)", e.text), fail)
			return
		}
		if e.run.nullable && !end {
			return // it cannot fail
		}
		if e.run.run == "" {
			// (A* B)* with disjoint classes A and B (see accelerate): the
			// run of A-or-B bytes, then back to its last B.
			start := c.newSave()
			c.line("%s = pos", start)
			c.line("pos = syntax.Span(s, pos, &%s)", e.run.class)
			c.line("for pos > %s && !%s[s[pos-1]] {", start, e.run.ends)
			c.line("\tpos--")
			c.line("}")
			return
		}
		// The bytes of the run's class here, the rest (from an escape or
		// a byte sequence) in syntax.Star, which is too large to inline.
		c.runs = true
		start := ""
		if !e.run.nullable {
			start = c.newSave()
			c.line("%s = pos", start)
		}
		c.line("run = &%s", e.run.run)
		c.line("pos = syntax.Span(s, pos, &run.Class)")
		var more []string
		if e.run.escapes {
			more = append(more, "s[pos] == '%'")
		}
		if e.run.others {
			more = append(more, "s[pos] >= 0x80")
		}
		if len(more) > 0 {
			c.line("if pos < len(s) && (%s) {", strings.Join(more, " || "))
			c.line("\tpos = syntax.Star(s, pos, run)")
			c.line("}")
		}
		if start != "" {
			c.jumpIf(fmt.Sprintf("pos == %s", start), fail)
		}
	default:
		panic(fmt.Sprintf("gen: compile: unknown expression %v", e.op))
	}
}
