package runtime_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"hookc.dev/hookc/internal/pipeline/load"
	"hookc.dev/hookc/internal/testkit/synth"
	"hookc.dev/hookc/runtime"
)

// TestPackRules checks that packed rules decode to the rules packed, on
// the guard and a synthetic policy.
func TestPackRules(t *testing.T) {
	g, err := load.Dir("../examples/guard")
	if err != nil {
		t.Fatal(err)
	}
	tables := []*runtime.Table{g.Table}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "policy.cue"), []byte(synth.Policy(300, 3, synth.Random)), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	tables = append(tables, p.Table)
	for _, tb := range tables {
		pk := runtime.PackRules(tb.Rules)
		if pk.N != len(tb.Rules) {
			t.Fatalf("%d rules packed as %d", len(tb.Rules), pk.N)
		}
		for i := range tb.Rules {
			if got := pk.Rule(i); !reflect.DeepEqual(got, &tb.Rules[i]) {
				t.Fatalf("rule %d decodes to\n%+v\nwant\n%+v", i, got, tb.Rules[i])
			}
		}
	}
}

// TestPackRulesEveryField packs rules with every field set, to random
// values, nil and empty slices apart: a field the encoding forgets fails.
func TestPackRulesEveryField(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var rules []runtime.Rule
	for range 200 {
		var r runtime.Rule
		fill(rng, reflect.ValueOf(&r).Elem(), 0)
		rules = append(rules, r)
	}
	pk := runtime.PackRules(rules)
	for i := range rules {
		if got := pk.Rule(i); !reflect.DeepEqual(got, &rules[i]) {
			t.Fatalf("rule %d decodes to\n%+v\nwant\n%+v", i, got, rules[i])
		}
	}
}

// fill sets v to a random value.
func fill(rng *rand.Rand, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		v.SetString(string(b))
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Uint8, reflect.Uint, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(rng.IntN(8)))
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(int64(rng.IntN(2000) - 1000))
	case reflect.Pointer:
		if depth < 4 && rng.IntN(2) == 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(rng, v.Elem(), depth+1)
		}
	case reflect.Slice:
		if depth >= 4 || rng.IntN(3) == 0 {
			return // nil
		}
		n := rng.IntN(3)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(rng, v.Index(i), depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(rng, v.Field(i), depth+1)
			}
		}
	default:
		panic("fill: unsupported kind " + v.Kind().String())
	}
}
