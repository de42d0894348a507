package runtime

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// TestMultibyteLocales checks design.md 373 against bash itself: in a
// locale whose characters take several bytes (Shift_JIS, Big5), a byte at
// or above 0x80 may take the shell syntax after it into its character.
// Each line below is run by bash in C.UTF-8 and in each such locale; the
// guard's parse must report every line whose output differs between them,
// and the lines must show that bash really reads some of them differently
// (a line that does differ prints the canary only in the multibyte locale).
func TestMultibyteLocales(t *testing.T) {
	if _, err := os.Stat(bashStatic); err != nil {
		testenv.Missing(t, "no "+bashStatic+": apt-get install bash-static")
	}
	if _, err := exec.LookPath("localedef"); err != nil {
		testenv.Missing(t, "no localedef to build the Shift_JIS and Big5 locales: apt-get install locales")
	}
	dir := t.TempDir()
	locales := map[string][]string{"ja_JP.SJIS": {"ja_JP", "SHIFT_JIS"}, "zh_TW.BIG5": {"zh_TW", "BIG5"}}
	for name, src := range locales {
		// localedef warns that Shift_JIS is not ASCII compatible and exits 1.
		exec.Command("localedef", "--no-warnings=ascii", "-i", src[0], "-f", src[1], filepath.Join(dir, name)).Run()
		if _, err := os.Stat(filepath.Join(dir, name, "LC_CTYPE")); err != nil {
			t.Fatalf("localedef did not build %s in %s", name, dir)
		}
	}
	work := t.TempDir()
	if err := os.WriteFile(filepath.Join(work, "canary"), []byte("CANARY\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(locale, line string) string {
		cmd := exec.Command(bashStatic, "--norc", "--noprofile", "-c", line)
		cmd.Dir = work
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LOCPATH=" + dir, "LC_ALL=" + locale}
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	var lines []string
	for _, lead := range []string{"Ã", "\x81", "\xa4", "\xe0", "é", "日"} {
		for _, tail := range []string{
			`\' '; cat canary #'`, `\" "; cat canary #"`, "` `; cat canary #`", `|cat canary`,
			`{a,b} && cat canary`, `[x] && cat canary`, `@(x); cat canary`, `~ ; cat canary`, `^ ; cat canary`,
			`} ; cat canary`, `] ; cat canary`,
		} {
			lines = append(lines, "echo "+lead+tail)
		}
	}
	differ := 0
	for _, line := range lines {
		want := run("C.UTF-8", line)
		reported := Extract(line, testKnowledge, Limits{}).ParseError != ""
		for name := range locales {
			got := run(name, line)
			if got == want {
				continue
			}
			differ++
			if !reported {
				t.Errorf("bash in %s reads %q differently (%q, in C.UTF-8 %q), and the guard's parse does not report it", name, line, got, want)
			}
		}
		if !reported && strings.Contains(line, "\x81") {
			t.Errorf("%q: a Shift_JIS lead byte before shell syntax is not reported", line)
		}
	}
	if differ == 0 {
		t.Fatal("bash read every line alike in every locale: the locales did not load")
	}
	t.Logf("%d lines, %d readings that differ from C.UTF-8's, all reported", len(lines), differ)
	// The same bytes with a blank between them read alike everywhere.
	for _, line := range []string{"echo Ã | cat", "echo 日本 [x]", "grep -n 'é' src/*.go"} {
		if e := Extract(line, testKnowledge, Limits{}).ParseError; e != "" {
			t.Errorf("%q: parse error %q, want none", line, e)
		}
	}
}
