package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteStatic writes the site as static files into dir, for hosting
// anywhere (or reading from disk): index.html, rule/NAME.html for every
// rule, play.html (which says that the playground needs rfc2396 serve),
// style.css and diagrams/GRAMMAR/NAME.svg; a grammar other than RFC 2396's
// under g/GRAMMAR/. Links between pages are relative and end in .html.
// It returns the paths written, relative to dir.
func (s *Site) WriteStatic(dir string) ([]string, error) {
	var written []string
	put := func(name string, b []byte) error {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
		written = append(written, name)
		return nil
	}
	css, err := staticFile("style.css")
	if err != nil {
		return nil, err
	}
	if err := put("style.css", css); err != nil {
		return nil, err
	}
	for i, g := range s.grammars {
		prefix := ""
		if i > 0 {
			prefix = "g/" + g.Name + "/"
		}
		root := strings.Repeat("../", strings.Count(prefix, "/"))
		p := s.newPage(g, g.Title, true, root)
		b, err := s.render("index", p)
		if err != nil {
			return nil, err
		}
		if err := put(prefix+"index.html", b); err != nil {
			return nil, err
		}
		for _, r := range g.Rules {
			p := s.newPage(g, "", true, root+"../")
			s.rulePage(p, r)
			b, err := s.render("rule", p)
			if err != nil {
				return nil, fmt.Errorf("rule %s: %v", r.Name, err)
			}
			if err := put(prefix+"rule/"+r.Name+".html", b); err != nil {
				return nil, err
			}
			svg := strings.ReplaceAll(string(r.svg), `href="`, `href="../../`+prefix+`rule/`)
			svg = addHTMLExt(svg, g)
			if err := put("diagrams/"+g.Name+"/"+r.Diagram, []byte(svg)); err != nil {
				return nil, err
			}
		}
	}
	p := s.newPage(s.grammars[0], "Playground", true, "")
	result, err := s.render("play", p)
	if err != nil {
		return nil, err
	}
	if err := put("play.html", result); err != nil {
		return nil, err
	}
	return written, nil
}

// addHTMLExt makes the rule links of a standalone diagram end in .html.
func addHTMLExt(svg string, g *Grammar) string {
	for _, r := range g.Rules {
		svg = strings.ReplaceAll(svg, `rule/`+r.Name+`"`, `rule/`+r.Name+`.html"`)
	}
	return svg
}
