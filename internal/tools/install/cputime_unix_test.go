//go:build unix

package install

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the test process has
// used: install's own cost, which a loaded machine does not stretch the
// way it does wall time (design.md 331).
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
