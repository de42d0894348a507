package importer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"hookc.dev/hookc/internal/pipeline/check/testrun"
	"hookc.dev/hookc/internal/pipeline/check/vet"
	"hookc.dev/hookc/internal/tools/settings"
)

// TestAcceptAndTests imports a small settings file whose rules vet reports
// (a deny that hides an allow), accepts what the native rules did, adds a
// test per rule, and checks that the policy as written vets clean and its
// tests pass with every rule covered.
func TestAcceptAndTests(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "settings.json")
	s := map[string]any{"permissions": map[string]any{
		"allow": []string{"Bash(git status)", "Bash(npm test)", "Read(src/**)"},
		"deny":  []string{"Bash(git:*)"},
	}}
	b, _ := json.Marshal(s)
	if err := os.WriteFile(f, b, 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := Read(f, settings.Project, Anchor(settings.Project, dir))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Import([]*Source{src})
	if err != nil {
		t.Fatal(err)
	}
	findings, err := AcceptNative(res, "policy.cue")
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for _, d := range findings {
		if d.Accepted == "" && d.Severity != "note" {
			t.Errorf("finding not accepted: %s", d)
		}
		if d.Accepted != "" {
			accepted++
		}
	}
	if accepted == 0 {
		t.Errorf("no finding accepted; the deny of git hides the allow of git status:\n%s", res.CUE)
	}
	untested, err := AddTests(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(untested) > 0 {
		t.Errorf("rules without a test: %q", untested)
	}
	p := loadPolicy(t, res.CUE)
	ds, err := vet.Run(p, vet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Accepted == "" && d.Severity != "note" {
			t.Errorf("vet of the policy as written: %s", d)
		}
	}
	rep, err := testrun.Run(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed() {
		t.Errorf("its tests fail:\n%s", res.CUE)
	}
	for _, i := range rep.Cover.Uncovered() {
		if !testrun.Exempt(p.Rules[i].Accept) {
			t.Errorf("rule %q is not covered", p.Table.Rules[i].Name)
		}
	}
}
