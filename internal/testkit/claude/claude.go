// Package claude finds and installs the real Claude Code client that the
// end-to-end tests run (internal/testkit/e2e) and runs it headless against a
// scripted model.
//
// The client is the npm package @anthropic-ai/claude-code; its platform
// package (@anthropic-ai/claude-code-linux-x64 and the like) ships the
// native binary, so installing it needs npm and the registry but no
// install script and no download of its own. The tests use the version
// pinned here, installed under the user's cache directory, or the binary
// that HOOKC_CLAUDE names.
package claude

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strings"
)

// Version is the pinned client version: the end-to-end scenarios, the
// captured payloads in testdata/protocol/client-<Version> and
// docs/protocol.md hold for it. This is the one place it is written.
const Version = "2.1.332"

// EnvBinary names an environment variable that, when set, is the path of
// the client binary to test instead of the pinned one: a newer version
// for the drift report, or a client installed some other way.
const EnvBinary = "HOOKC_CLAUDE"

// EnvVersion names an environment variable that, when set, is the
// version to test instead of the pinned one ("latest": the newest
// published), installed from the npm registry if missing: the drift mode
// of the end-to-end tests.
const EnvVersion = "HOOKC_CLAUDE_VERSION"

// platformPackage returns the npm package that ships the native binary
// for this platform.
func platformPackage() (string, error) {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[goruntime.GOARCH]
	switch {
	case arch == "":
	case goruntime.GOOS == "linux", goruntime.GOOS == "darwin":
		return "@anthropic-ai/claude-code-" + goruntime.GOOS + "-" + arch, nil
	}
	return "", fmt.Errorf("no Claude Code package for %s/%s", goruntime.GOOS, goruntime.GOARCH)
}

// CacheDir returns the directory a version is installed in:
// <user cache dir>/hookc/claude-code/<version>.
func CacheDir(version string) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "hookc", "claude-code", version), nil
}

// binaryIn returns the path of the binary in an installation directory.
func binaryIn(dir string) (string, error) {
	pkg, err := platformPackage()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "node_modules", filepath.FromSlash(pkg), "claude"), nil
}

// Find returns the client binary the tests use: HOOKC_CLAUDE if set, else
// the pinned version in the cache. The error says how to install it.
func Find() (string, error) {
	if p := os.Getenv(EnvBinary); p != "" {
		if !executable(p) {
			return "", fmt.Errorf("%s=%s is not an executable file", EnvBinary, p)
		}
		return p, nil
	}
	dir, err := CacheDir(Version)
	if err != nil {
		return "", err
	}
	bin, err := binaryIn(dir)
	if err != nil {
		return "", err
	}
	if !executable(bin) {
		return "", fmt.Errorf("Claude Code %s is not installed in %s; install it with: go run ./internal/testkit/claude/install (or set %s)", Version, dir, EnvBinary)
	}
	return bin, nil
}

func executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// Install installs a version ("latest" resolves to the newest published
// one) from the npm registry into its cache directory, unless it is
// there, and returns the binary's path. It runs npm without install
// scripts.
func Install(version string) (string, error) {
	if version == "latest" {
		out, err := npm("view", "@anthropic-ai/claude-code", "version")
		if err != nil {
			return "", err
		}
		version = strings.TrimSpace(out)
	}
	dir, err := CacheDir(version)
	if err != nil {
		return "", err
	}
	bin, err := binaryIn(dir)
	if err != nil {
		return "", err
	}
	if executable(bin) {
		return bin, nil
	}
	pkg, _ := platformPackage()
	// Install into a fresh directory beside the final one and rename it,
	// so that an interrupted install leaves nothing half done.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+version+"-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if _, err := npm("install", "--prefix", tmp, "--ignore-scripts", "--no-audit", "--no-fund",
		"--no-save", "--loglevel=error", pkg+"@"+version); err != nil {
		return "", err
	}
	if b, _ := binaryIn(tmp); !executable(b) {
		return "", fmt.Errorf("npm installed %s@%s but %s is not an executable", pkg, version, b)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if executable(bin) {
			return bin, nil // installed meanwhile by another run
		}
		// A directory left without the binary: replace it.
		os.RemoveAll(dir)
		if err := os.Rename(tmp, dir); err != nil {
			return "", err
		}
	}
	return bin, nil
}

func npm(args ...string) (string, error) {
	if _, err := exec.LookPath("npm"); err != nil {
		return "", errors.New("npm is not installed; it is needed to install Claude Code from the npm registry")
	}
	cmd := exec.Command("npm", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("npm %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

// BinaryVersion returns the version a client binary reports
// ("2.1.328 (Claude Code)" gives "2.1.328").
func BinaryVersion(bin string) (string, error) {
	home, err := os.MkdirTemp("", "hookc-claude-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(home)
	cmd := exec.Command(bin, "--version")
	cmd.Dir = home
	cmd.Env = []string{"HOME=" + home, "TMPDIR=" + home, "PATH=" + os.Getenv("PATH"), "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1"}
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s --version: %v", bin, err)
	}
	v, _, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	return v, nil
}
