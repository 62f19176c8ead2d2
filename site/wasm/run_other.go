//go:build !js

package main

import (
	"fmt"
	"os"
)

func run() {
	fmt.Fprintln(os.Stderr, "this program is the playground's WebAssembly module: build it with GOOS=js GOARCH=wasm (go generate does)")
	os.Exit(2)
}
