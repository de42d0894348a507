package shell

import "testing"

// TestFoldOpt checks option words as programs that read option names in
// any case and after any number of dashes read them (tsc; npm, round 37).
func TestFoldOpt(t *testing.T) {
	for x, want := range map[string]string{
		"-outDir":                "--outdir",
		"--OUTDIR":               "--outdir",
		"-P":                     "-p",
		"--P":                    "-p",
		"---registry=http://H/":  "--registry=http://H/",
		"-registry=http://H/":    "--registry=http://H/",
		"----Script-Shell=./Pwn": "--script-shell=./Pwn",
		"--cache=Build/Dir":      "--cache=Build/Dir",
		"--no-script-shell=./p":  "--script-shell=./p",
		"-no-node-options":       "--node-options",
		"--no-audit":             "--audit",
		"--noEmit":               "--noemit",
		"--":                     "--",
		"---":                    "---",
		"-":                      "-",
		"x":                      "x",
	} {
		if got := foldOpt(x); got != want {
			t.Errorf("foldOpt(%q) = %q, want %q", x, got, want)
		}
	}
}
