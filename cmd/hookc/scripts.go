package main

import (
	"fmt"
	"io"
	"os"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/check/vet"
)

// goEnv is the go command's cache and root, passed into scripts so that
// hook builds inside them use the warm build and module caches.
var goEnv = build.CacheEnv

// writeScripts writes the testscript scenario of the policy in dir to
// outDir/<policy>.txtar.
func writeScripts(dir, outDir string, stderr io.Writer) int {
	p, ok := loadPolicy(dir, stderr)
	if !ok {
		return exitFailed
	}
	ws, err := vet.WitnessCalls(p, vet.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	if err := testrun.WriteScript(p, ws, dir, outDir); err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// runScripts runs the .txtar scenarios in dir against hook binaries built
// by this hookc (testrun.RunScripts).
func runScripts(dir string, update, verbose bool, stdout, stderr io.Writer) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	goTool, _ := goEnv()
	ok, err := testrun.RunScripts(dir, exe, goTool, update, verbose, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "hookc test: %v\n", err)
		return exitFailed
	}
	if !ok {
		return exitFailed
	}
	return exitOK
}
