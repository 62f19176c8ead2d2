//go:build !unix

package conformance

import (
	"os"
	"os/exec"
)

// newProcessGroup does nothing where there are no Unix process groups.
func newProcessGroup(*exec.Cmd) {}

// killProcessGroup kills the command's own process: what it started is
// not reached.
func killProcessGroup(p *os.Process) {
	if p != nil {
		_ = p.Kill()
	}
}
