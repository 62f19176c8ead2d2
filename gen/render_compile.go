package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/constant"
	"go/format"
	"go/types"
	"html/template"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"text/template/parse"
)

// templateCompileError is a construct of a template the compiler does not
// translate, or a template that does not type-check against package
// site: where (the template file, line and column) and why.
type templateCompileError struct {
	Pos       string // e.g. "site/templates/result.html:12:34"
	Construct string // the action or node, as the template writes it
	Msg       string
}

func (e *templateCompileError) Error() string {
	if e.Construct == "" {
		return e.Pos + ": " + e.Msg
	}
	return fmt.Sprintf("%s: %s: %s", e.Pos, e.Construct, e.Msg)
}

// templateBail is how the compiler stops on a templateCompileError: a
// panic of this type that compileTemplates recovers.
type templateBail struct{ err *templateCompileError }

// compileTemplates compiles the entries of the package in dir into the
// source of its render_gen.go.
func compileTemplates(dir string, list []renderEntry) ([]byte, error) {
	pkg, err := loadPackage(dir)
	if err != nil {
		return nil, err
	}
	c := &templateCompiler{pkg: pkg, dir: dir, fns: map[renderFuncKey]*renderFunc{}, sets: map[string]*template.Template{}}
	if err := c.lookupTypes(); err != nil {
		return nil, err
	}
	if err := c.compile(list); err != nil {
		return nil, err
	}
	return c.source()
}

// templateCompiler holds what one run knows: package site's types, the escaped
// template sets, and the functions written so far.
type templateCompiler struct {
	pkg      *types.Package
	dir      string
	htmlType types.Type // internal/safeout.HTML
	errType  *types.Interface
	strType  *types.Interface // fmt.Stringer
	sets     map[string]*template.Template
	fns      map[renderFuncKey]*renderFunc
	order    []*renderFunc
	usesConv bool // the output needs strconv
}

// renderFuncKey names a generated function: a template of a set, executed with
// data of a type.
type renderFuncKey struct {
	set, name, dot string
}

// renderFunc is one generated function: a template executed with data of
// one type.
type renderFunc struct {
	c     *templateCompiler
	name  string
	set   string
	entry bool // called by the package, not by another template
	tree  *parse.Tree
	dot   types.Type
	body  bytes.Buffer
	ntemp int
	// checked holds, for each Go block open where code is being written,
	// the expressions checked not to be nil in it: a check dominates the
	// rest of its block.
	checked []map[string]bool
	// action is the action being compiled: where an error in a node
	// html/template added (an escaper, at no position) is reported.
	action parse.Node
}

// enter and leave open and close a Go block.
func (f *renderFunc) enter() { f.checked = append(f.checked, map[string]bool{}) }
func (f *renderFunc) leave() { f.checked = f.checked[:len(f.checked)-1] }

// notNil emits a check that expr is not nil, failing with msg at n,
// unless a check dominates this point.
func (f *renderFunc) notNil(n parse.Node, expr, msg string) {
	for _, m := range f.checked {
		if m[expr] {
			return
		}
	}
	f.emit("if %s == nil { return %s }", expr, f.errorAt(n, strconv.Quote(msg)))
	f.checked[len(f.checked)-1][expr] = true
}

func (c *templateCompiler) lookupTypes() error {
	for _, imp := range c.pkg.Imports() {
		if imp.Path() == safeoutPath {
			if obj, ok := imp.Scope().Lookup("HTML").(*types.TypeName); ok {
				c.htmlType = obj.Type()
			}
		}
	}
	if c.htmlType == nil {
		return fmt.Errorf("package %s does not import %s (its HTML type is how a value says it is markup)", c.pkg.Path(), safeoutPath)
	}
	errObj := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	c.errType = errObj
	sig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", types.Typ[types.String])), false)
	c.strType = types.NewInterfaceType([]*types.Func{types.NewFunc(0, nil, "String", sig)}, nil).Complete()
	return nil
}

// set parses and escapes a page's templates, once.
func (c *templateCompiler) set(e renderEntry) (*template.Template, error) {
	if t, ok := c.sets[e.set]; ok {
		return t, nil
	}
	var paths []string
	for _, f := range e.files {
		paths = append(paths, filepath.Join(c.dir, "templates", f))
	}
	t, err := template.ParseFiles(paths...)
	if err != nil {
		return nil, err
	}
	c.sets[e.set] = t
	return t, nil
}

// escapeTemplate has html/template escape template name of t, as its first
// execution does; the execution itself, with no data, is expected to fail
// and is not looked at.
func escapeTemplate(t *template.Template, name string) error {
	err := t.ExecuteTemplate(io.Discard, name, nil)
	var escErr *template.Error
	if errors.As(err, &escErr) {
		return err
	}
	return nil
}

func (c *templateCompiler) compile(list []renderEntry) (err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(templateBail)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	for _, e := range list {
		t, err := c.set(e)
		if err != nil {
			return err
		}
		if err := escapeTemplate(t, e.name); err != nil {
			return err
		}
		dot, err := c.typeNamed(e.dot)
		if err != nil {
			return err
		}
		c.function(e.set, e.name, dot, e.fn)
	}
	// Compile the queue: a function's body may add callees.
	for i := 0; i < len(c.order); i++ {
		c.order[i].compile()
	}
	return nil
}

