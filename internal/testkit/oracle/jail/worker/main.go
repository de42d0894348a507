// Command worker is the process that builds and runs the exec-trace
// oracle's root; package jail starts it in new namespaces and talks to it
// over stdin and stdout.
package main

import (
	"fmt"
	"os"

	"hookc.dev/hookc/internal/testkit/oracle/jail"
)

func main() {
	if err := jail.Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}
