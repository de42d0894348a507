package shell

import (
	"fmt"
	"strings"
	"testing"

	"hookc.dev/hookc/runtime/commands"
)

// TestShorthands scans words as npm reads them (Command.ShortGroups;
// design.md 430): one-letter shorthands grouped after any number of
// dashes, in their case, and a value option that does not take a word
// starting with a dash but by its type, and a true or false after a
// boolean. Each line's tokens are written as NAME:KIND=VALUE
// for options and the word for operands; the expectations follow npm
// 11's nopt, checked with npm config get.
func TestShorthands(t *testing.T) {
	npm := &Command{Name: "npm", Abbrev: true, FoldOpts: true, ShortGroups: "?BCDEHLOPSacdfghlmnpqsvwy",
		Opts: commands.EncodeOpts([]OptSpec{
			{Name: "-C", Kind: commands.OptUnsafeValue}, {Name: "-c", Kind: commands.OptUnsafeValue},
			{Name: "-w", Kind: commands.OptValue}, {Name: "-m", Kind: commands.OptValue},
			{Name: "--message", Kind: commands.OptValue}, {Name: "--prefix", Kind: commands.OptUnsafeValue},
			{Name: "--workspace", Kind: commands.OptValue}, {Name: "--call", Kind: commands.OptUnsafeValue},
			{Name: "--ws", Kind: commands.OptFlag}, {Name: "--cache", Kind: commands.OptWrite}, {Name: "-a", Kind: commands.OptFlag}, {Name: "-l", Kind: commands.OptFlag}, {Name: "-f", Kind: commands.OptFlag},
		})}
	for line, want := range map[string]string{
		"-fC sub test":          "-f:flag -C:unsafeValue=sub test",
		"--gC=sub t":            "-g:flag -C:unsafeValue=sub t",
		"---nc URL test":        "-n:flag -c:unsafeValue=URL test",
		"-Cf sub test":          "-Cf:unsafe sub test", // C would take --force
		"---CaCHE":              "---CaCHE:unsafe",
		"-fg=x test":            "-fg=x:unsafe test", // x would be an operand
		"-C= test":              "-C=:unsafe test",
		"-D test":               "-D:flag test",
		"-w pkg test":           "-w:value=pkg test",
		"-fw=pkg test":          "-f:flag -w:value=pkg test",
		"--Prefix sub test":     "--Prefix:unsafe sub test",
		"---WORKSPACE -x t":     "---WORKSPACE:unsafe --x:flag t",
		"--message test exec":   "--message:value=test exec",
		"--message -c x test":   "--message:unsafe -c:unsafeValue=x test", // a string does not take -c, others do
		"--message ---x test":   "--message:value=---x test",
		"--message -- exec":     "--message:value -- exec",
		"--all false test":      "-a:flag -l:flag -l:flag=false test",
		"--alx true test":       "--alx:flag=true test",
		"-D true test":          "-D:flag true test", // not listed here: -d, -q and -s take no true
		"-f true test":          "-f:flag=true test",
		"test --cache":          "test --cache:unsafe", // npm writes where an empty value says
		"--cache c test":        "--cache:write=c test",
		"-k ./pwn t":            "--k:flag ./pwn t", // a key's prefix: none here
		"-u x test":             "--u:flag x test",
		"--message - test":      "--message:value=- test",
		"--message ---- test":   "--message:value ----:flag test",
		"--workspace=x test":    "--workspace:value=x test",
		"-m -- exec":            "-m:value -- exec",
		"--workspace=-c test":   "--workspace:value=-c test",
		"---workspace pkg test": "--workspace:value=pkg test",
		"--all test":            "-a:flag -l:flag -l:flag test", // --all is not listed here
		"--alx test":            "--alx:flag test",
		"-ws test":              "--ws:flag test",
	} {
		var words []Word
		for _, f := range strings.Fields(line) {
			words = append(words, Word{Text: f})
		}
		s := newScanner(words, npm, false)
		var got []string
		for t := (optToken{}); s.next(&t); {
			switch t.kind {
			case tokOpt:
				o := t.opt.Name + ":" + kindName(t.opt.Kind)
				if t.has {
					o += "=" + t.value.Text
				}
				got = append(got, o)
			default:
				got = append(got, t.w.Text)
			}
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("npm %s: got %s, want %s", line, g, want)
		}
	}
}

func kindName(k OptKind) string {
	switch k {
	case commands.OptUnknown:
		return "flag"
	case commands.OptFlag:
		return "flag"
	case commands.OptValue:
		return "value"
	case commands.OptUnsafe:
		return "unsafe"
	case commands.OptUnsafeValue:
		return "unsafeValue"
	case commands.OptWrite:
		return "write"
	}
	return fmt.Sprint(k)
}
