// Command install installs the Claude Code client that the end-to-end
// tests run, from the npm registry into the user's cache directory, unless
// it is there, and prints the binary's path.
//
//	go run ./internal/testkit/claude/install                  # the pinned version
//	go run ./internal/testkit/claude/install -version latest  # the newest, for the drift report
package main

import (
	"flag"
	"fmt"
	"os"

	"hookc.dev/hookc/internal/testkit/claude"
)

func main() {
	version := flag.String("version", claude.Version, "the `version` to install, or latest")
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	bin, err := claude.Install(*version)
	if err != nil {
		fmt.Fprintln(os.Stderr, "install:", err)
		os.Exit(1)
	}
	fmt.Println(bin)
}
