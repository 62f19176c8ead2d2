package site

import (
	"cmp"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/report"
	"github.com/rfc2396/rfc2396/uri"
)

// The HTTP statuses of the playground's answers (this file is also built
// into the WebAssembly module, which leaves out net/http).
const (
	statusOK                = 200
	statusBadRequest        = 400
	statusRequestURITooLong = 414
	statusInternalError     = 500
)

// Limits of the server. Every request is bounded before any work starts:
// its header (with the query string) by maxHeaderBytes, which net/http
// enforces while reading it (431 beyond), its query string by maxQuery
// (414 beyond, checked before the query is parsed), and the work on a ref
// or base by MaxInput. The expensive handlers (the playground and its
// JSON) run at most maxConcurrent at a time; a request waits at most
// queueWait for its turn (then 503), and every handler stops at
// handlerTimeout, when the client leaves, or when the server shuts down.
const (
	readTimeout  = 10 * time.Second
	writeTimeout = 30 * time.Second
	idleTimeout  = 60 * time.Second
	// maxQuery is the longest query string the playground reads: a ref and
	// a base of MaxInput bytes each, every byte percent-encoded, and the
	// other parameters.
	maxQuery = 2*3*MaxInput + 1<<10
	// maxHeaderBytes leaves room beyond maxQuery for the rest of the
	// header, so that a query somewhat over the limit still gets the
	// playground's 414 page saying why, rather than net/http's bare 431.
	maxHeaderBytes = 2*maxQuery + 16<<10
	// handlerTimeout is well within writeTimeout, so that a handler that
	// runs out of time still has its answer written.
	handlerTimeout = 10 * time.Second
	maxConcurrent  = 4
	queueWait      = 5 * time.Second
	// maxAllRules is the longest input the tree shows with its
	// character-level rules: they add several spans per byte.
	maxAllRules = 1 << 10
	// maxTreeNodes is how many nodes of the parse tree the playground
	// shows; a larger tree is summarised (its upper levels in full, then
	// as many nodes as fit, the rest of the bytes as plain text), so that
	// an answer stays a few hundred kilobytes whatever the input.
	maxTreeNodes = 400
	// maxOutlineText is how many bytes of a node's text the outline shows.
	maxOutlineText = 120
	// maxEcho is how much of a path an error page repeats.
	maxEcho = 200
)

// echo shortens a piece of the request for an error message.
func echo(s string) string {
	if len(s) > maxEcho {
		return strings.ToValidUTF8(s[:maxEcho], "") + "…"
	}
	return s
}

