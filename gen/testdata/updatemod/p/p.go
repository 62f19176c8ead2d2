// Package p is the package whose golden file TestUpdate has gen update
// rewrite.
package p

// Greeting is what testdata/golden.txt holds.
const Greeting = "hello"
