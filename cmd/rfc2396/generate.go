package main

// The golden files testdata/*.txt and testdata/lint/ hold command lines
// chosen by hand and what this build prints for them, the grammar's error
// messages included. go generate rewrites the output (go test -update), so
// that a grammar edit shows up as a diff that CI's drift check makes
// someone review and commit, not as a test that fails minutes later.
//go:generate go test -run TestGolden|TestLintGolden -update
