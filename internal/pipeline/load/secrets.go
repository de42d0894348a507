package load

import (
	"fmt"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"

	"hookc.dev/hookc/cue/presets"
	"hookc.dev/hookc/runtime"
)

// SecretTable returns the secrets preset's match compiled on its own, the
// table runtime.SecretTable holds. What the secret floor knows as secrets
// is the same for every policy, whether or not it imports the preset, so
// the runtime keeps it once and no policy's table repeats it (design.md
// 231).
func SecretTable() *runtime.Table {
	l := &loader{ctx: cuecontext.New(), rootErr: map[string]bool{}}
	t := &runtime.Table{}
	c := &compiler{l: l, t: t, patIdx: map[string]int32{}}
	t.Secrets, t.ClosedPlaces, t.ClosedNames = c.secrets()
	if len(l.diags)+len(l.cdiags) > 0 {
		panic(fmt.Sprintf("the secrets preset's match does not compile: %v", append(l.diags, l.cdiags...)))
	}
	return t
}

// secrets compiles the secrets preset's table (its match and the
// credential and settings names the secret floor knows beside it,
// design.md 282), its closedPlaces (design.md 395) and its closedNames
// (design.md 436).
func (c *compiler) secrets() (table, closed, closedNames runtime.List) {
	b, err := presets.FS.ReadFile("secrets/secrets.cue")
	if err != nil {
		panic(err) // embedded
	}
	v := c.l.ctx.CompileBytes(b, cue.Filename("secrets.cue"))
	field := func(name string) runtime.List {
		l, _ := c.list(v.LookupPath(cue.ParsePath(name)), vpath{"(the secrets preset)", name}, true)
		return l
	}
	return field("table"), field("closedPlaces"), field("closedNames")
}
