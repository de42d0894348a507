package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// lateSecrets are secret files created after hookc install -layers ran:
// in the project (names of the guard's scanned globs, one five
// directories deep, where a glob the client expands may not reach), at
// the top of the home directory (a scanned name), at a literal path of
// the layers and in a credential directory of the layers that did not
// exist at install.
var lateSecrets = []string{"late/.env.late", "late/new.pem", "src/a/b/c/d/.env.deep", ".envrc", "~/.boto", "~/.gem/credentials", "~/.azure/late-token"}

// TestLayersLate checks in the real client which layer rules hold a secret
// file created after install, with the guard's hook replaced by one that
// allows every call: as installed, and with the rules of
// HOOKC_LAYERS_LATE (a JSON object of settings merged into the
// installed ones, several separated by "|"). A measurement of a minute
// a setup (design.md 332).
func TestLayersLate(t *testing.T) {
	needClient(t)
	needSandbox(t)
	extra := os.Getenv("HOOKC_LAYERS_LATE")
	if extra == "" {
		t.Skip(`a measurement: run it with HOOKC_LAYERS_LATE='{"permissions":{"deny":["Read(**/.env*)"]}}' (docs/layers.md)`)
	}
	for i, setup := range append([]string{"{}"}, strings.Split(extra, "|")...) {
		// By number: the scratch's path holds the name, and the hook's
		// command line the path.
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			lateSession(t, setup)
		})
	}
}

// lateSession runs one setup of TestLayersLate.
func lateSession(t *testing.T, setup string) {
	var add map[string]any
	if err := json.Unmarshal([]byte(setup), &add); err != nil {
		t.Fatalf("%s: %v", setup, err)
	}
	s := newLayersScratch(t)
	s.jail(t)
	s.installLayers(t, true)
	s.addSettings(t, add)
	var calls []toolCall
	for i, f := range lateSecrets {
		s.write(t, map[string]string{f: fmt.Sprintf("CANARY-LATE-%d\n", i)})
		calls = append(calls, bashCall("cat "+f))
	}
	calls = append(calls, bashCall(sandboxProbe))
	r, err := s.trySession(batchScript(calls), nil)
	if err != nil {
		t.Fatalf("%s: %v", setup, err)
	}
	results := toolResults(r)
	var read, held []string
	for i, f := range lateSecrets {
		if strings.Contains(results[callID(i)].Text, "CANARY-LATE") {
			read = append(read, f)
		} else {
			held = append(held, f)
		}
	}
	probe := results[callID(len(lateSecrets))].Text
	t.Logf("Claude Code %s, the layers alone plus %s: read %v; held %v (probe sandboxed: %v)", clientVersion, setup, read, held,
		strings.Contains(probe, "probe-done") && !strings.Contains(probe, "example.com"))
	for i := range lateSecrets {
		t.Logf("  %s: %.200q", lateSecrets[i], results[callID(i)].Text)
	}
}

// addSettings merges add into the project's settings file.
func (s *scratch) addSettings(t *testing.T, add map[string]any) {
	t.Helper()
	var doc map[string]any
	data, _ := os.ReadFile(s.path(".claude/settings.json"))
	json.Unmarshal(data, &doc)
	mergeSettings(doc, add)
	s.writeSettings(t, doc)
}

// mergeSettings merges add into doc: objects key by key, lists appended.
func mergeSettings(doc, add map[string]any) {
	for k, v := range add {
		switch v := v.(type) {
		case map[string]any:
			sub, ok := doc[k].(map[string]any)
			if !ok {
				sub = map[string]any{}
				doc[k] = sub
			}
			mergeSettings(sub, v)
		case []any:
			old, _ := doc[k].([]any)
			doc[k] = append(old, v...)
		default:
			doc[k] = v
		}
	}
}
