package parser

import "strings"

// Relativize returns the shortest reference that resolves against base to
// target (section 5.2 read backwards): the inverse of Resolve, as Java's
// URI.relativize, but using "../" where it helps. When base and target do
// not share scheme and authority (or either is opaque) no relative reference
// can do better, and target is returned as it is. The result always
// resolves back: Resolve(base, Relativize(base, target)) == target.
func Relativize(base, target string) (string, error) {
	return Strict.Relativize(base, target)
}

// Relativize is [Relativize] under p.
func (p *Profile) Relativize(base, target string) (string, error) {
	b, err := p.Parse(base)
	if err != nil {
		return "", &ResolveError{Op: "relativize", Reason: InvalidBase, Base: base, Ref: target, Err: err}
	}
	t, err := p.Parse(target)
	if err != nil {
		return "", &ResolveError{Op: "relativize", Reason: InvalidReference, Base: base, Ref: target, Err: err}
	}
	r, err := b.Relativize(t)
	if err != nil {
		return "", err
	}
	return r.String(), nil
}

// Relativize returns the shortest reference that resolves against u to
// target; see the function Relativize.
func (u *URI) Relativize(target *URI) (*URI, error) {
	if u == nil || target == nil {
		return nil, &ResolveError{Op: "relativize", Reason: NilURI, Base: u.String(), Ref: target.String()}
	}
	if !u.IsAbsolute() {
		return nil, &ResolveError{Op: "relativize", Reason: RelativeBase, Base: u.ref, Ref: target.ref}
	}
	if !target.IsAbsolute() || u.IsOpaque() || target.IsOpaque() ||
		!strings.EqualFold(u.Scheme().Value, target.Scheme().Value) || u.Authority() != target.Authority() {
		return target, nil
	}
	suffix := ""
	if q := target.Query(); q.Defined {
		suffix = "?" + q.Value
	}
	if f := target.Fragment(); f.Defined {
		suffix += "#" + f.Value
	}
	var candidates []string
	// The current document: same path and query.
	if target.Path() == u.Path() && target.Query() == u.Query() {
		if f := target.Fragment(); f.Defined {
			candidates = append(candidates, "#"+f.Value)
		} else {
			candidates = append(candidates, "")
		}
	}
	if rel, ok := relativePath(u.Path(), target.Path()); ok {
		candidates = append(candidates, rel+suffix)
	}
	candidates = append(candidates, target.Path()+suffix)
	if a := target.Authority(); a.Defined {
		candidates = append(candidates, "//"+a.Value+target.Path()+suffix)
	}
	var best *URI
	for _, c := range candidates {
		r, err := u.Profile().Parse(c)
		if err != nil {
			continue
		}
		res, warnings, err := u.ResolveReference(r)
		if err != nil || len(warnings) > 0 || res.ref != target.ref {
			continue
		}
		if best == nil || len(r.ref) < len(best.ref) {
			best = r
		}
	}
	if best == nil {
		return target, nil
	}
	return best, nil
}

// relativePath returns a relative path that step 6 of section 5.2 merges
// with basePath into targetPath, climbing with "../" as far as needed.
func relativePath(basePath, targetPath string) (string, bool) {
	if !strings.HasPrefix(basePath, "/") || !strings.HasPrefix(targetPath, "/") {
		return "", false
	}
	baseDir := strings.Split(basePath[1:strings.LastIndexByte(basePath, '/')+1], "/")
	baseDir = baseDir[:len(baseDir)-1] // the directory segments, without the last one
	target := strings.Split(targetPath[1:], "/")
	common := 0
	for common < len(baseDir) && common < len(target)-1 && baseDir[common] == target[common] {
		common++
	}
	var b strings.Builder
	for range baseDir[common:] {
		b.WriteString("../")
	}
	rest := strings.Join(target[common:], "/")
	b.WriteString(rest)
	rel := b.String()
	first, _, _ := strings.Cut(rel, "/")
	switch {
	case rel == "":
		rel = "./"
	case strings.Contains(first, ":"), strings.HasPrefix(rel, "?"):
		rel = "./" + rel
	}
	return rel, true
}
