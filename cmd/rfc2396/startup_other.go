//go:build !linux

package main

// releaseStartupPages gives back the pages start-up mapped of the
// executable's read-only segments; only Linux does (see
// startup_linux.go).
func releaseStartupPages() {}
