//go:build unix

package conformance

import (
	"os"
	"os/exec"
	"syscall"
)

// newProcessGroup makes cmd start in a process group of its own, which
// killProcessGroup ends with everything the command started in it.
func newProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the process group p leads. A group already gone
// is no error.
func killProcessGroup(p *os.Process) {
	if p == nil || p.Pid <= 0 {
		return
	}
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
}
