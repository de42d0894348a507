package importer

import (
	"path/filepath"

	"hookc.dev/hookc/internal/diag"
	"hookc.dev/hookc/internal/pipeline/check/vet"
)

// nativeReason is the reason hookc import writes on a rule vet reports:
// the native rules did the same.
var nativeReason = map[string]string{
	"shadowed":    "imported as Claude Code applies it: every deny rule, then every ask rule, then every allow rule, the first match deciding; an earlier rule hides this one there too",
	"dead":        "imported as Claude Code reads it: the native rule never matches either",
	"redundant":   "imported as written: the native rules hold this rule and another that decides its calls the same way",
	"conflict":    "imported as Claude Code applies it: every deny rule, then every ask rule, then every allow rule, the first match deciding",
	"broad-allow": "imported as written: the native allow rule allows this much too",
	"unanchored":  "imported as Claude Code matches it",
}

// AcceptNative vets the imported policy and accepts, on the rule it is
// about, every finding the native rules cause too, with a reason naming
// Claude Code's precedence or the native rule: they are what the native
// rules did (design.md 67, 190), and the policy as written vets clean. It
// returns the findings of the policy with the accepts, accepted ones
// included.
func AcceptNative(res *Result, name string) (diag.List, error) {
	findings, rules, err := vetImported(res.CUE, name)
	if err != nil {
		return nil, err
	}
	accepts := map[string]map[string]string{}
	for i, d := range findings {
		if d.Accepted != "" || d.Severity == "note" || rules[i] == "" || nativeReason[d.Check] == "" {
			continue
		}
		if accepts[rules[i]] == nil {
			accepts[rules[i]] = map[string]string{}
		}
		accepts[rules[i]][d.Check] = nativeReason[d.Check]
	}
	if len(accepts) == 0 {
		return findings, nil
	}
	if err := res.Accept(accepts); err != nil {
		return nil, err
	}
	findings, _, err = vetImported(res.CUE, name)
	return findings, err
}

// vetImported vets an imported policy, with positions in the file name. It
// returns every finding, accepted ones included, and the name of the rule
// each is about ("" for the policy).
func vetImported(src []byte, name string) (diag.List, []string, error) {
	p, cleanup, err := loadImported(src)
	if err != nil {
		return nil, nil, err
	}
	defer cleanup()
	findings, err := vet.Run(p, vet.Options{})
	if err != nil {
		return nil, nil, err
	}
	rules := make([]string, len(findings))
	prefix := filepath.ToSlash(filepath.Join(p.Dir, "policy.cue"))
	fix := func(p *diag.Pos) {
		if p.File == prefix {
			p.File = name
		}
	}
	for i := range findings {
		for _, r := range p.Table.Rules {
			if r.Pos == findings[i].Pos.String() {
				rules[i] = r.Name
			}
		}
		fix(&findings[i].Pos)
		for j := range findings[i].Related {
			fix(&findings[i].Related[j].Pos)
		}
	}
	return findings, rules, nil
}
