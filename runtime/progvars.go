package runtime

import "strings"

// programVariables are variables that programs read to find code to run,
// libraries to load or configuration that names them (less's LESSOPEN,
// git's GIT_*, the loader's LD_*). The shell the Bash tool runs may
// export them when the hook's environment does not (a user's start-up
// files export LESSOPEN), so an assignment statement of one is taken as
// one that stays exported (design.md 319). A name ending in _ is a prefix.
var programVariables = [...]string{
	"BASH_ENV", "ENV", "PATH", "HOME", "SHELL", "TMPDIR", "ZDOTDIR", "INPUTRC", "TERMINFO",
	"PAGER", "MANPAGER", "EDITOR", "VISUAL", "BROWSER", "LESS", "LESSOPEN", "LESSCLOSE", "LESSKEY", "LESSKEYIN",
	"GREP_OPTIONS", "RIPGREP_CONFIG_PATH", "GCONV_PATH", "LOCPATH", "SSH_ASKPASS", "TAR_OPTIONS", "GZIP", "XZ_OPT", "BC_ENV_ARGS",
	"MAKEFLAGS", "MAKEFILES", "GOFLAGS", "GOENV", "GOTOOLCHAIN", "GOPROXY", "CLASSPATH",
	"CC", "CXX", "CPP", "AR", "CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS", "RUSTFLAGS", "PYTEST_ADDOPTS",
	"LD_", "GIT_", "PYTHON", "NODE_", "PERL", "RUBY", "JAVA_", "_JAVA_", "JDK_", "CGO_", "CARGO_", "RUSTC",
	"UV_", "PIP_", "NPM_CONFIG_", "npm_config_", "XDG_", "GH_", "DOCKER_", "DYLD_",
}

// programVariable reports whether a program may read the variable name
// for code to run (programVariables).
func programVariable(name string) bool {
	for _, v := range programVariables {
		if v == name || strings.HasSuffix(v, "_") && strings.HasPrefix(name, v) ||
			(v == "PYTHON" || v == "PERL" || v == "RUBY" || v == "RUSTC") && strings.HasPrefix(name, v) {
			return true
		}
	}
	return false
}
