//go:build !unix

package testrun

import "os/exec"

func ownGroup(cmd *exec.Cmd)  {}
func killGroup(cmd *exec.Cmd) {}
