package fake

import (
	"errors"
	"strings"
)

// The functions the generated code calls, as package site defines them
// (site/render.go), for type-checking what the compiler writes.

func writeString(w *strings.Builder, s string) { w.WriteString(s) }

func templateError(template, pos, action, msg string) error {
	return errors.New(template + ": " + pos + ": " + action + ": " + msg)
}

func recoverTemplate(err *error, template string) {
	if r := recover(); r != nil {
		*err = errors.New(template)
	}
}
