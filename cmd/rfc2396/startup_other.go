//go:build !linux

package main

// releaseStartupPages gives back the pages of the executable's code that
// start-up mapped; only Linux does (see startup_linux.go).
func releaseStartupPages() {}
