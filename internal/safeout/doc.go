// Package safeout writes what the program shows without letting the bytes
// of its input act on the reader or escape where they go: input bytes in
// messages for a terminal (text.go: [Char], [Line], [Quote]), the syntax
// errors of every grammar built on them (syntaxerror.go: [SyntaxError]),
// text and URLs in the site's HTML as html/template would escape them
// (html.go: [HTML], [WriteHTMLText], the code gen render writes
// calls them), and files into one directory without following a
// symbolic link (dir.go: [OpenDir], [WriteFile]).
package safeout
