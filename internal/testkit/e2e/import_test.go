package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/runtime"
)

// importRules are the native permission rules of TestImportOracle: every
// rule form the calls below can reach, with allow rules that an ask or a
// deny overrides.
const importRules = `{"permissions": {
  "allow": ["Bash(touch allow-*)", "Bash(touch ask-but-allowed-*)", "Bash(mkdir -p made/*)", "Bash(echo *)",
    "Bash(git status)", "Bash(ls:*)", "Read(./docs/**)", "Edit(./out/**)", "Bash(cat secret-*)"],
  "ask": ["Bash(touch ask-*)", "Bash(mkdir -p made/ask*)", "Edit(./review/**)", "Bash(git push *)"],
  "deny": ["Bash(touch deny-*)", "Bash(rm *)", "Bash(cat secret-*)", "Read(./secret/**)", "Edit(./locked/**)"]
}}
`

// importCalls returns the table of TestImportOracle: harmless calls (the
// shell commands go to the recording stub; the file tools read and write
// scratch files) that each rule and their combinations decide, and calls
// no rule matches.
func importCalls() []toolCall {
	var calls []toolCall
	add := func(format string, n int, f func(s string) toolCall) {
		for i := range n {
			calls = append(calls, f(fmt.Sprintf(format, i)))
		}
	}
	for _, p := range []string{"allow", "ask", "deny", "other", "ask-but-allowed"} {
		add("touch "+p+"-%d", 10, bashCall)
	}
	add("touch allow-a%[1]d && touch deny-b%[1]d", 8, bashCall)
	add("touch allow-c%[1]d; touch other-d%[1]d", 8, bashCall)
	add("touch allow-e%[1]d && echo ok%[1]d", 8, bashCall)
	add("touch allow-f%[1]d || touch ask-g%[1]d", 6, bashCall)
	add("mkdir -p made/d%d", 8, bashCall)
	add("mkdir -p made/ask%d", 8, bashCall)
	add("mkdir -p other%d", 6, bashCall)
	add("echo hi%d", 8, bashCall)
	add("echo hi > out/e%d.txt", 6, bashCall)
	add("echo hi > elsewhere%d.txt", 6, bashCall)
	add("ls docs/d%d.md", 6, bashCall)
	add("cat secret-%d.txt", 6, bashCall)
	add("cat secret/s%d", 6, bashCall)
	add("cat docs/d%d.md", 6, bashCall)
	add("rm -f other-x%d", 6, bashCall)
	add("git push origin b%d", 4, bashCall)
	add("git status", 1, bashCall)
	file := func(tool string) func(string) toolCall {
		return func(p string) toolCall {
			in := map[string]any{"file_path": p}
			if tool == "Write" {
				in["content"] = "x\n"
			}
			return toolCall{Tool: tool, Input: in}
		}
	}
	add("docs/d%d.md", 6, file("Read"))
	add("secret/s%d", 6, file("Read"))
	add("src/f%d.go", 6, file("Read"))
	add("out/w%d.txt", 8, file("Write"))
	add("review/r%d.txt", 6, file("Write"))
	add("locked/l%d.txt", 6, file("Write"))
	add("other/w%d.txt", 6, file("Write"))
	add("secret/w%d", 4, file("Write"))
	return calls
}

// importFiles are the scratch files the calls read.
func importFiles() map[string]string {
	files := map[string]string{}
	for i := range 6 {
		files[fmt.Sprintf("docs/d%d.md", i)] = "doc\n"
		files[fmt.Sprintf("secret/s%d", i)] = "CANARY-IMPORT\n"
		files[fmt.Sprintf("src/f%d.go", i)] = "package f\n"
	}
	for _, d := range []string{"out", "review", "locked", "other", "made"} {
		files[d+"/.keep"] = ""
	}
	return files
}

