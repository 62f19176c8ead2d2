//go:build !js

package site

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
)

// StaticOptions says how [Site.WriteStatic] treats its directory.
type StaticOptions struct {
	// Force lets WriteStatic write into a directory that is not empty,
	// replacing the regular files it writes over. Without it, a directory
	// with anything in it is refused, so that a mistyped name cannot
	// overwrite someone's files.
	Force bool
	// Wasm is the playground's WebAssembly module (package site/wasm
	// built with GOOS=js GOARCH=wasm) and WasmExec the wasm_exec.js of
	// the Go that built it. With both, play.html runs the playground in
	// the browser; without, it says that the playground needs the server.
	Wasm, WasmExec []byte
	// Downloads are files the copy offers for download (the conformance
	// suite: package conformance's Published), written at their names
	// and listed on the index pages.
	Downloads []Download
}

// Download is a file a static copy offers for download, named by its path
// under the site ("vectors/rfc2396/suite.json").
type Download struct {
	Name string
	Data []byte
}

// StaticError is an error of [Site.WriteStatic]: the file or directory
// it concerns (the directory given, or a path under it) and what went
// wrong.
type StaticError struct {
	Path string
	Err  error
}

func (e *StaticError) Error() string {
	if e == nil {
		return "rfc2396/site: writing the static site: <nil>"
	}
	msg := "unknown error"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	if e.Path == "" {
		return "rfc2396/site: writing the static site: " + msg
	}
	return "rfc2396/site: writing the static site: " + e.Path + ": " + msg
}

func (e *StaticError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// WriteStatic writes the site as static files into dir, for hosting
// anywhere (or reading from disk): index.html, rule/NAME.html for every
// rule, play.html (the playground, running in the browser with
// opts.Wasm, written as rfc2396.wasm and gzip-compressed as
// rfc2396.wasm.gz, which the page fetches; without, it says that the
// playground needs rfc2396 serve),
// style.css and diagrams/GRAMMAR/NAME.svg; a grammar other than RFC 2396's
// under g/GRAMMAR/. Links between pages are relative and end in .html.
// It returns the paths written, relative to dir.
//
// The playground's WebAssembly module (GOOS=js) has no WriteStatic: it
// embeds neither the diagrams nor the examples the rule pages show, and
// leaving the writer out leaves out compress/gzip, whose tables its
// initialization would build.
//
// dir is created if it does not exist; if it does, it must be empty
// unless opts.Force is set. WriteStatic never follows a symbolic link:
// dir itself, a directory under it or a file it would replace being one
// is an error. It writes nothing outside dir. An error about the
// directory or a file is a [*StaticError].
func (s *Site) WriteStatic(dir string, opts StaticOptions) ([]string, error) {
	if err := s.check(); err != nil {
		return nil, &StaticError{Err: err}
	}
	if dir == "" {
		return nil, &StaticError{Err: errors.New("the directory name is empty")}
	}
	root, err := openStaticDir(dir, opts.Force)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	playHere := opts.Wasm != nil && opts.WasmExec != nil
	var written []string
	put := func(name string, b []byte) error {
		if err := writeInRoot(root, name, b); err != nil {
			return &StaticError{Path: filepath.Join(dir, filepath.FromSlash(name)), Err: err}
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
	var downloads []string
	for _, d := range opts.Downloads {
		if err := put(d.Name, d.Data); err != nil {
			return nil, err
		}
		downloads = append(downloads, d.Name)
	}
	for i, g := range s.grammars {
		prefix := ""
		if i > 0 {
			prefix = "g/" + g.Name + "/"
		}
		root := strings.Repeat("../", strings.Count(prefix, "/"))
		p := s.newPage(g, g.Title, true, root)
		p.PlayHere = playHere
		p.Downloads = downloads
		b, err := s.render("index", p)
		if err != nil {
			return nil, err
		}
		if err := put(prefix+"index.html", b); err != nil {
			return nil, err
		}
		for _, r := range g.Rules {
			p := s.newPage(g, "", true, root+"../")
			p.PlayHere = playHere
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
	p.PlayHere = playHere
	if playHere {
		p.Wasm, p.Script = true, true
		// The page opens on an example, answered here, so that its answer
		// is on screen before the module has loaded (a permalink's is the
		// module's).
		p.Play = playForm{Ref: staticExample, HasRef: true, Rule: "URI-reference", Standard: standard2396, Profile: "strict"}
		_, result, err := s.playResult(NoCancel{}, p, p.Play)
		if err != nil {
			return nil, err
		}
		p.ResultHTML = result
		js, err := staticFile("play.js")
		if err != nil {
			return nil, err
		}
		gz, err := gzipBytes(opts.Wasm)
		if err != nil {
			return nil, err
		}
		for _, f := range []struct {
			name string
			b    []byte
		}{{"play.js", js}, {"wasm_exec.js", opts.WasmExec}, {"rfc2396.wasm", opts.Wasm}, {"rfc2396.wasm.gz", gz}} {
			if err := put(f.name, f.b); err != nil {
				return nil, err
			}
		}
	}
	result, err := s.render("play", p)
	if err != nil {
		return nil, err
	}
	if err := put("play.html", result); err != nil {
		return nil, err
	}
	return written, nil
}

// staticExample is the reference the static playground opens on: the
// example of RFC 2396's section 4.
const staticExample = "http://www.ics.uci.edu/pub/ietf/uri/#Related"

// gzipBytes compresses b with gzip at its best compression: the module
// is fetched as rfc2396.wasm.gz, about a quarter of its size, and
// decompressed in the page (play.js, DecompressionStream), since a static
// file server need not compress what it serves.
func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// CheckStaticDir reports, as [Site.WriteStatic] would, whether dir
// would be refused: a path that is not a directory, a symbolic link, or
// (unless force) a directory that is not empty. A dir that does not exist
// yet is not refused, and is not created. A command calls it before work
// that takes long (building the playground's module, the conformance
// suite), so that a refusal comes at once; WriteStatic checks again.
func CheckStaticDir(dir string, force bool) error {
	if dir == "" {
		return &StaticError{Err: errors.New("the directory name is empty")}
	}
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	root, err := openStaticDir(dir, force)
	if err != nil {
		return err
	}
	return root.Close()
}

// openStaticDir creates dir, or checks that it is a directory (not a
// link to one) and, unless force, empty, and opens it as an [os.Root]:
// nothing written through it can land outside.
func openStaticDir(dir string, force bool) (*os.Root, error) {
	fail := func(err error) (*os.Root, error) { return nil, &StaticError{Path: dir, Err: err} }
	root, err := safeout.OpenDir(dir)
	if err != nil {
		return fail(err)
	}
	if !force {
		name, err := safeout.FirstEntry(root)
		if err != nil {
			root.Close()
			return fail(err)
		}
		if name != "" {
			root.Close()
			return fail(fmt.Errorf("is not empty (it has %q); give an empty or new directory, or --force to replace the site's files in it", name))
		}
	}
	return root, nil
}

// writeInRoot writes b to the file name (slash-separated, relative) in
// root, making the directories on the way. Nothing on the way may be a
// symbolic link; a regular file already there is replaced (see
// [safeout.WriteFile]).
func writeInRoot(root *os.Root, name string, b []byte) error {
	return safeout.WriteFile(root, name, b)
}

// addHTMLExt makes the rule links of a standalone diagram end in .html.
func addHTMLExt(svg string, g *Grammar) string {
	for _, r := range g.Rules {
		svg = strings.ReplaceAll(svg, `rule/`+r.Name+`"`, `rule/`+r.Name+`.html"`)
	}
	return svg
}
