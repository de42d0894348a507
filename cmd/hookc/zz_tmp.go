package main

import "io"

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return 2 }
func runStats(args []string, stdin io.Reader, stdout, stderr io.Writer) int  { return 2 }
