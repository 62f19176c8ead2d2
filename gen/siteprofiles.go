package main

import (
	"maps"
	"path/filepath"
	"strings"
)

// editSections names the sections that the edits' transcriptions cite
// ("§RFC 2732 3"), with a title and a link, for the profiles' pages.
var editSections = map[string][2]string{
	"Appendix C":          {"RFC 2396: Examples of Resolving Relative URI References", "https://www.rfc-editor.org/rfc/rfc2396#appendix-C"},
	"RFC 3986 3":          {"RFC 3986: Syntax Components", "https://www.rfc-editor.org/rfc/rfc3986#section-3"},
	"RFC 3986 3.2.2":      {"RFC 3986: Host", "https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2"},
	"RFC 2732 3":          {"RFC 2732: Changes to RFC 2396", "https://www.rfc-editor.org/rfc/rfc2732#section-3"},
	"RFC 2373 Appendix B": {"RFC 2373: ABNF for IPv6 Text Representation", "https://www.rfc-editor.org/rfc/rfc2373#appendix-B"},
	"RFC 2373 2.2":        {"RFC 2373: Text Representation of Addresses", "https://www.rfc-editor.org/rfc/rfc2373#section-2.2"},
	"RFC 2234 6.1":        {"RFC 2234: Core Rules", "https://www.rfc-editor.org/rfc/rfc2234#section-6.1"},
	"RFC 3629 4":          {"RFC 3629: Syntax of UTF-8 Byte Sequences", "https://www.rfc-editor.org/rfc/rfc3629#section-4"},
	"java.net.URI":        {"java.net.URI: documented deviations and measured behaviour", "https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URI.html"},
}

// writeProfileSites writes the site data of every named profile other
// than strict: the grammar with the profile's edits in force, each rule
// with the definition in force and its transcription, so that the edits
// get their diagrams and pages beside Appendix A's.
func writeProfileSites(c *composition, profiles []profileDef, files map[string]string) error {
	texts := map[string]map[string]pegText{}
	for path, src := range files {
		texts[path] = pegRuleTexts(src)
	}
	for _, p := range profiles {
		if len(p.edits) == 0 {
			continue
		}
		var set uint64
		for i, e := range c.edits {
			for _, name := range p.edits {
				if e.name == name {
					set |= 1 << i
				}
			}
		}
		defs, vars := c.grammar(set)
		var src strings.Builder
		sections := make([]string, len(vars))
		for i, v := range vars {
			file := "rfc2396.peg"
			if v.edit >= 0 {
				file = filepath.Join(editsDir, c.edits[v.edit].name+".peg")
			}
			t := texts[file][pegName(v.def.Name)]
			sections[i] = v.section
			if t.note != "" {
				src.WriteString("# PEG: " + t.note + "\n")
			}
			src.WriteString(t.rule + "\n\n")
		}
		g := rfc2396Site
		g.Name = p.name
		g.Title = "RFC 2396 under the " + p.name + " profile: " + p.summary
		g.ABNF = "grammar/rfc2396.abnf with edits/ (" + strings.Join(p.edits, ", ") + ")"
		g.PEG = "rfc2396.peg with the edits' transcriptions"
		g.Notation = "RFC 2396's BNF, and RFC 5234's ABNF where an edit quotes a document written in it (edits/NAME.abnf says which)"
		g.Grouping = "Every rule of the grammar with the profile's edits in force (edits/edits.txt), grouped by the section that defines it: RFC 2396's, or the document of the edit that redefines or adds the rule."
		g.Sections = maps.Clone(rfc2396Site.Sections)
		g.SectionURLs = map[string]string{}
		for s, tl := range editSections {
			g.Sections[s] = tl[0]
			g.SectionURLs[s] = tl[1]
		}
		if err := writeSite(g, defs, src.String(), sections); err != nil {
			return err
		}
	}
	return nil
}

// pegFiles reads rfc2396.peg and every edit's transcription, by path.
func pegFiles(c *composition) (map[string]string, error) {
	files := map[string]string{}
	paths := []string{"rfc2396.peg"}
	for _, e := range c.edits {
		paths = append(paths, filepath.Join(editsDir, e.name+".peg"))
	}
	for _, p := range paths {
		b, err := readInput(p)
		if err != nil {
			return nil, err
		}
		files[p] = string(b)
	}
	return files, nil
}
