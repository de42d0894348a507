package vet

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"hookc.dev/hookc/runtime"
)

// searchBudget is how many random calls the reach check tries for a rule
// vet's witness machinery found no call for.
const searchBudget = 2000

// reachCounts counts, over the policies checked, the rules vet does not
// report dead, shadowed or redundant, by how a call reaching them was
// found: by vet's witnesses, by search, or not within the budget.
type reachCounts struct {
	mu                                sync.Mutex
	rules, witness, words, search, no int
	// alone counts the rules not reached that decide some call tried
	// when they are alone: earlier rules took those calls.
	alone int
	// unreached counts the rules the unreached check reports, and
	// reachable those of them that a random call reaches: the check's
	// calls missed them (design.md 113, 148).
	unreached, reachable int
	missed               []string
	reachMissed          []string // the first rules reported unreached that random calls reach // the first rules of random policies not reached, for the log
	named                []string // the rules of the examples and the synthetic policy not reached
}

func (c *reachCounts) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Sprintf("%d rules not reported unreachable: %d reached by a vet witness, %d by a call of the policy's words, %d by random search, %d not within the budget (%d of them decide a call tried when alone); %d reported unreached, %d of them reached by random search",
		c.rules, c.witness, c.words, c.search, c.no, c.alone, c.unreached, c.reachable)
}

// checkReached checks, for a pass over a policy, that every rule its
// findings do not report dead, shadowed, redundant or unreached (in any
// certainty) is reached: a call that the table as the hook runs it
// (hooktable.Generated) decides, in one of its units, by that rule. The call is
// looked for as the unreached check looks (pass.reach), then among the
// calls search returns (nil: none). It returns what went wrong, or "".
func checkReached(name string, ps *pass, search func() []call, counts *reachCounts) string {
	if ps.r.run == ps.t {
		return "no generated form to replay with"
	}
	reported := ps.reportedRules()
	var searched []call
	vocab := newVocabulary(ps.t)
	unreached := map[string]bool{}
	for _, d := range ps.out {
		if d.Check == "unreached" {
			unreached[d.Pos.String()] = true
		}
	}
	for ri := range ps.t.Rules {
		if unreached[ps.t.Rules[ri].Pos] {
			decided := func(_ call, units []runtime.Trace, u int) bool { return ps.r.decidedBy(units[u], ri) }
			if searched == nil && search != nil {
				searched = search()
			}
			var by []byte
			for _, c := range searched {
				if ps.r.reaches(ps.r.run, []call{c}, decided) {
					by = c.payload
					break
				}
			}
			counts.mu.Lock()
			counts.unreached++
			if by != nil {
				counts.reachable++
				if len(counts.reachMissed) < 20 {
					counts.reachMissed = append(counts.reachMissed, fmt.Sprintf("%s: rule %s, by %s\n%s", name, ps.t.Rules[ri].Name, by, dumpRules(ps.t)))
				}
			}
			counts.mu.Unlock()
		}
		if reported[ri] {
			continue
		}
		decided := func(_ call, units []runtime.Trace, u int) bool { return ps.r.decidedBy(units[u], ri) }
		how, tried, _ := ps.reach(ri, vocab)
		if how == "" && search != nil {
			if searched == nil {
				searched = search()
			}
			if ps.r.reaches(ps.r.run, searched, decided) {
				how = "search"
			}
		}
		alone := how == "" && ps.r.reaches(ps.r.alone(ri), append(searched, tried), decided)
		counts.mu.Lock()
		counts.rules++
		switch how {
		case "witness":
			counts.witness++
		case "words":
			counts.words++
		case "search":
			counts.search++
		default:
			counts.no++
			if alone {
				counts.alone++
			}
			if search == nil {
				counts.named = append(counts.named, fmt.Sprintf("%s: rule %q (%s)", name, ps.t.Rules[ri].Name, ps.t.Rules[ri].Pos))
			} else if len(counts.missed) < 8 {
				counts.missed = append(counts.missed, fmt.Sprintf("%s: rule %s; vet's witness %s\n%s", name, ps.t.Rules[ri].Name, tried.payload, dumpRules(ps.t)))
			}
		}
		counts.mu.Unlock()
	}
	return ""
}

// searchCalls returns n random calls of the random policies' vocabulary,
// in the file system of TestProperty's samples.
func searchCalls(seed uint64, n int) []call {
	g := &policyGen{rng: rand.New(rand.NewPCG(propertySeed, seed))}
	links := map[string]string{"/project/lnk": "/etc/passwd", "/project/src/a.go": "/home/user/.ssh/id"}
	out := make([]call, n)
	for i := range out {
		payload, env := g.call()
		out[i] = call{payload: payload, env: env, links: links}
	}
	return out
}

// maxUnreached bounds the rules of TestWitnessesReplay's 1,000 random
// policies that vet does not report unreachable and that no call reached
// within the budget: none (design.md 104, 113; 96 of 2,552 before the
// unreached check).
const maxUnreached = 0

// maxReachedUnreached bounds the rules of TestWitnessesReplay's 1,000
// random policies that the unreached check reports and a random call
// reaches: calls its search misses (design.md 148; measured: 15 of 105
// before, 7 of 96 after; 8 of 112 with the effect floors of design.md
// 115; 1 of 104 with the calls of design.md 300; 2 of 113 after design.md
// 345, 1 of 112 with the policy's paths as operands of design.md 377; 0 of
// 107 with the symlinked tool paths of design.md 387, which reach policy
// 771's rule r3, an allow on PostToolUse with writes: {prefix:
// ["./src/**", {not: {re: "^-"}}]}: a Write of a symlink writes two
// paths, the link and its target).
const maxReachedUnreached = 0

// maxUnreachedNamed bounds the rules of the examples and the synthetic
// 1,000-rule policy that vet does not report unreachable and that no
// witness of vet reached (measured: 21 of 506; 1, the guard's floor rule
// "git printing from the history", before the calls of design.md 300
// put git log -S a in a repository and replayed it with the policy's
// allow rules, which take the secret floor for it).
const maxUnreachedNamed = 0
