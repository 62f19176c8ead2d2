// Package rfc8089 reads "file" URIs by RFC 8089 section 2, strictly: its
// rules (file-URI, file-hier-part, auth-path, local-path, file-auth) are
// generated from rfc8089.peg, which imports host and path-absolute from
// rfc3986.peg rather than copying them. [Parse] returns a file URI's
// components, [Valid] checks one without allocating, [IsLocal] says
// whether it names a file of the machine that reads it, and [FilePath]
// decodes its path.
//
// Appendix E's nonstandard forms (a DOS drive letter right after "file:",
// UNC paths after four or five slashes) are not section 2's, and are
// refused: "file:c:/x" and "file:////host/share" are invalid here.
package rfc8089