// typeNamed is a type of package site by its name, with a leading "*"
// for a pointer to it.
func (c *templateCompiler) typeNamed(name string) (types.Type, error) {
	ptr := strings.HasPrefix(name, "*")
	obj, ok := c.pkg.Scope().Lookup(strings.TrimPrefix(name, "*")).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("package %s has no type %s", c.pkg.Path(), name)
	}
	t := obj.Type()
	if ptr {
		t = types.NewPointer(t)
	}
	return t, nil
}

// function returns the function executing template name of set with data
// of type dot, queued for compiling if new; goName is its name, or ""
// for one made up.
func (c *templateCompiler) function(set, name string, dot types.Type, goName string) *renderFunc {
	key := renderFuncKey{set, name, types.TypeString(dot, nil)}
	if f, ok := c.fns[key]; ok {
		return f
	}
	tmpl := c.sets[set].Lookup(name)
	if tmpl == nil || tmpl.Tree == nil {
		return nil
	}
	entry := goName != ""
	if !entry {
		goName = "render" + camel(set) + camel(name)
		for n := 2; c.nameTaken(goName); n++ {
			goName = fmt.Sprintf("render%s%s%d", camel(set), camel(name), n)
		}
	}
	f := &renderFunc{c: c, name: goName, set: set, tree: tmpl.Tree, dot: dot, entry: entry}
	c.fns[key] = f
	c.order = append(c.order, f)
	return f
}

func (c *templateCompiler) nameTaken(name string) bool {
	for _, f := range c.order {
		if f.name == name {
			return true
		}
	}
	return false
}

// camel makes a Go identifier's part of a template's or set's name.
func camel(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			if up && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}

const safeoutPath = "github.com/rfc2396/rfc2396/internal/safeout"

