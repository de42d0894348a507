package hookc_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"hookc.dev/hookc/internal/pipeline/compile/gen"
	"hookc.dev/hookc/internal/pipeline/load"
	rcommands "hookc.dev/hookc/runtime/commands"
)

// TestBaseCommands keeps runtime/commands/basecommands_gen.go, the built-in command
// knowledge that generated tables share (design.md 195), the same as
// cue/schema's; HOOKC_UPDATE=1 rewrites it.
func TestBaseCommands(t *testing.T) {
	base := load.BaseCommands()
	src, err := gen.BaseSource(base)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("runtime", "commands", "basecommands_gen.go"), src)
	if os.Getenv("HOOKC_UPDATE") != "1" && !reflect.DeepEqual(rcommands.BaseCommands, base) {
		t.Error("commands.BaseCommands differs from cue/schema's command knowledge: run HOOKC_UPDATE=1 go test -run TestBaseCommands . and commit the result")
	}
}

// TestSecretTable keeps runtime/secrets_gen.go, the secrets preset's match
// that every policy's secret floor uses (design.md 231), the same as
// cue/presets/secrets; HOOKC_UPDATE=1 rewrites it.
func TestSecretTable(t *testing.T) {
	src, err := gen.SecretsSource(load.SecretTable())
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("runtime", "secrets_gen.go"), src)
}
