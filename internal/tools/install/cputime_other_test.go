//go:build !unix

package install

import "time"

var started = time.Now()

// cpuTime falls back to wall time where getrusage is missing.
func cpuTime() time.Duration { return time.Since(started) }