// source is the generated file.
func (c *templateCompiler) source() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by gen render from site/templates/*.html; DO NOT EDIT.\n\n")
	b.WriteString("package " + c.pkg.Name() + "\n\nimport (\n")
	if c.usesConv {
		b.WriteString("\t\"strconv\"\n")
	}
	b.WriteString("\t\"strings\"\n\n\t\"" + safeoutPath + "\"\n)\n")
	for _, f := range c.order {
		b.WriteString("\n")
		fmt.Fprintf(&b, "// %s executes the template %q of the %s page's set (%s), escaped as html/template escapes it.\n",
			f.name, f.tree.Name, f.set, f.tree.ParseName)
		if f.entry {
			// A method the template calls may panic: the rendering
			// fails with an error instead, as text/template's does.
			fmt.Fprintf(&b, "func %s(w *strings.Builder, dot %s) (err error) {\n", f.name, c.typeString(f.dot))
			fmt.Fprintf(&b, "defer recoverTemplate(&err, %q)\n", f.tree.Name)
		} else {
			fmt.Fprintf(&b, "func %s(w *strings.Builder, dot %s) error {\n", f.name, c.typeString(f.dot))
		}
		b.Write(f.body.Bytes())
		b.WriteString("return nil\n}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("the generated code does not parse (a bug of gen render): %v", err)
	}
	return src, nil
}

// typeString writes t as package site's code names it.
func (c *templateCompiler) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == c.pkg {
			return ""
		}
		return p.Name()
	})
}

// templateValue is what an expression of the template evaluates to: a Go
// expression (a variable, a literal) and its type.
type templateValue struct {
	expr string
	typ  types.Type
	// nonNil says the value is a pointer known not to be nil (the dot of
	// a with, the receiver of a checked field access).
	nonNil bool
	// truthOnly says the value is the truth of an and/or of operands of
	// different types: it can decide an if, nothing else.
	truthOnly bool
}

// templateScope holds the template's variables.
type templateScope struct {
	name   string
	v      templateValue
	parent *templateScope
}

func (s *templateScope) lookup(name string) (templateValue, bool) {
	for ; s != nil; s = s.parent {
		if s.name == name {
			return s.v, true
		}
	}
	return templateValue{}, false
}

// fail stops the compiler at node n.
func (f *renderFunc) fail(n parse.Node, format string, args ...any) {
	if (n == nil || n.Position() == 0) && f.action != nil {
		n = f.action
	}
	loc, ctx := f.tree.ErrorContext(n)
	panic(templateBail{&templateCompileError{Pos: filepath.ToSlash(filepath.Join(f.c.dir, "templates")) + "/" + loc, Construct: ctx, Msg: fmt.Sprintf(format, args...)}})
}

func (f *renderFunc) emit(format string, args ...any) {
	fmt.Fprintf(&f.body, format, args...)
	f.body.WriteByte('\n')
}

func (f *renderFunc) temp() string {
	f.ntemp++
	return "v" + strconv.Itoa(f.ntemp)
}

// errorAt is the Go expression of a TemplateError for node n.
func (f *renderFunc) errorAt(n parse.Node, msg string) string {
	loc, ctx := f.tree.ErrorContext(n)
	return fmt.Sprintf("templateError(%q, %q, %q, %s)", f.tree.Name, loc, ctx, msg)
}

func (f *renderFunc) compile() {
	root := &templateScope{name: "$", v: templateValue{expr: "dot", typ: f.dot}}
	f.enter()
	f.list(f.tree.Root, root.v, root)
	f.leave()
}

func (f *renderFunc) list(l *parse.ListNode, dot templateValue, sc *templateScope) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		sc = f.node(n, dot, sc)
	}
}

// node compiles n; it returns the scope after it, with the variables it
// declares.
func (f *renderFunc) node(n parse.Node, dot templateValue, sc *templateScope) *templateScope {
	switch n := n.(type) {
	case *parse.TextNode:
		if len(n.Text) > 0 {
			f.emit("writeString(w, %s)", strconv.Quote(string(n.Text)))
		}
	case *parse.CommentNode:
	case *parse.ActionNode:
		f.action = n
		defer func() { f.action = nil }()
		if len(n.Pipe.Decl) > 0 {
			return f.declare(n, n.Pipe, dot, sc)
		}
		f.print(n, n.Pipe, dot, sc)
	case *parse.IfNode:
		f.branch(n, &n.BranchNode, dot, sc, false)
	case *parse.WithNode:
		f.branch(n, &n.BranchNode, dot, sc, true)
	case *parse.RangeNode:
		f.rangeNode(n, dot, sc)
	case *parse.TemplateNode:
		f.call(n, dot, sc)
	case *parse.BreakNode:
		f.emit("break")
	case *parse.ContinueNode:
		f.emit("continue")
	case *parse.ListNode:
		f.list(n, dot, sc)
	default:
		f.fail(n, "the compiler does not translate this node (%T)", n)
	}
	return sc
}

// declare compiles {{$x := pipeline}} (or "=", an assignment to a
// variable in scope).
func (f *renderFunc) declare(n parse.Node, pipe *parse.PipeNode, dot templateValue, sc *templateScope) *templateScope {
	if len(pipe.Decl) != 1 {
		f.fail(n, "a declaration of %d variables outside range", len(pipe.Decl))
	}
	v := f.pipeline(pipe, dot, sc)
	f.mustValue(n, v)
	name := pipe.Decl[0].Ident[0]
	if pipe.IsAssign {
		old, ok := sc.lookup(name)
		if !ok {
			f.fail(n, "assignment to %s, which is not declared", name)
		}
		if !types.AssignableTo(v.typ, old.typ) {
			f.fail(n, "%s has type %s, cannot assign %s", name, f.c.typeString(old.typ), f.c.typeString(v.typ))
		}
		f.emit("%s = %s", old.expr, v.expr)
		return sc
	}
	t := f.temp()
	typ := defaultType(v.typ)
	f.emit("%s := %s(%s)", t, f.c.typeString(typ), v.expr)
	f.emit("_ = %s", t)
	return &templateScope{name: name, v: templateValue{expr: t, typ: typ}, parent: sc}
}

// defaultType is the type an untyped constant takes in a variable.
func defaultType(t types.Type) types.Type { return types.Default(t) }

func (f *renderFunc) mustValue(n parse.Node, v templateValue) {
	if v.truthOnly {
		f.fail(n, "and/or of operands of different types used as a value (only an if may test it)")
	}
}

// print compiles an action that writes its pipeline's value: in an
// escaped template its last command is an escaper, written straight into
// w.
func (f *renderFunc) print(n *parse.ActionNode, pipe *parse.PipeNode, dot templateValue, sc *templateScope) {
	if len(pipe.Cmds) < 2 {
		f.fail(n, "an action without an escaper: html/template did not escape it")
	}
	last := pipe.Cmds[len(pipe.Cmds)-1]
	id, ok := last.Args[0].(*parse.IdentifierNode)
	if !ok || !strings.HasPrefix(id.Ident, "_html_template_") || len(last.Args) != 1 {
		f.fail(n, "an action whose last command is not an escaper of html/template")
	}
	v := f.commands(pipe.Cmds[:len(pipe.Cmds)-1], dot, sc)
	f.mustValue(n, v)
	f.escape(n, id.Ident, v, true)
}

// escape applies html/template's escaper name to v; with write it writes
// the result into w and returns nothing.
func (f *renderFunc) escape(n parse.Node, name string, v templateValue, write bool) templateValue {
	s, isHTML := f.stringify(n, v)
	var expr string
	direct := false // expr writes into w
	switch name {
	case "_html_template_htmlescaper":
		if isHTML {
			expr = s
		} else if write {
			expr, direct = "safeout.WriteHTMLText(w, "+s+")", true
		} else {
			expr = "safeout.HTMLText(" + s + ")"
		}
	case "_html_template_attrescaper":
		if isHTML {
			f.fail(n, "markup (safeout.HTML) in an attribute value: html/template strips its tags, which the compiler does not do")
		}
		if write {
			expr, direct = "safeout.WriteHTMLText(w, "+s+")", true
		} else {
			expr = "safeout.HTMLText(" + s + ")"
		}
	case "_html_template_rcdataescaper":
		switch {
		case isHTML && write:
			expr, direct = "safeout.WriteNormHTML(w, safeout.HTML("+s+"))", true
		case isHTML:
			expr = "safeout.NormHTML(safeout.HTML(" + s + "))"
		case write:
			expr, direct = "safeout.WriteHTMLText(w, "+s+")", true
		default:
			expr = "safeout.HTMLText(" + s + ")"
		}
	case "_html_template_urlfilter":
		expr = "safeout.FilterURL(" + s + ")"
	case "_html_template_urlnormalizer":
		expr = "safeout.NormalizeURL(" + s + ")"
	case "_html_template_urlescaper":
		expr = "safeout.EscapeURL(" + s + ")"
	default:
		f.fail(n, "html/template's escaper %s is not implemented by internal/safeout", name)
	}
	if write {
		if direct {
			f.emit("%s", expr)
		} else {
			f.emit("writeString(w, %s)", expr)
		}
		return templateValue{}
	}
	t := f.temp()
	f.emit("%s := %s", t, expr)
	return templateValue{expr: t, typ: types.Typ[types.String]}
}

// stringify is the Go expression of v as a string, as html/template's
// stringify makes one, and whether it is markup (safeout.HTML).
func (f *renderFunc) stringify(n parse.Node, v templateValue) (string, bool) {
	f.mustValue(n, v)
	t := v.typ
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return f.constString(n, v), false
	}
	if types.Identical(t, types.Typ[types.String]) {
		return v.expr, false
	}
	if types.Identical(t, f.c.htmlType) {
		return "string(" + v.expr + ")", true
	}
	// fmt.Sprint: an error's Error, a Stringer's String, else the value.
	for _, m := range []struct {
		iface *types.Interface
		name  string
	}{{f.c.errType, "Error"}, {f.c.strType, "String"}} {
		if types.Implements(t, m.iface) {
			if isNilable(t) && !v.nonNil {
				f.notNil(n, v.expr, "nil "+f.c.typeString(t)+" printed")
			}
			return v.expr + "." + m.name + "()", false
		}
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		f.fail(n, "a value of type %s, which the compiler does not print", f.c.typeString(t))
	}
	f.c.usesConv = true
	switch {
	case b.Info()&types.IsString != 0:
		return "string(" + v.expr + ")", false
	case b.Kind() == types.Bool:
		return "strconv.FormatBool(bool(" + v.expr + "))", false
	case b.Info()&types.IsUnsigned != 0:
		return "strconv.FormatUint(uint64(" + v.expr + "), 10)", false
	case b.Info()&types.IsInteger != 0:
		return "strconv.FormatInt(int64(" + v.expr + "), 10)", false
	}
	f.fail(n, "a value of type %s, which the compiler does not print", f.c.typeString(t))
	return "", false
}

// constString is an untyped constant as fmt.Sprint prints it, quoted.
func (f *renderFunc) constString(n parse.Node, v templateValue) string {
	cv := constantOf(v.expr)
	if cv == nil {
		f.fail(n, "a constant the compiler does not print")
	}
	switch cv.Kind() {
	case constant.String:
		return v.expr
	case constant.Int, constant.Bool:
		return strconv.Quote(cv.ExactString())
	}
	f.fail(n, "a constant the compiler does not print")
	return ""
}

// constantOf reads a literal the compiler wrote.
func constantOf(lit string) constant.Value {
	switch {
	case lit == "true" || lit == "false":
		return constant.MakeBool(lit == "true")
	case strings.HasPrefix(lit, `"`) || strings.HasPrefix(lit, "`"):
		s, err := strconv.Unquote(lit)
		if err != nil {
			return nil
		}
		return constant.MakeString(s)
	}
	i, err := strconv.ParseInt(lit, 10, 64)
	if err != nil {
		return nil
	}
	return constant.MakeInt64(i)
}

func isNilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Signature, *types.Chan:
		return true
	}
	return false
}

// truth is the Go condition that v is true as text/template's if, with
// and range see it.
func (f *renderFunc) truth(n parse.Node, v templateValue) string {
	if v.truthOnly {
		return v.expr
	}
	switch u := v.typ.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsUntyped != 0:
			cv := constantOf(v.expr)
			if cv == nil {
				f.fail(n, "a constant the compiler does not test")
			}
			switch cv.Kind() {
			case constant.Bool:
				return strconv.FormatBool(constant.BoolVal(cv))
			case constant.String:
				return strconv.FormatBool(constant.StringVal(cv) != "")
			case constant.Int:
				return strconv.FormatBool(cv.ExactString() != "0")
			}
		case u.Kind() == types.Bool:
			return v.expr
		case u.Info()&types.IsString != 0:
			return "len(" + v.expr + ") > 0"
		case u.Info()&types.IsNumeric != 0:
			return v.expr + " != 0"
		}
	case *types.Slice, *types.Map, *types.Array:
		return "len(" + v.expr + ") > 0"
	case *types.Pointer, *types.Interface, *types.Signature, *types.Chan:
		if v.nonNil {
			return "true"
		}
		return v.expr + " != nil"
	case *types.Struct:
		return "true"
	}
	f.fail(n, "a value of type %s, which the compiler does not test for truth", f.c.typeString(v.typ))
	return ""
}

// branch compiles an if or a with.
func (f *renderFunc) branch(n parse.Node, b *parse.BranchNode, dot templateValue, sc *templateScope, with bool) {
	inner := sc
	var v templateValue
	if len(b.Pipe.Decl) > 0 {
		inner = f.declare(n, b.Pipe, dot, sc)
		v = inner.v
	} else {
		v = f.pipeline(b.Pipe, dot, sc)
	}
	cond := f.truth(n, v)
	if !strings.Contains(cond, v.expr) && identRE.MatchString(v.expr) {
		f.emit("_ = %s", v.expr)
	}
	f.emit("if %s {", cond)
	f.enter()
	if with {
		f.mustValue(n, v)
		v.nonNil = true
		f.list(b.List, v, inner)
	} else {
		f.list(b.List, dot, inner)
	}
	f.leave()
	if b.ElseList != nil {
		f.emit("} else {")
		f.enter()
		f.list(b.ElseList, dot, inner)
		f.leave()
	}
	f.emit("}")
}

var identRE = regexp.MustCompile(`\bv[0-9]+\b`)

// rangeNode compiles a range over a slice or an array.
func (f *renderFunc) rangeNode(n *parse.RangeNode, dot templateValue, sc *templateScope) {
	v := f.pipeline(n.Pipe, dot, sc)
	f.mustValue(n, v)
	var elem types.Type
	switch u := v.typ.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		f.fail(n, "range over a value of type %s: the compiler ranges over slices and arrays", f.c.typeString(v.typ))
	}
	if len(n.Pipe.Decl) > 2 {
		f.fail(n, "range declares %d variables", len(n.Pipe.Decl))
	}
	i, e := f.temp(), f.temp()
	inner := sc
	ev := templateValue{expr: e, typ: elem}
	switch len(n.Pipe.Decl) {
	case 1:
		inner = &templateScope{name: n.Pipe.Decl[0].Ident[0], v: ev, parent: inner}
	case 2:
		inner = &templateScope{name: n.Pipe.Decl[0].Ident[0], v: templateValue{expr: i, typ: types.Typ[types.Int]}, parent: inner}
		inner = &templateScope{name: n.Pipe.Decl[1].Ident[0], v: ev, parent: inner}
	}
	if n.ElseList != nil {
		f.emit("if len(%s) == 0 {", v.expr)
		f.enter()
		f.list(n.ElseList, dot, sc)
		f.leave()
		f.emit("}")
	}
	// The loop's body, to see which of its variables it uses.
	saved := f.body
	f.body = bytes.Buffer{}
	f.enter()
	f.list(n.List, ev, inner)
	f.leave()
	body := f.body
	f.body = saved
	used := map[string]bool{}
	for _, id := range identRE.FindAll(body.Bytes(), -1) {
		used[string(id)] = true
	}
	iName, eName := "_", "_"
	if used[i] {
		iName = i
	}
	if used[e] {
		eName = e
	}
	if eName == "_" {
		f.emit("for %s := range %s {", iName, v.expr)
	} else {
		f.emit("for %s, %s := range %s {", iName, eName, v.expr)
	}
	f.body.Write(body.Bytes())
	f.emit("}")
}

// call compiles {{template "name" pipeline}}.
func (f *renderFunc) call(n *parse.TemplateNode, dot templateValue, sc *templateScope) {
	if n.Pipe == nil {
		f.fail(n, "a template called without data")
	}
	v := f.pipeline(n.Pipe, dot, sc)
	f.mustValue(n, v)
	if b, ok := v.typ.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		f.fail(n, "a template called with a constant")
	}
	callee := f.c.function(f.set, n.Name, v.typ, "")
	if callee == nil {
		f.fail(n, "no template %q in the set", n.Name)
	}
	f.emit("if err := %s(w, %s); err != nil { return err }", callee.name, v.expr)
}

// pipeline evaluates a pipeline that prints nothing (an if's, a with's,
// a range's, an argument).
func (f *renderFunc) pipeline(p *parse.PipeNode, dot templateValue, sc *templateScope) templateValue {
	if p == nil || len(p.Cmds) == 0 {
		f.fail(p, "an empty pipeline")
	}
	return f.commands(p.Cmds, dot, sc)
}

// commands evaluates cmds, each command's value the last argument of the
// next.
func (f *renderFunc) commands(cmds []*parse.CommandNode, dot templateValue, sc *templateScope) templateValue {
	var final *templateValue
	var v templateValue
	for _, cmd := range cmds {
		v = f.command(cmd, dot, sc, final)
		final = &v
	}
	return v
}

func (f *renderFunc) command(cmd *parse.CommandNode, dot templateValue, sc *templateScope, final *templateValue) templateValue {
	args := cmd.Args[1:]
	switch n := cmd.Args[0].(type) {
	case *parse.FieldNode:
		return f.chain(n, dot, n.Ident, args, final, dot, sc)
	case *parse.VariableNode:
		v, ok := sc.lookup(n.Ident[0])
		if !ok {
			f.fail(n, "undefined variable %s", n.Ident[0])
		}
		if len(n.Ident) == 1 {
			f.noArgs(cmd, args, final)
			return v
		}
		return f.chain(n, v, n.Ident[1:], args, final, dot, sc)
	case *parse.ChainNode:
		v := f.arg(n.Node, dot, sc)
		return f.chain(n, v, n.Field, args, final, dot, sc)
	case *parse.IdentifierNode:
		return f.builtin(cmd, n, args, final, dot, sc)
	case *parse.PipeNode:
		f.noArgs(cmd, args, final)
		return f.pipeline(n, dot, sc)
	default:
		f.noArgs(cmd, args, final)
		return f.arg(n, dot, sc)
	}
}

func (f *renderFunc) noArgs(n parse.Node, args []parse.Node, final *templateValue) {
	if len(args) > 0 || final != nil {
		f.fail(n, "arguments given to a value that is no function or method")
	}
}

// arg evaluates an argument.
func (f *renderFunc) arg(n parse.Node, dot templateValue, sc *templateScope) templateValue {
	switch n := n.(type) {
	case *parse.DotNode:
		return dot
	case *parse.StringNode:
		return templateValue{expr: strconv.Quote(n.Text), typ: types.Typ[types.UntypedString]}
	case *parse.BoolNode:
		return templateValue{expr: strconv.FormatBool(n.True), typ: types.Typ[types.UntypedBool]}
	case *parse.NumberNode:
		if !n.IsInt {
			f.fail(n, "a number that is not an integer")
		}
		return templateValue{expr: strconv.FormatInt(n.Int64, 10), typ: types.Typ[types.UntypedInt]}
	case *parse.FieldNode, *parse.VariableNode, *parse.ChainNode, *parse.IdentifierNode:
		cmd := &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Position(), Args: []parse.Node{n}}
		return f.command(cmd, dot, sc, nil)
	case *parse.PipeNode:
		if len(n.Decl) > 0 {
			f.fail(n, "a declaration inside an argument")
		}
		return f.pipeline(n, dot, sc)
	}
	f.fail(n, "an argument the compiler does not translate (%T)", n)
	return templateValue{}
}

// chain evaluates .A.B.C on recv, the last with args (and final).
func (f *renderFunc) chain(n parse.Node, recv templateValue, idents []string, args []parse.Node, final *templateValue, dot templateValue, sc *templateScope) templateValue {
	v := recv
	for i, name := range idents {
		f.mustValue(n, v)
		last := i == len(idents)-1
		var a []parse.Node
		var fin *templateValue
		if last {
			a, fin = args, final
		}
		v = f.selector(n, v, name, a, fin, dot, sc)
	}
	return v
}

// selector evaluates recv.name: a method, called with args, or a field.
func (f *renderFunc) selector(n parse.Node, recv templateValue, name string, args []parse.Node, final *templateValue, dot templateValue, sc *templateScope) templateValue {
	if b, ok := recv.typ.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		f.fail(n, "field or method %s of a constant", name)
	}
	obj, index, _ := types.LookupFieldOrMethod(recv.typ, true, f.c.pkg, name)
	if obj == nil {
		f.fail(n, "type %s has no field or method %s", f.c.typeString(recv.typ), name)
	}
	if !obj.Exported() {
		f.fail(n, "%s of %s is unexported: text/template cannot reach it", name, f.c.typeString(recv.typ))
	}
	if len(index) > 1 {
		f.fail(n, "%s is promoted from an embedded field, which the compiler does not follow", name)
	}
	if isNilable(recv.typ) && !recv.nonNil {
		if _, isPtr := recv.typ.Underlying().(*types.Pointer); !isPtr {
			f.fail(n, "%s of a value of type %s: the compiler reaches fields and methods of structs and pointers", name, f.c.typeString(recv.typ))
		}
		f.notNil(n, recv.expr, "nil pointer evaluating "+f.c.typeString(recv.typ)+"."+name)
	}
	switch obj := obj.(type) {
	case *types.Var:
		if len(args) > 0 || final != nil {
			f.fail(n, "field %s given arguments", name)
		}
		// A field reached through a pointer: recv is known to be non-nil
		// now (later uses of the same variable skip the check).
		t := f.temp()
		f.emit("%s := %s.%s", t, recv.expr, name)
		return templateValue{expr: t, typ: obj.Type()}
	case *types.Func:
		sig := obj.Type().(*types.Signature)
		vals := make([]templateValue, 0, len(args)+1)
		for _, a := range args {
			vals = append(vals, f.arg(a, dot, sc))
		}
		if final != nil {
			vals = append(vals, *final)
		}
		return f.callFunc(n, recv.expr+"."+name, name, sig, vals)
	}
	f.fail(n, "%s is neither a field nor a method", name)
	return templateValue{}
}

// callFunc calls a method of signature sig.
func (f *renderFunc) callFunc(n parse.Node, fn, name string, sig *types.Signature, vals []templateValue) templateValue {
	if sig.Variadic() {
		f.fail(n, "%s is variadic, which the compiler does not call", name)
	}
	if sig.Params().Len() != len(vals) {
		f.fail(n, "%s takes %d arguments, given %d", name, sig.Params().Len(), len(vals))
	}
	var exprs []string
	for i, v := range vals {
		f.mustValue(n, v)
		p := sig.Params().At(i).Type()
		if !types.AssignableTo(v.typ, p) {
			f.fail(n, "argument %d of %s has type %s, not %s", i+1, name, f.c.typeString(v.typ), f.c.typeString(p))
		}
		exprs = append(exprs, v.expr)
	}
	call := fn + "(" + strings.Join(exprs, ", ") + ")"
	res := sig.Results()
	t := f.temp()
	switch {
	case res.Len() == 1:
		f.emit("%s := %s", t, call)
	case res.Len() == 2 && types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type()):
		e := f.temp()
		f.emit("%s, %s := %s", t, e, call)
		f.emit("if %s != nil { return %s }", e, f.errorAt(n, `"error calling `+name+`: " + `+e+".Error()"))
	default:
		f.fail(n, "%s returns %d values: text/template calls a method of one result, or of a result and an error", name, res.Len())
	}
	return templateValue{expr: t, typ: res.At(0).Type()}
}

// builtin evaluates a function of text/template's (and, or, not, len,
// index, slice, eq, ne, lt, le, gt, ge) or an escaper of html/template's.
func (f *renderFunc) builtin(cmd *parse.CommandNode, id *parse.IdentifierNode, args []parse.Node, final *templateValue, dot templateValue, sc *templateScope) templateValue {
	if strings.HasPrefix(id.Ident, "_html_template_") {
		if len(args) > 0 || final == nil {
			f.fail(cmd, "escaper %s not at the end of a pipeline", id.Ident)
		}
		return f.escape(cmd, id.Ident, *final, false)
	}
	// and and or evaluate their operands lazily.
	if id.Ident == "and" || id.Ident == "or" {
		return f.andOr(cmd, id.Ident, args, final, dot, sc)
	}
	vals := make([]templateValue, 0, len(args)+1)
	for _, a := range args {
		vals = append(vals, f.arg(a, dot, sc))
	}
	if final != nil {
		vals = append(vals, *final)
	}
	for _, v := range vals {
		if id.Ident != "not" {
			f.mustValue(cmd, v)
		}
	}
	want := func(k int) {
		if len(vals) != k {
			f.fail(cmd, "%s takes %d arguments, given %d", id.Ident, k, len(vals))
		}
	}
	boolean := func(expr string) templateValue {
		t := f.temp()
		f.emit("%s := %s", t, expr)
		return templateValue{expr: t, typ: types.Typ[types.Bool]}
	}
	switch id.Ident {
	case "not":
		want(1)
		return boolean("!(" + f.truth(cmd, vals[0]) + ")")
	case "len":
		want(1)
		switch u := vals[0].typ.Underlying().(type) {
		case *types.Slice, *types.Array, *types.Map:
		case *types.Basic:
			if u.Info()&types.IsString == 0 || u.Info()&types.IsUntyped != 0 {
				f.fail(cmd, "len of a value of type %s", f.c.typeString(vals[0].typ))
			}
		default:
			f.fail(cmd, "len of a value of type %s", f.c.typeString(vals[0].typ))
		}
		t := f.temp()
		f.emit("%s := len(%s)", t, vals[0].expr)
		return templateValue{expr: t, typ: types.Typ[types.Int]}
	case "index":
		if len(vals) < 1 {
			want(2)
		}
		v := vals[0]
		for _, ix := range vals[1:] {
			v = f.index(cmd, v, ix)
		}
		return v
	case "slice":
		if len(vals) < 2 || len(vals) > 3 {
			f.fail(cmd, "slice takes 2 or 3 arguments, given %d", len(vals))
		}
		return f.slice(cmd, vals[0], vals[1:])
	case "eq":
		if len(vals) < 2 {
			want(2)
		}
		var terms []string
		for _, b := range vals[1:] {
			terms = append(terms, f.compare(cmd, vals[0], "==", b))
		}
		return boolean(strings.Join(terms, " || "))
	case "ne", "lt", "le", "gt", "ge":
		want(2)
		op := map[string]string{"ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}[id.Ident]
		return boolean(f.compare(cmd, vals[0], op, vals[1]))
	}
	f.fail(cmd, "function %s: the compiler knows and, or, not, len, index, slice, eq, ne, lt, le, gt, ge and html/template's escapers", id.Ident)
	return templateValue{}
}

// andOr compiles and/or: the first operand that decides (false for and,
// true for or), or the last, each evaluated only if needed.
func (f *renderFunc) andOr(cmd *parse.CommandNode, name string, args []parse.Node, final *templateValue, dot templateValue, sc *templateScope) templateValue {
	n := len(args)
	if final != nil {
		n++
	}
	if n < 1 {
		f.fail(cmd, "%s takes at least 1 argument", name)
	}
	t := f.temp()
	truthOnly := false // the operands' types differ: the result is only a truth
	eval := func(i int) templateValue {
		if i < len(args) {
			return f.arg(args[i], dot, sc)
		}
		return *final
	}
	// First operand: declares the result.
	v := eval(0)
	f.mustValue(cmd, v)
	typ := defaultType(v.typ)
	// Whether all operands have one type can only be known once they
	// are compiled: write the rest into a buffer first.
	saved := f.body
	f.body = bytes.Buffer{}
	depth := 0
	var rest []templateValue
	prevCond := ""
	for i := 1; i < n; i++ {
		if i == 1 {
			prevCond = f.truth(cmd, v)
		}
		if name == "and" {
			f.emit("if %s {", prevCond)
		} else {
			f.emit("if !(%s) {", prevCond)
		}
		f.enter()
		depth++
		w := eval(i)
		f.mustValue(cmd, w)
		if !types.Identical(defaultType(w.typ), typ) {
			truthOnly = true
		}
		rest = append(rest, w)
		f.emit("\x00ASSIGN%d\x00", i)
		prevCond = f.truth(cmd, w)
	}
	for ; depth > 0; depth-- {
		f.emit("}")
		f.leave()
	}
	inner := f.body.String()
	f.body = saved
	if truthOnly {
		f.emit("%s := %s", t, f.truth(cmd, v))
		for i, w := range rest {
			inner = strings.Replace(inner, fmt.Sprintf("\x00ASSIGN%d\x00", i+1), fmt.Sprintf("%s = %s", t, f.truth(cmd, w)), 1)
		}
		f.body.WriteString(inner)
		return templateValue{expr: t, typ: types.Typ[types.Bool], truthOnly: true}
	}
	f.emit("%s := %s(%s)", t, f.c.typeString(typ), v.expr)
	for i, w := range rest {
		inner = strings.Replace(inner, fmt.Sprintf("\x00ASSIGN%d\x00", i+1), fmt.Sprintf("%s = %s", t, w.expr), 1)
	}
	f.body.WriteString(inner)
	return templateValue{expr: t, typ: typ}
}

// index evaluates index v i.
func (f *renderFunc) index(n parse.Node, v, ix templateValue) templateValue {
	switch u := v.typ.Underlying().(type) {
	case *types.Slice, *types.Array:
		f.intIndex(n, ix)
		var elem types.Type
		if s, ok := u.(*types.Slice); ok {
			elem = s.Elem()
		} else {
			elem = u.(*types.Array).Elem()
		}
		if a, ok := u.(*types.Array); ok && isConst(ix) {
			k, _ := strconv.ParseInt(ix.expr, 10, 64)
			if k < 0 || k >= a.Len() {
				f.fail(n, "index %d out of range of %s", k, f.c.typeString(v.typ))
			}
		} else {
			cond := ix.expr + " >= len(" + v.expr + ")"
			if !isConst(ix) {
				cond = ix.expr + " < 0 || " + cond
			} else if k, _ := strconv.ParseInt(ix.expr, 10, 64); k < 0 {
				f.fail(n, "index with a negative index %d", k)
			}
			msg := `"error calling index: index out of range: ` + ix.expr + `"`
			if !isConst(ix) {
				msg = `"error calling index: index out of range: " + strconv.Itoa(int(` + ix.expr + `))`
				f.c.usesConv = true
			}
			f.emit("if %s { return %s }", cond, f.errorAt(n, msg))
		}
		t := f.temp()
		f.emit("%s := %s[%s]", t, v.expr, ix.expr)
		return templateValue{expr: t, typ: elem}
	case *types.Map:
		if !types.AssignableTo(ix.typ, u.Key()) {
			f.fail(n, "index of a map with a key of type %s", f.c.typeString(ix.typ))
		}
		t := f.temp()
		f.emit("%s := %s[%s]", t, v.expr, ix.expr)
		return templateValue{expr: t, typ: u.Elem()}
	}
	f.fail(n, "index of a value of type %s", f.c.typeString(v.typ))
	return templateValue{}
}

// mustInt is the value of an integer literal the compiler wrote.
func mustInt(lit string) int64 {
	k, err := strconv.ParseInt(lit, 10, 64)
	if err != nil {
		panic("gen render: not an integer literal: " + lit)
	}
	return k
}

func isConst(v templateValue) bool {
	b, ok := v.typ.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

func (f *renderFunc) intIndex(n parse.Node, ix templateValue) {
	b, ok := ix.typ.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		f.fail(n, "an index of type %s", f.c.typeString(ix.typ))
	}
}

// slice evaluates slice v i [j].
func (f *renderFunc) slice(n parse.Node, v templateValue, ix []templateValue) templateValue {
	switch u := v.typ.Underlying().(type) {
	case *types.Slice:
	case *types.Basic:
		if u.Info()&types.IsString == 0 || u.Info()&types.IsUntyped != 0 {
			f.fail(n, "slice of a value of type %s", f.c.typeString(v.typ))
		}
	default:
		f.fail(n, "slice of a value of type %s", f.c.typeString(v.typ))
	}
	for _, i := range ix {
		f.intIndex(n, i)
	}
	// The bounds' checks, as text/template's slice makes them, without
	// those a constant settles.
	var checks []string
	for _, i := range ix {
		if isConst(i) {
			if k, _ := strconv.ParseInt(i.expr, 10, 64); k < 0 {
				f.fail(n, "slice with a negative index %d", k)
			}
			continue
		}
		checks = append(checks, i.expr+" < 0")
	}
	lo, hi := ix[0].expr, ""
	if len(ix) == 2 {
		hi = ix[1].expr
		checks = append(checks, hi+" > len("+v.expr+")")
		if !isConst(ix[0]) || !isConst(ix[1]) {
			checks = append(checks, lo+" > "+hi)
		} else if l, _ := strconv.ParseInt(lo, 10, 64); l > mustInt(hi) {
			f.fail(n, "slice from %s to %s", lo, hi)
		}
	} else {
		checks = append(checks, lo+" > len("+v.expr+")")
	}
	f.emit("if %s { return %s }", strings.Join(checks, " || "), f.errorAt(n, `"error calling slice: index out of range"`))
	t := f.temp()
	f.emit("%s := %s[%s:%s]", t, v.expr, lo, hi)
	return templateValue{expr: t, typ: v.typ}
}

// compare is a op b, for basic values (as text/template's eq, lt … compare
// them) or values of one comparable type (eq, ne).
func (f *renderFunc) compare(n parse.Node, a templateValue, op string, b templateValue) string {
	ba, okA := a.typ.Underlying().(*types.Basic)
	bb, okB := b.typ.Underlying().(*types.Basic)
	if okA && okB {
		class := func(t *types.Basic) int {
			switch {
			case t.Info()&types.IsString != 0:
				return 1
			case t.Info()&types.IsInteger != 0:
				return 2
			case t.Info()&types.IsBoolean != 0:
				return 3
			}
			return 0
		}
		ca, cb := class(ba), class(bb)
		if ca == 0 || ca != cb {
			f.fail(n, "comparison of %s and %s", f.c.typeString(a.typ), f.c.typeString(b.typ))
		}
		if ca == 3 && op != "==" && op != "!=" {
			f.fail(n, "order of booleans")
		}
		conv := map[int]string{1: "string", 2: "int64", 3: "bool"}[ca]
		side := func(v templateValue) string {
			if isConst(v) {
				return v.expr
			}
			return conv + "(" + v.expr + ")"
		}
		return side(a) + " " + op + " " + side(b)
	}
	if (op == "==" || op == "!=") && types.Identical(a.typ, b.typ) && types.Comparable(a.typ) {
		return a.expr + " " + op + " " + b.expr
	}
	f.fail(n, "comparison of %s and %s", f.c.typeString(a.typ), f.c.typeString(b.typ))
	return ""
}
