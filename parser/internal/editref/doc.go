// Package editref holds the parser that pointlander/peg generates from
// editref.peg, the grammar gen composes from rfc2396.peg and every edit's
// transcription (edits/NAME.peg): every rule produces a token, as in
// package reference, and the rules the edits redefine choose their
// definition by the edits in force (SetEdits). parser.ParseTree runs it
// under edits.
package editref