// TestImportOracle holds the policy hookc import makes from native
// permission rules to the client's own decisions: the client runs the
// table with the rules and no hook (trusted, so that its allow rules
// apply), and again with no rules; the imported policy decides each call
// in process. Where it allows, the client ran the call; where it denies,
// the client said "has been denied"; where it asks, the client refused it
// otherwise (an ask, refused headless); where it passes, the client did as
// it does with no rules.
func TestImportOracle(t *testing.T) {
	bin := needClient(t)
	t.Parallel()
	calls := importCalls()
	if len(calls) < 200 {
		t.Fatalf("%d calls, want at least 200", len(calls))
	}
	var rules, none *scratch
	var withRules, withoutRules []string
	var wg sync.WaitGroup
	for _, with := range []bool{true, false} {
		s := newScratch(t)
		s.write(t, importFiles())
		if with {
			s.write(t, map[string]string{".claude/settings.json": importRules})
			trust, _ := json.Marshal(map[string]any{"projects": map[string]any{s.project: map[string]any{"hasTrustDialogAccepted": true}}})
			s.write(t, map[string]string{"~/.claude.json": string(trust)})
			rules = s
		} else {
			none = s
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := clientVerdicts(t, s, calls)
			if with {
				withRules = v
			} else {
				withoutRules = v
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}

	// The imported policy, decided in the scratch of the session with rules.
	dir := filepath.Join(rules.dir, "policy")
	os.Mkdir(dir, 0o755)
	cmd := exec.Command(filepath.Join(bin, "hookc"), "import", "-o", filepath.Join(dir, "policy.cue"))
	cmd.Dir, cmd.Env = rules.project, rules.env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hookc import: %v\n%s", err, out)
	}
	p, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	env := &runtime.Env{Getenv: func(k string) string {
		return map[string]string{"HOME": rules.home, "CLAUDE_PROJECT_DIR": rules.project}[k]
	}, Home: rules.home, FS: runtime.OSEnv().FS}
	hook, err := p.Hook()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	var differ []string
	for i, c := range calls {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": rules.project,
			"tool_name": c.Tool, "tool_input": absInput(c, rules)})
		d := runtime.Decide(hook, payload, env).Decision.String()
		got, alone := verdictKind(withRules[i]), verdictKind(withoutRules[i])
		counts[d+"/"+got]++
		want := map[string]string{"allow": "ran", "deny": "denied", "ask": "asked", "pass": alone}[d]
		switch {
		case got == want:
			continue
		case want == "ran":
			t.Errorf("%s %s: the imported policy says %s, so it runs; the client with the rules: %s; with none: %s",
				c.Tool, summaryInput(c), d, withRules[i], withoutRules[i])
		case got == "ran":
			differ = append(differ, fmt.Sprintf("stricter\t%s %s: %s, the client ran it", c.Tool, summaryInput(c), d))
		default:
			differ = append(differ, fmt.Sprintf("refused otherwise\t%s %s: %s, the client %s", c.Tool, summaryInput(c), d, got))
		}
	}
	t.Logf("%d calls (run in %s with the rules and in %s without; the shell commands through the recording stub): imported policy's decision/the client's with the rules: %v",
		len(calls), rules.dir, none.dir, counts)
	holdKnown(t, "testdata/import.known", importKnownHeader, differ)
}

const importKnownHeader = `# Calls where the policy hookc import makes from the native rules of
# TestImportOracle decides otherwise than the client did with those rules:
# stricter (the client ran the call; the policy passes it, asks or denies)
# or refused otherwise (both refuse, one as a deny, the other as an ask).
# A call the policy lets run and the client did not fails the test. The
# test holds this list exact; HOOKC_UPDATE=1 rewrites it.
`

// absInput returns a call's input with its file_path absolute in s's
// project, as the client sends it to hooks.
func absInput(c toolCall, s *scratch) map[string]any {
	in := map[string]any{}
	for k, v := range c.Input {
		in[k] = v
	}
	if p, ok := in["file_path"].(string); ok && !filepath.IsAbs(p) {
		in["file_path"] = filepath.Join(s.project, p)
	}
	return in
}

func summaryInput(c toolCall) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(c.Input)
	return strings.TrimSpace(b.String())
}

// clientVerdicts runs the calls in one session in s, the shell commands
// through the recording stub, and returns what became of each: "ran", or
// the text the model was shown.
func clientVerdicts(t *testing.T, s *scratch, calls []toolCall) []string {
	stub := filepath.Join(s.dir, "stub")
	if err := os.WriteFile(stub, []byte(stubScript), 0o755); err != nil {
		t.Error(err)
		return nil
	}
	r := s.session(t, batchScript(calls), []string{"CLAUDE_CODE_SHELL_PREFIX=" + stub, "HOOKC_STUB_LOG=" + filepath.Join(s.dir, "stub.log")})
	results := toolResults(r)
	out := make([]string, len(calls))
	for i, c := range calls {
		res, ok := results[callID(i)]
		switch {
		case !ok:
			out[i] = "no result"
		case !res.IsError && (c.Tool != "Bash" || strings.Contains(res.Text, stubOutput)):
			out[i] = "ran"
		default:
			out[i] = strings.TrimSpace(res.Text)
		}
	}
	return out
}

// verdictKind sorts what the client did: ran, denied (by a deny rule) or
// asked (refused otherwise: an ask, refused headless).
func verdictKind(v string) string {
	switch {
	case v == "ran":
		return "ran"
	case strings.Contains(v, "has been denied"),
		strings.Contains(v, "denied by your permission settings"),
		strings.Contains(v, "covered by a Read deny rule"):
		return "denied"
	}
	return "asked"
}
