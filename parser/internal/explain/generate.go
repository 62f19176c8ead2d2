package explain

// testdata/explain.txt holds inputs chosen by hand and what the automata,
// built from the grammar, say about them; tablegen rewrites the second
// part whenever the grammar changes (see package internal/explaintable).
//go:generate go run ./tablegen