func (s *Site) grammar(name string) *Grammar {
	for _, g := range s.grammars {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// badRequest is a request the playground cannot answer, with its status.
type badRequest struct {
	status int
	msg    string
}

// playRequest reads the playground's parameters: ref, base, rule, all.
func (s *Site) playRequest(rawQuery string) (playForm, *badRequest) {
	f := playForm{Rule: grammar.RuleURIReference.String(), Standard: standard2396, Profile: "strict"}
	q, extended, err := parseQuery(rawQuery)
	if err != nil {
		return f, &badRequest{statusBadRequest, "The query string is malformed: " + err.Error() + ". In a ref or base typed into the address bar, write \"%\" as %25, \"&\" as %26, \"+\" as %2B and \"#\" as %23 (the form does it for you)."}
	}
	for _, key := range []string{"ref", "base", "rule", "standard", "profile", "allow"} {
		if v := q[key]; len(v) > 1 {
			return f, &badRequest{statusBadRequest, fmt.Sprintf("%q is given %d times; give it once.", key, len(v))}
		}
		if n := len(queryValue(q, key)); n > MaxInput {
			return f, &badRequest{statusRequestURITooLong, fmt.Sprintf("The %s is %d bytes long; the playground takes at most %d bytes. For longer input use the command line: rfc2396 parse, rfc2396 tree.", key, n, MaxInput)}
		}
	}
	f.Ref, f.Base = queryValue(q, "ref"), queryValue(q, "base")
	// The form says it encoded the fields itself (its spaces are "+");
	// otherwise a "+" was probably typed into the address bar.
	if queryValue(q, "enc") != "form" {
		for _, key := range []string{"ref", "base"} {
			if rawHasPlus(rawQuery, key) {
				f.Plus = append(f.Plus, key)
			}
		}
	}
	_, f.HasRef = q["ref"]
	f.Amp = extended
	// The standard first: the rule is one of its grammar's.
	if std := queryValue(q, "standard"); std != "" && std != standard2396 {
		st, ok := standardOf(std)
		if !ok {
			return f, &badRequest{statusBadRequest, fmt.Sprintf("There is no standard %q here; the playground reads %s.", echo(std), strings.Join(report.StandardNames(), ", "))}
		}
		f.Standard = std
		rd := st.NewReader(nil)
		f.Rule = rd.StartRule()
		if name := queryValue(q, "rule"); name != "" {
			if _, err := rd.LookupRule(name); err != nil {
				return f, &badRequest{statusBadRequest, fmt.Sprintf("There is no rule %q in %s's grammar (%s).", echo(name), st.Spec, st.Name)}
			}
			f.Rule = name
		}
	} else if name := queryValue(q, "rule"); name != "" {
		rule, ok := grammar.Lookup(name)
		if !ok {
			return f, &badRequest{statusBadRequest, fmt.Sprintf("There is no rule %q in %s Appendix A.", echo(name), s.grammars[0].Spec)}
		}
		f.Rule = rule.String()
	}
	// The profile and the edits are the standard's own, asked the same
	// way of every standard.
	st := playStandard(f.Standard)
	if name := queryValue(q, "profile"); name != "" {
		profiles := st.ProfileNames()
		if !slices.Contains(profiles, name) {
			return f, &badRequest{statusBadRequest, fmt.Sprintf("There is no %s profile %q; its profiles are %s.", st.Spec, echo(name), strings.Join(profiles, ", "))}
		}
		f.Profile = name
	}
	// The allow list is read once, here, before any profile is made of
	// it: a list of unknown or repeated codes, or of more codes than
	// there are edits, is refused.
	names, err := st.ParseAllow(queryValue(q, "allow"))
	if err != nil {
		msg := err.Error()
		return f, &badRequest{statusBadRequest, strings.ToUpper(msg[:1]) + msg[1:] + "."}
	}
	f.Allow = strings.Join(names, ",")
	f.All = queryValue(q, "all") != "" && queryValue(q, "all") != "0"
	f.NoVerdicts = queryValue(q, "verdicts") == "0"
	return f, nil
}

// playStandard is the standard the playground reads by: the one named,
// or RFC 2396 for "" (its value in the query string when none is given).
func playStandard(name string) report.Standard {
	st, err := report.LookupStandard(cmp.Or(name, standard2396))
	if err != nil {
		st, _ = report.LookupStandard(standard2396) // playRequest checked the name
	}
	return st
}

// startRule names the rule the standard reads references by.
func startRule(standard string) string {
	return playStandard(standard).NewReader(nil).StartRule()
}

// queryValue is q.Get(key). It is not inlined: playRequest reads eleven
// values, and url.Values.Get inlined at each made playRequest 4 KB larger
// in the playground's WebAssembly module (docs/design-notes.md).
//
//go:noinline
func queryValue(q url.Values, key string) string { return q.Get(key) }

// resultView is what the result template is executed with.
type resultView struct {
	A           *Analysis
	All         bool
	TreeHTML    safeout.HTML
	OutlineHTML safeout.HTML
	Caret       caretText
	CaretPad    string
	Notice      string
	// Others compares the reading with Go's net/url's (and, filled in by
	// the page's script, the browser's WHATWG URL parser's).
	Others *otherView
	page   *page
	// specURL, when not "", says that the input was read under a
	// standard the site has no pages for: its rules link to its RFC.
	specURL string
}

// RuleURL is the page of a rule.
func (v *resultView) RuleURL(name string) string {
	if v.specURL != "" {
		return v.specURL
	}
	return v.page.RuleURL(name)
}

// RuleABNF is the line of a rule in its grammar.
func (v *resultView) RuleABNF(name string) string {
	if v.specURL != "" {
		return ""
	}
	if r := v.page.G.Rule(name); r != nil {
		return r.ABNF
	}
	return ""
}

// playResult analyzes the form and renders the result fragment. It stops
// with ctx's error between its stages once ctx is done.
func (s *Site) playResult(ctx Canceler, p *page, f playForm) (*Analysis, safeout.HTML, error) {
	v, err := s.playView(ctx, p, f)
	if err != nil {
		return nil, "", err
	}
	// The tree and its outline are most of the page: room for them and
	// the rest, so that the buffer is not grown and copied as it fills.
	var b strings.Builder
	b.Grow(len(v.TreeHTML) + len(v.OutlineHTML) + 16<<10)
	if err := renderResult(&b, v); err != nil {
		return nil, "", err
	}
	return v.A, safeout.HTML(b.String()), nil
}

// playView analyzes the form into what the result fragment shows.
func (s *Site) playView(ctx Canceler, p *page, f playForm) (*resultView, error) {
	v := &resultView{page: p, All: f.All}
	var a *Analysis
	if len(f.Amp) > 0 {
		v.Notice += fmt.Sprintf(" The %s in the address has an \"&\" followed by something that is no parameter of the playground: it was read as part of the %s. Write \"&\" as %%26 there.", strings.Join(f.Amp, " and "), strings.Join(f.Amp, " and "))
	}
	if len(f.Plus) > 0 {
		v.Notice += fmt.Sprintf(" The %s in the address has a \"+\", which a query string reads as a space, as here. If you meant a plus, write it %%2B.", strings.Join(f.Plus, " and "))
	}
	if f.HasRef {
		st := playStandard(f.Standard)
		// playRequest checked the profile and the edits.
		rd, err := st.ReaderUnder(f.Profile, f.Allow)
		if err != nil {
			return nil, err
		}
		// whole says the rule is the one the standard reads references
		// by (URI-reference, IRI-reference, request-target, ...), and
		// refs that its strings are URI references, which resolve and
		// which other parsers read.
		whole, refs := f.Rule == rd.StartRule(), st.References()
		all := f.All
		if all && len(f.Ref) > maxAllRules {
			all = false
			v.Notice += fmt.Sprintf(" Character-level rules are shown for inputs of up to %d bytes.", maxAllRules)
		}
		v.All = all
		// The rules link to the pages of the grammar in force: under RFC
		// 2396, those of the profile (package parser's, each with pages
		// of its own; the page's own, Appendix A, under strict), and
		// under another standard its own (its RFC, for a standard the
		// site has no pages for). RFC 2396's resolution is traced by its
		// section 5.2, the others' by RFC 3986's.
		rd2396, rfc2396 := rd.(*report.RFC2396Reader)
		var own *Grammar
		switch {
		case rfc2396 && f.Profile != "" && f.Profile != uri.StrictProfile:
			own = s.grammar(f.Profile)
		case !rfc2396:
			if own = s.grammar(f.Standard); own == nil {
				v.specURL = "https://www.rfc-editor.org/rfc/" + f.Standard
			}
		}
		if own != nil {
			inOwn := *p
			inOwn.G = own
			v.page = &inOwn
		}
		a = analyze(st, rd, f.Rule, f.Ref, all)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if whole && refs && !f.NoVerdicts {
			current := cmp.Or(f.Profile, "strict")
			if f.Allow != "" {
				current = "" // a reading with edits besides is none of the verdicts'
			}
			a.Verdicts = verdicts(f.Ref, playStandard(f.Standard).Name, current)
			a.ValidUnder = validUnder(a.Verdicts)
		}
		if a.Tree != nil {
			if a.TreeOmitted = pruneTree(a.Tree, maxTreeNodes); a.TreeOmitted > 0 {
				v.Notice += fmt.Sprintf(" The parse tree has %d nodes; the first %d, level by level from the start rule, are shown, and the bytes under the others as plain text.", maxTreeNodes+a.TreeOmitted, maxTreeNodes)
			}
		}
		if f.Base != "" {
			switch {
			case !refs:
				v.Notice += " " + st.Spec + "'s strings are not URI references: a base is not used, and no resolution is shown."
			case !whole:
				v.Notice += " A base is used with the rule " + startRule(f.Standard) + " only: resolution is not shown."
			case rfc2396:
				a.Resolution = traceResolve(rd2396.ParserProfile(), f.Base, f.Ref)
			default:
				a.Resolution = traceFamily(st, rd, f.Base, f.Ref)
			}
		}
		v.A = a
		if whole && refs && len(f.Ref)+len(f.Base) <= maxOthers {
			v.Others = otherReadings(a, f.Ref, f.Base)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if a.Tree != nil {
			link := v.RuleURL
			v.TreeHTML = safeout.HTML(treeHTML(f.Ref, a.Tree, link))
			v.OutlineHTML = safeout.HTML(outlineHTML(f.Ref, a.Tree, link))
		}
		if a.Error != nil {
			v.Caret = caretView(f.Ref, a.Error.Offset)
			v.CaretPad = strings.Repeat(" ", v.Caret.CaretColumn)
		}
	}
	v.Notice = strings.TrimSpace(v.Notice)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return v, nil
}

// Canceler is what [Site.PlayJSON] asks, between the stages of an
// answer, whether to go on: Err returns nil until the work should stop,
// then why. A context.Context is one. PlayJSON takes a Canceler rather
// than a context.Context so that the playground's WebAssembly module,
// which has no deadline to keep, links neither package context nor,
// through it, package time; it passes [NoCancel].
type Canceler interface {
	Err() error
}

// NoCancel is the [Canceler] of an answer that is never stopped.
type NoCancel struct{}

// Err returns nil.
func (NoCancel) Err() error { return nil }

// PlayJSON answers the playground's query string (ref=…&base=…&rule=…
// &standard=…&profile=…&all=1) with an HTTP status and the JSON body of
// /play.json: an [Analysis], its HTML rendered by the playground's
// templates, or {"error": "…"}. static makes the HTML's links those of a
// static copy of the site (relative, ending in .html), for the
// playground that runs in the browser. It stops with ctx, which is
// usually a context.Context; a nil ctx is [NoCancel].
func (s *Site) PlayJSON(ctx Canceler, rawQuery string, static bool) (int, []byte) {
	jsonError := func(status int, msg string) (int, []byte) {
		return status, appendErrorJSON(nil, msg)
	}
	if err := s.check(); err != nil {
		return jsonError(statusInternalError, err.Error())
	}
	if ctx == nil {
		ctx = NoCancel{}
	}
	if n := len(rawQuery); n > maxQuery {
		return jsonError(statusRequestURITooLong, fmt.Sprintf("The query string is %d bytes long; the playground reads at most %d (a ref and a base of at most %d bytes each). For longer input use the command line: rfc2396 parse, rfc2396 tree.", n, maxQuery, MaxInput))
	}
	f, bad := s.playRequest(rawQuery)
	if bad != nil {
		return jsonError(bad.status, bad.msg)
	}
	p := s.newPage(s.grammars[0], "", false, "/")
	if static {
		p = s.newPage(s.grammars[0], "", true, "")
	}
	a, result, err := s.playResult(ctx, p, f)
	if err != nil {
		return jsonError(statusInternalError, err.Error())
	}
	if a == nil {
		a = &Analysis{Rule: f.Rule, Standard: f.Standard, Profile: f.Profile}
	}
	a.HTML = string(result)
	if !utf8.ValidString(a.Input) {
		a.Input = strings.ToValidUTF8(a.Input, "\uFFFD")
	}
	// The answer is application/json, never read as HTML (nosniff):
	// "<", ">" and "&" need no \u escapes, which would make an input of
	// "&" six times its size.
	// Room for the HTML, its quotes written \", and the tree's JSON.
	return statusOK, appendAnalysisJSON(make([]byte, 0, 2*len(a.HTML)+16<<10), a)
}

// urlQueryEscape escapes s for a query string, a space as %20 rather than
// "+" (url.QueryEscape writes "+" itself as %2B, so every "+" it leaves
// was a space): a "+" in a ref would make the playground warn about it.
func urlQueryEscape(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }

// rawHasPlus reports whether the raw query string gives key a value with a
// literal "+".
func rawHasPlus(raw, key string) bool {
	for _, pair := range strings.Split(raw, "&") {
		if v, ok := strings.CutPrefix(pair, key+"="); ok && strings.Contains(v, "+") {
			return true
		}
	}
	return false
}

// playParams are the parameters the playground knows.
var playParams = map[string]bool{"ref": true, "base": true, "rule": true, "all": true, "enc": true, "standard": true, "profile": true, "allow": true, "verdicts": true}

// parseQuery reads a query string as a form does (pairs separated by "&",
// "+" for a space, %XX escapes), except that ";" is an ordinary
// character: url.ParseQuery refuses it, and a reference typed into the
// address bar (/play?ref=http://a/b;p) has it often. For the same reason a
// pair that is no playground parameter, after ref or base, is taken as
// part of that value: /play?ref=http://h/?a=1&b=2 is the reference
// http://h/?a=1&b=2. The keys that were so extended are returned.
//
// It takes time linear in len(raw): each pair is unescaped once, and the
// pieces of an extended value are joined once, at the end.
func parseQuery(raw string) (url.Values, []string, error) {
	q := url.Values{}
	var extended []string
	last := ""
	// value is q[last]'s last value with the pairs it took in so far,
	// each after an "&"; grown says it took in any.
	var value strings.Builder
	grown := false
	flush := func() {
		if grown {
			values := q[last]
			values[len(values)-1] = value.String()
		}
		value.Reset()
		grown = false
	}
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		k, v, _ := strings.Cut(pair, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			return nil, nil, err
		}
		if !playParams[key] && (last == "ref" || last == "base") {
			whole, err := url.QueryUnescape(pair)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", last, err)
			}
			if !grown {
				value.WriteString(q[last][len(q[last])-1])
				grown = true
			}
			value.WriteString("&")
			value.WriteString(whole)
			if !slices.Contains(extended, last) {
				extended = append(extended, last)
			}
			continue
		}
		if pair == "" {
			continue
		}
		unescaped, err := url.QueryUnescape(v)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", key, err)
		}
		flush()
		q[key] = append(q[key], unescaped)
		last = key
	}
	flush()
	return q, extended, nil
}
