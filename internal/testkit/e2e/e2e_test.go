package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"hookc.dev/hookc/internal/pipeline/build"
	"hookc.dev/hookc/internal/testkit/claude"

	"hookc.dev/hookc/internal/testkit/testenv"
)

// The client under test and the hookc that scenarios run, found or built
// once.
var (
	clientBin     string
	clientVersion string
	clientErr     error // why the client cannot be run; the tests skip
	goEnv         map[string]string
	tmpRoot       string // holds what TestMain builds; removed at the end
)

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	var err error
	if tmpRoot, err = os.MkdirTemp("", "hookc-e2e-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmpRoot)
	clientBin, clientErr = findClient()
	if clientErr == nil {
		clientVersion, clientErr = claude.BinaryVersion(clientBin)
	}
	code := m.Run()
	if clientErr == nil && !pinned() {
		fmt.Printf("drift mode: Claude Code %s, pinned %s; TestSurface lists new and missing tools, fields and events, and a scenario that fails shows a changed output\n", clientVersion, claude.Version)
	}
	return code
}

// findClient returns the client under test: with HOOKC_CLAUDE_VERSION
// set, that version (latest: the newest published), installed from the
// npm registry if missing; otherwise HOOKC_CLAUDE or the pinned version.
func findClient() (string, error) {
	v := os.Getenv(claude.EnvVersion)
	if v == "" || v == claude.Version {
		return claude.Find()
	}
	bin, err := claude.Install(v)
	if err != nil {
		return "", fmt.Errorf("%s=%s: cannot install that client: %v", claude.EnvVersion, v, err)
	}
	return bin, nil
}

// buildHookc builds cmd/hookc once, for the scenarios' PATH.
var buildHookc = sync.OnceValues(func() (string, error) {
	dir := filepath.Join(tmpRoot, "bin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "hookc"), "hookc.dev/hookc/cmd/hookc")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building hookc: %v\n%s", err, out)
	}
	env, err := build.CacheEnv()
	goEnv = env
	return dir, err
})

// needClient skips the test unless the client can run here, and returns
// the directory holding hookc.
func needClient(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the real Claude Code client")
	}
	if clientErr != nil {
		testenv.Missing(t, clientErr.Error()+" (go run ./internal/testkit/claude/install installs it)")
	}
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("the scenarios use sh and run on Linux and macOS")
	}
	dir, err := buildHookc()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// pinned reports whether the client under test is the pinned version;
// otherwise the tests report drift rather than hold the pinned goldens.
func pinned() bool { return clientVersion == claude.Version }

// TestScenarios runs testdata/scripts/*.txtar: users' sessions with the
// real client and a scripted model.
func TestScenarios(t *testing.T) {
	bin := needClient(t)
	t.Parallel()
	testscript.Run(t, scenarioParams(t, bin, "testdata/scripts"))
}

func scenarioParams(t *testing.T, hookcBin, dir string) testscript.Params {
	examples, err := filepath.Abs(filepath.Join("..", "..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	return testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(e *testscript.Env) error {
			home := filepath.Join(e.WorkDir, "home")
			project := filepath.Join(e.WorkDir, "project")
			for _, d := range []string{home, project} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					return err
				}
			}
			e.Setenv("HOME", home)
			e.Setenv("SHELL", bashPath) // the client's shell, as the sessions' (session_test.go)
			if err := testenv.GoTelemetryOff(home); err != nil {
				return err
			}
			e.Setenv("PROJECT", project)
			e.Setenv("EXAMPLES", examples)
			e.Setenv("PATH", hookcBin+string(os.PathListSeparator)+os.Getenv("PATH"))
			e.Setenv("GOTOOLCHAIN", "local")
			e.Setenv("GOPROXY", "off")
			e.Setenv("CUE_REGISTRY", "none")
			for k, v := range goEnv {
				e.Setenv(k, v)
			}
			e.Cd = project
			return nil
		},
		Cmds: scenarioCmds,
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "pinned":
				return pinned(), nil
			case "python3":
				_, err := exec.LookPath("python3")
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %s", cond)
		},
	}
}
