package runtime

import (
	"cmp"
	"path"
	"slices"
	"strings"
	"sync"
)

// The environment a line inherits (design.md 413). The shell the Bash
// tool runs gets the environment the hook gets: Claude Code's, with the
// env of the user's and the project's settings. A variable there that
// makes a program run, load or read what its words do not say (GIT_DIR,
// LESSOPEN, NODE_OPTIONS=--require, PYTHONPATH=., a PATH that finds the
// project's files first) changes that program, and the guard knows the
// program only where the variable is unset or holds a value it knows to
// leave the program as its model says (round 27).

// envGroup names the programs a variable changes.
type envGroup uint8

const (
	envAll    envGroup = iota // every program the shell finds on PATH
	envGit                    // git, and go, which runs git to stamp builds
	envPython                 // python and the programs it runs
	envNode                   // node and the programs it runs
	envNpm                    // npm and its kin
	envJava                   // the JVM's programs
	envPerl                   // perl and the programs it runs
	envRuby                   // ruby and the programs it runs
	envGo                     // the go command
	envMan                    // man and groff
	envLess                   // less
	envFile                   // file
	envTar                    // tar
	envGrep                   // grep
	envBc                     // bc
	envCargo                  // cargo and rustc
	envZip                    // zip and unzip
	envXz                     // xz
	envGzip                   // gzip
	envBzip                   // bzip2
	envShim                   // the programs PATH finds among a version manager's shims
	envShell                  // every command, builtins too: the shell runs the code
	envFunc                   // the command a function of the environment is named for
)

// An envVar is a variable, or a prefix of names (ending in *), that
// changes the programs of a group; inert says which values do not (nil:
// none but the empty value).
type envVar struct {
	name  string
	group envGroup
	inert func(e *evaluator, value string) bool
}

func always(*evaluator, string) bool { return true }

// envVars are the variables the guard reads from the environment, the
// first that matches a name deciding it: those each program reads to
// find code to run or files to read, with the values that leave it as
// the model knows it. A variable not here changes no program the guard
// allows (LANG, TERM, EDITOR, PAGER, whose pager needs a terminal the
// Bash tool does not have), or is read elsewhere: CDPATH, SHELLOPTS and
// BASHOPTS by cd (chdir), RIPGREP_CONFIG_PATH by rg, MANPATH by man,
// BASHOPTS, SHELLOPTS and GLOBIGNORE by globs, POSIXLY_CORRECT.
var envVars = [...]envVar{
	{"BASH_ENV", envShell, outsidePaths},
	{"BASH_FUNC_*", envFunc, nil},
	{"LD_LIBRARY_PATH", envAll, outsidePaths},
	{"LD_BIND_NOW", envAll, always},
	{"LD_RUN_PATH", envAll, always}, // read by the link editor only
	{"LD_*", envAll, nil},           // LD_PRELOAD, LD_AUDIT, LD_DEBUG_OUTPUT=FILE writes
	{"GCONV_PATH", envAll, nil},
	// The locale, the terminal and the time zone name files by their
	// values: gettext reads LANGUAGE=../../../proc/self/cwd/loc's
	// catalogs, whose translations are printf formats (397; round 29).
	{"LANG", envAll, inertValue("LANG")},
	{"LANGUAGE", envAll, inertValue("LANGUAGE")},
	{"LC_*", envAll, localeValue},
	{"TERM", envAll, inertValue("TERM")},
	{"TZ", envAll, tzValue},
	{"LOCPATH", envAll, outsidePaths},
	{"NLSPATH", envAll, nil},
	{"TEXTDOMAINDIR", envAll, outsidePaths},
	{"TERMINFO", envAll, outsidePaths},
	{"TERMINFO_DIRS", envAll, outsidePaths},
	{"HOME", envAll, notInProject},
	{"XDG_CONFIG_HOME", envAll, notInProject},
	{"XDG_CONFIG_DIRS", envAll, outsidePaths},

	{"GIT_PAGER", envGit, always},
	{"GIT_TERMINAL_PROMPT", envGit, always},
	{"GIT_OPTIONAL_LOCKS", envGit, always},
	{"GIT_FLUSH", envGit, always},
	{"GIT_PROGRESS_DELAY", envGit, always},
	{"GIT_MERGE_VERBOSITY", envGit, always},
	{"GIT_AUTHOR_*", envGit, always},
	{"GIT_COMMITTER_*", envGit, always},
	{"GIT_LFS_SKIP_SMUDGE", envGit, always},
	{"GIT_ADVICE", envGit, always},
	{"GIT_DEFAULT_HASH", envGit, always},
	{"GIT_CONFIG_NOSYSTEM", envGit, always},
	{"GIT_NO_REPLACE_OBJECTS", envGit, always},
	{"GIT_LITERAL_PATHSPECS", envGit, always},
	// Settings of git's network transport: certificates, proxies,
	// timeouts, which read no file a read of the repository prints.
	{"GIT_SSL_*", envGit, always},
	{"GIT_HTTP_*", envGit, always},
	{"GIT_ALLOW_PROTOCOL", envGit, always},
	{"GIT_PROTOCOL_FROM_USER", envGit, always},
	{"GIT_EDITOR", envGit, plainCommand},
	{"GIT_SEQUENCE_EDITOR", envGit, plainCommand},
	{"GIT_ASKPASS", envGit, plainCommand},
	{"GIT_SSH", envGit, plainCommand},
	{"GIT_SSH_COMMAND", envGit, plainCommand},
	{"GIT_*", envGit, nil},

	{"PYTHONPATH", envPython, outsidePaths},
	{"PYTHONHOME", envPython, outsidePaths},
	{"PYTHONUSERBASE", envPython, outsidePaths},
	{"PYTHONSTARTUP", envPython, always}, // read by an interactive python only
	{"PYTHONDONTWRITEBYTECODE", envPython, always},
	{"PYTHONUNBUFFERED", envPython, always},
	{"PYTHONIOENCODING", envPython, always},
	{"PYTHONHASHSEED", envPython, always},
	{"PYTHONUTF8", envPython, always},
	{"PYTHONNOUSERSITE", envPython, always},
	{"PYTHONSAFEPATH", envPython, always},
	{"PYTHONFAULTHANDLER", envPython, always},
	{"PYTHONCOERCECLOCALE", envPython, always},
	{"PYTHON*", envPython, nil},
	// pyenv's shims run its hooks, and the version a file names.
	{"PYENV_ROOT", envPython, outsidePaths},
	{"PYENV_HOOK_PATH", envPython, outsidePaths},
	{"PYENV_VERSION", envPython, toolchainName},
	{"PYENV_SHELL", envPython, always},
	{"PYENV_VIRTUALENV_INIT", envPython, always},
	{"PYENV_*", envPython, nil},

	{"NODE_OPTIONS", envNode, nodeOptions},
	{"NODE_PATH", envNode, outsidePaths},
	{"NODE_ENV", envNode, always},
	{"NODE_EXTRA_CA_CERTS", envNode, always},
	{"NODE_NO_WARNINGS", envNode, always},
	{"NODE_TLS_REJECT_UNAUTHORIZED", envNode, always},
	{"NODE_*", envNode, nil},
	{"npm_config_*", envNpm, nil},
	{"NPM_CONFIG_*", envNpm, nil},

	{"JAVA_TOOL_OPTIONS", envJava, javaOptions},
	{"_JAVA_OPTIONS", envJava, javaOptions},
	{"JDK_JAVA_OPTIONS", envJava, javaOptions},
	{"MAVEN_OPTS", envJava, javaOptions},
	{"GRADLE_OPTS", envJava, javaOptions},
	{"JAVA_HOME", envJava, outsidePaths},        // mvn and gradle run its bin/java
	{"GRADLE_USER_HOME", envJava, outsidePaths}, // its init.d scripts run
	{"MAVEN_ARGS", envJava, nil},

	// cargo runs rustc through these, and reads CARGO_HOME's config.toml
	// ([build] rustc-wrapper); rustup's toolchains are programs.
	{"RUSTC", envCargo, plainCommand},
	{"RUSTDOC", envCargo, plainCommand},
	{"RUSTC_WRAPPER", envCargo, plainCommand}, // sccache
	{"RUSTC_WORKSPACE_WRAPPER", envCargo, plainCommand},
	{"CARGO_HOME", envCargo, outsidePaths},
	{"RUSTUP_HOME", envCargo, outsidePaths},
	{"RUSTUP_TOOLCHAIN", envCargo, toolchainName},
	{"RUSTFLAGS", envCargo, rustFlags},
	{"CARGO_TERM_*", envCargo, always},
	{"CARGO_INCREMENTAL", envCargo, always},
	{"CARGO_*", envCargo, nil},

	// Options a compressor or an archiver takes from the environment:
	// tar's and xz's read files that list files, unzip's write.
	{"TAPE", envTar, nil},
	{"UNZIP", envZip, nil},
	{"UNZIPOPT", envZip, nil},
	{"ZIPOPT", envZip, nil},
	{"XZ_OPT", envXz, nil},
	{"XZ_DEFAULTS", envXz, nil},
	{"GZIP", envGzip, nil},
	{"BZIP", envBzip, nil},
	{"BZIP2", envBzip, nil},

	{"PERL5OPT", envPerl, nil},
	{"PERL5DB", envPerl, nil},
	{"PERL5LIB", envPerl, outsidePaths},
	{"PERLLIB", envPerl, outsidePaths},
	{"RUBYOPT", envRuby, nil},
	{"RUBYLIB", envRuby, outsidePaths},

	{"GOFLAGS", envGo, goFlags},
	// cgo runs the C compiler, with these flags (-fplugin=x.so, -B dir).
	{"CC", envGo, plainCommand},
	{"CXX", envGo, plainCommand},
	{"AR", envGo, plainCommand},
	{"PKG_CONFIG", envGo, plainCommand},
	{"CGO_ENABLED", envGo, always},
	{"CGO_*", envGo, nil},
	{"GOROOT", envGo, outsidePaths},
	{"GOENV", envGo, outsidePaths},
	{"GOTOOLCHAIN", envGo, goToolchain},
	// A file:// proxy hands go the toolchain GOTOOLCHAIN or go.mod's
	// toolchain line names, which go then runs (round 29).
	{"GOPROXY", envGo, goProxy},

	{"MANOPT", envMan, nil},
	{"MANROFFOPT", envMan, nil},
	{"MANROFFSEQ", envMan, nil},
	{"GROFF_*", envMan, nil},
	{"LESSOPEN", envLess, lessPipe},
	{"LESSCLOSE", envLess, lessPipe},
	// A lesskey file's #env section sets LESSOPEN (round 29).
	{"LESS", envLess, lessOptions},
	{"LESSKEY*", envLess, nil},
	{"LESSCHARSET", envLess, always},
	{"LESSHISTFILE", envLess, always},
	{"LESSSECURE", envLess, always},
	{"LESS*", envLess, nil},
	{"MAGIC", envFile, nil},
	{"TAR_OPTIONS", envTar, nil},
	{"GREP_OPTIONS", envGrep, nil},
	// bc reads BC_ENV_ARGS as options and files before its own (they
	// are read as its file operands are); BC_LINE_LENGTH only changes
	// where its output breaks.
	{"BC_ENV_ARGS", envBc, nil},

	// The version managers' shims read these: a version by name, or
	// where their installs and settings are (design.md 449).
	{"RBENV_VERSION", envShim, shimVersion},
	{"NODENV_VERSION", envShim, shimVersion},
	{"GOENV_VERSION", envShim, shimVersion},
	{"JENV_VERSION", envShim, shimVersion},
	{"RBENV_ROOT", envShim, outsidePaths},
	{"NODENV_ROOT", envShim, outsidePaths},
	{"GOENV_ROOT", envShim, outsidePaths},
	{"JENV_ROOT", envShim, outsidePaths},
	{"RBENV_SHELL", envShim, always},
	{"NODENV_SHELL", envShim, always},
	{"GOENV_SHELL", envShim, always},
	{"JENV_SHELL", envShim, always},
	{"RBENV_*", envShim, nil},
	{"NODENV_*", envShim, nil},
	{"GOENV_*", envShim, nil},
	{"JENV_*", envShim, nil},
	{"ASDF_DIR", envShim, outsidePaths},
	{"ASDF_DATA_DIR", envShim, outsidePaths},
	{"ASDF_*", envShim, nil}, // ASDF_PYTHON_VERSION=path:DIR, ASDF_DEFAULT_TOOL_VERSIONS_FILENAME
	{"MISE_SHELL", envShim, always},
	{"MISE_DATA_DIR", envShim, outsidePaths},
	{"MISE_CONFIG_DIR", envShim, outsidePaths},
	{"MISE_CACHE_DIR", envShim, outsidePaths},
	{"MISE_*", envShim, nil}, // MISE_ENV, MISE_CONFIG_FILE, MISE_PYTHON_VERSION=path:DIR
	{"RTX_*", envShim, nil},
}

// envChains links the entries of envVars by their names' first byte, in
// their order: head[b] is the first whose name starts with b, next[i]
// the one after envVars[i]; -1 ends a chain.
type envChains struct {
	head [256]int16
	next [len(envVars)]int16
}

// envByFirst returns envVars' chains, made on the first call.
var envByFirst = sync.OnceValue(func() *envChains {
	c := new(envChains)
	for b := range c.head {
		c.head[b] = -1
	}
	for i := len(envVars) - 1; i >= 0; i-- {
		b := envVars[i].name[0]
		c.next[i], c.head[b] = c.head[b], int16(i)
	}
	return c
})

// envHit is a variable of the environment that changes a group.
type envHit struct {
	name  string
	group envGroup
}

// inherited returns the variables of the environment that change a
// group of programs, once per call.
func (e *evaluator) inherited() []envHit {
	if e.envDone {
		return e.envHits
	}
	e.envDone = true
	first := envByFirst()
	visit := func(name, value string) {
		if value == "" || name == "" {
			return
		}
		// Only the entries that start with the name's first byte: most
		// names differ there, and the whole comparison on every entry
		// was a tenth of the hook's instructions for git status.
		for i := first.head[name[0]]; i >= 0; i = first.next[i] {
			v := &envVars[i]
			if p, ok := strings.CutSuffix(v.name, "*"); ok && strings.HasPrefix(name, p) || v.name == name {
				if v.inert == nil || !v.inert(e, value) {
					e.envHits = append(e.envHits, envHit{name, v.group})
				}
				return
			}
		}
	}
	if e.env.Environ != nil {
		for _, kv := range e.env.Environ() {
			name, value, _ := strings.Cut(kv, "=")
			visit(name, value)
		}
	} else {
		for _, v := range envVars {
			if !strings.HasSuffix(v.name, "*") {
				visit(v.name, e.env.get(v.name))
			}
		}
	}
	return e.envHits
}

// inheritedEnv says why the environment makes c's programs other than
// the model knows them: a variable of inherited, a PATH with one of the
// project's directories (projectPath), or a version manager's choice
// (shimWhy); "" if it does not.
func (e *evaluator) inheritedEnv(c *SimpleCommand) string {
	progs := make([]string, 0, 4)
	progs = append(progs, c.Wrappers...)
	if !c.Program.Dynamic && c.Program.Text != "" {
		progs = append(progs, c.Program.Text)
	}
	if len(progs) == 0 {
		return ""
	}
	for _, h := range e.inherited() {
		for _, p := range progs {
			builtin := slices.Contains(bashBuiltins, p)
			switch {
			case h.group == envFunc:
				// BASH_FUNC_ls%%: bash defines ls as a function.
				if strings.TrimSuffix(strings.TrimPrefix(h.name, "BASH_FUNC_"), "%%") == p {
					return "the environment defines " + p + " as a function, whose body runs instead"
				}
			case h.group == envShell || !builtin && e.inGroup(h.group, p):
				return "the environment sets " + h.name + ", which changes what " + p + " runs or reads in a way the guard does not check"
			}
		}
	}
	for i, p := range progs {
		if slices.Contains(bashBuiltins, p) {
			continue
		}
		if why := e.projectPath(); why != "" {
			return why
		}
		if i == len(progs)-1 && strings.Contains(c.Path, "/") {
			continue // run by its path, not found on PATH
		}
		if why := e.shimWhy(p, c.Dir); why != "" {
			return why
		}
		// A script's interpreter, which #!/usr/bin/env node (npm) finds
		// on PATH too: a link into the project there (round 51).
		if in := e.interpreter(p); in != "" && in != p {
			if why := e.shimWhy(in, c.Dir); why != "" {
				return why
			}
		}
	}
	return ""
}

// inGroup reports whether the program named p belongs to group g: by its
// name, or by the interpreter of the script PATH finds for it (npm is a
// node script, pip a python one).
func (e *evaluator) inGroup(g envGroup, p string) bool {
	switch g {
	case envAll:
		return true
	case envGit:
		return p == "git" || p == "go" || p == "gh"
	case envGo:
		return p == "go"
	case envNpm:
		return p == "npm" || p == "npx" || p == "pnpm" || p == "yarn"
	case envJava:
		return slices.Contains(javaPrograms, p)
	case envMan:
		return p == "man" || p == "groff" || p == "nroff" || p == "troff"
	case envLess:
		return p == "less"
	case envFile:
		return p == "file"
	case envTar:
		return p == "tar"
	case envGrep:
		return slices.Contains(grepPrograms, p)
	case envBc:
		return p == "bc"
	case envCargo:
		return p == "cargo" || p == "rustc" || p == "rustdoc" || p == "cargo-clippy" || p == "clippy-driver"
	case envZip:
		return p == "zip" || p == "unzip" || p == "zipinfo" || p == "funzip"
	case envXz:
		return p == "xz" || p == "unxz" || p == "xzcat" || p == "lzma" || p == "unlzma" || p == "lzcat" || p == "tar"
	case envGzip:
		return p == "gzip" || p == "gunzip" || p == "zcat" || p == "tar"
	case envBzip:
		return p == "bzip2" || p == "bunzip2" || p == "bzcat" || p == "tar"
	case envShim:
		at, file := e.pathIndex(p)
		return at >= 0 && (e.pathShimDir[at] || e.shimLike(e.pathList[at], file))
	}
	interp := "ruby"
	switch g {
	case envPython:
		interp = "python"
	case envNode:
		interp = "node"
	case envPerl:
		interp = "perl"
	}
	if strings.HasPrefix(p, interp) || g == envPython && (strings.HasPrefix(p, "pip") || strings.HasPrefix(p, "pytest")) {
		return true
	}
	return strings.HasPrefix(e.interpreter(p), interp)
}

var grepPrograms = []string{"grep", "egrep", "fgrep", "zgrep", "zegrep", "zfgrep", "xzgrep", "bzgrep", "lzgrep", "zipgrep"}

var javaPrograms = []string{"java", "javac", "jar", "jshell", "javadoc", "jdeps", "jlink", "jcmd", "keytool", "mvn", "mvnw", "gradle", "gradlew", "kotlin", "kotlinc", "scala", "sbt", "lein", "clj", "clojure"}

// interpreter returns the base name of the interpreter of the script
// PATH finds for p (#!/usr/bin/env node: node), or "".
func (e *evaluator) interpreter(p string) string {
	file := e.lookPath(p)
	if file == "" || e.env.FS == nil {
		return ""
	}
	b := e.head(file)
	if !strings.HasPrefix(b, "#!") {
		return ""
	}
	first, _, _ := strings.Cut(b[2:], "\n")
	words := strings.Fields(first)
	for i, w := range words {
		if i == 0 && path.Base(w) == "env" || strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
			continue
		}
		return path.Base(w)
	}
	return ""
}

// pathDirs returns PATH's directories in order, an empty one as ".",
// and the first that is relative or in the project (inProject: by its
// text or through links; the system's own directories by their text),
// "" if none is.
func (e *evaluator) pathDirs() (dirs []string, ours string) {
	// Unset (bash's own default then) or empty: no directory to look
	// through.
	if p := e.env.get("PATH"); !e.pathDone && p != "" {
		e.pathDone = true
		for _, d := range strings.Split(p, ":") {
			d = cmp.Or(d, ".")
			if e.pathOurs == "" && (!strings.HasPrefix(d, "/") || e.pathInProject(d)) {
				e.pathOurs = d
			}
			e.pathList = append(e.pathList, d)
			e.pathShimDir = append(e.pathShimDir, shimDir(d))
		}
	}
	return e.pathList, e.pathOurs
}

// pathInProject reports whether the absolute PATH directory d may be the
// project's: in it (inProject), or a directory of /proc or /dev/fd, or one
// that leads there through a link: a process's working directory or open
// directory, which a cd, env -C or a redirection of the line moves
// (/dev/fd/7 with 7<bin, /proc/self/cwd/../bin, ~/up -> /proc/self/cwd/..;
// round 51). Nobody puts one on PATH but to make it the project's. d's
// links are read once, for both questions.
func (e *evaluator) pathInProject(d string) bool {
	viaProc := func(p string) bool {
		return p == "/proc" || strings.HasPrefix(p, "/proc/") || p == "/dev/fd" || strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/dev/std")
	}
	clean := cleanPath(d)
	if viaProc(clean) {
		return true
	}
	rl, ok := e.env.FS.(interface{ Readlink(string) (string, bool) })
	if !ok || systemDir(clean) {
		return e.inProject(d)
	}
	found := false
	resolved := resolveLinks(clean, func(p string) (string, bool) {
		t, ok := rl.Readlink(p)
		if ok && !found {
			if strings.HasPrefix(t, "/") {
				found = viaProc(cleanPath(t))
			} else {
				found = viaProc(path.Join(path.Dir(p), t))
			}
		}
		return t, ok && !found
	})
	if found {
		return true
	}
	return e.inProjectResolved(d, func(a string) string {
		if a == clean {
			return resolved
		}
		return e.env.FS.Resolve(a)
	})
}

// lookPath returns the file PATH finds for the program p, or "".
func (e *evaluator) lookPath(p string) string {
	_, f := e.pathIndex(p)
	return f
}

// projectPath says why PATH makes every program other than the model
// knows it: a directory of it that is relative or empty (the working
// directory, which a cd or env -C moves), spelled with ~ (which bash
// expands and execvp does not), or in the project, where a program found
// by name may be the project's: the command's own, or one it runs by name
// wherever the command itself is found (an interpreter, #!/usr/bin/env
// node for npm; egrep's grep; xargs's echo; file -z's lzip; go's gcc and
// git), even where PATH's other directories come first, since a helper
// they lack is looked for there (round 50, design.md 452); "" if PATH
// holds none.
func (e *evaluator) projectPath() string {
	if _, d := e.pathDirs(); d != "" {
		return "PATH holds " + d + ", among the project's files or relative: a program found by name, or one it runs by name, may be the project's"
	}
	return ""
}

// inProject reports whether the absolute path p, as written, is in the
// project: by its text, or as the kernel follows it, through the links of
// /proc (/proc/self/cwd, /dev/fd/../cwd: the command's own directory; the
// text is not cleaned first) and of the file system (a home link to the
// project). A path the model cannot follow (another process's directory)
// may be the project's (round 29; design.md 415).
func (e *evaluator) inProject(p string) bool {
	return e.inProjectResolved(p, func(a string) string { return e.env.FS.Resolve(a) })
}

// inProjectResolved is inProject with the links of a path resolved by
// resolve (FS.Resolve).
func (e *evaluator) inProjectResolved(p string, resolve func(string) string) bool {
	if e.noProject {
		return false
	}
	abs, ok := e.kernelPath(p)
	if !ok {
		return true
	}
	if within(abs, e.root) || e.env.FS == nil || systemDir(abs) {
		return within(abs, e.root)
	}
	// The physical path, before realPath spells it below a home that
	// is itself a link to the project (HOME=~/w, w -> the project); a
	// path without links as it is, which is the project's where the
	// project's root is a link to it (CLAUDE_PROJECT_DIR=~/w; round 51).
	t := cmp.Or(resolve(abs), abs)
	return within(t, e.root) || within(e.realPath(t), e.root)
}

// systemDir reports whether the clean absolute path p lies where the
// system's packages keep programs, which only root writes: no link
// there leads into a project but one root made, so PATH's usual
// directories cost no resolution (/usr/local, which Homebrew gives the
// user on Intel Macs, is not among them).
func systemDir(p string) bool {
	for _, d := range [...]string{"/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/lib", "/usr/libexec", "/nix/store", "/snap/bin"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// kernelPath returns the absolute path p, as written, clean, with the
// links of /proc read as the command's (procAlias) and each .. after a
// link as the kernel takes it (physicalDots); ok is false where the model
// cannot follow it.
func (e *evaluator) kernelPath(p string) (string, bool) {
	abs, ok := e.absolute(p, Word{})
	if ok {
		abs, ok = e.physicalDots(abs, false)
	}
	return cleanPath(abs), ok
}

// outsidePaths reports whether every directory of the list v is absolute
// and outside the project: an empty one or "." is the working directory,
// where PYTHONPATH=. loads the project's sitecustomize.py.
func outsidePaths(e *evaluator, v string) bool {
	for _, d := range strings.Split(v, ":") {
		if !strings.HasPrefix(d, "/") || e.inProject(d) {
			return false
		}
	}
	return true
}

// notInProject reports whether the directory v is absolute and outside
// the project, the root included: HOME=proj/fh makes git read
// proj/fh/.gitconfig, jq proj/fh/.jq, and HOME or XDG_CONFIG_HOME set to
// the root itself make its committed .jq and git/config theirs (round 27
// and after). A user who runs Claude Code in the home directory, the
// project then, gets Claude Code's own checks for every program.
func notInProject(e *evaluator, v string) bool {
	return strings.HasPrefix(v, "/") && !e.inProject(v)
}

// plainCommand reports whether v is a command the guard may leave to
// run where git asks for one (an editor, an askpass program, ssh): plain
// words whose first names a program on PATH or a file outside the
// project, and no ssh option that runs a command (ProxyCommand).
func plainCommand(e *evaluator, v string) bool {
	words := strings.Fields(v)
	if len(words) == 0 || strings.Contains(v, "..") || strings.Contains(strings.ToLower(v), "command") {
		return false
	}
	for _, w := range words {
		if !plainValue(w, "_./=+:,@%~-") {
			return false
		}
	}
	first := words[0]
	return !strings.Contains(first, "/") || strings.HasPrefix(first, "/") && !e.inProject(first)
}

// nodeOptions reports whether every option of NODE_OPTIONS v only
// tunes node (--max-old-space-size=4096), none loads code (--require,
// --import, --loader).
func nodeOptions(_ *evaluator, v string) bool {
	for _, w := range strings.Fields(v) {
		name, _, _ := strings.Cut(w, "=")
		switch name {
		case "--max-old-space-size", "--max-semi-space-size", "--stack-trace-limit", "--no-warnings",
			"--no-deprecation", "--trace-warnings", "--trace-deprecation", "--enable-source-maps",
			"--unhandled-rejections", "--dns-result-order", "--use-openssl-ca", "--use-bundled-ca",
			"--openssl-legacy-provider", "--experimental-vm-modules", "--max-http-header-size":
		default:
			return false
		}
	}
	return true
}

// javaOptions reports whether every option of JAVA_TOOL_OPTIONS v only
// sizes the JVM or sets the locale; -XX:Flags=FILE and -Xlog:...:file=
// read and write files, -javaagent loads code.
func javaOptions(_ *evaluator, v string) bool {
	for _, w := range strings.Fields(v) {
		switch {
		case strings.HasPrefix(w, "-Xmx"), strings.HasPrefix(w, "-Xms"), strings.HasPrefix(w, "-Xss"):
			if !plainValue(w[4:], "") {
				return false
			}
		case strings.HasPrefix(w, "-XX:MaxRAMPercentage="), strings.HasPrefix(w, "-XX:InitialRAMPercentage="),
			strings.HasPrefix(w, "-Dfile.encoding="), strings.HasPrefix(w, "-Duser.language="),
			strings.HasPrefix(w, "-Duser.country="), strings.HasPrefix(w, "-Duser.timezone="),
			w == "-Djava.awt.headless=true", w == "-XX:+UseG1GC", w == "-XX:+UseSerialGC", w == "-XX:+UseParallelGC":
			_, val, _ := strings.Cut(w, "=")
			if !plainValue(val, ".-_/") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// goFlags reports whether every flag of GOFLAGS v is one of the build's
// switches; -overlay, -modfile, -toolexec, -exec and -ldflags name files
// to read or programs to run.
func goFlags(_ *evaluator, v string) bool {
	for _, w := range strings.Fields(v) {
		name, _, _ := strings.Cut(strings.TrimPrefix(w, "-"), "=")
		switch name {
		case "-mod", "mod", "buildvcs", "trimpath", "modcacherw", "race", "v", "p", "tags", "count", "timeout", "vet", "cover", "short", "failfast":
		default:
			return false
		}
	}
	return true
}

// rustFlags reports whether RUSTFLAGS v only tunes code generation
// (-C target-cpu=native, -D warnings): a linker, link arguments or a
// codegen backend run or load programs.
func rustFlags(_ *evaluator, v string) bool {
	low := strings.ToLower(v)
	for _, w := range []string{"linker", "link-arg", "link-args", "codegen-backend", "plugin", "-z"} {
		if strings.Contains(low, w) {
			return false
		}
	}
	return true
}

// toolchainName reports whether RUSTUP_TOOLCHAIN v names a toolchain
// (stable, 1.79.0, nightly-2024-06-01), not a path to one.
func toolchainName(_ *evaluator, v string) bool { return plainValue(v, "._-") }

// goToolchain reports whether GOTOOLCHAIN v runs go's own toolchains:
// local, auto, or a version to download; path and +path run a go found
// on PATH, which must find none of the project's files.
func goToolchain(e *evaluator, v string) bool {
	if v == "path" || strings.HasSuffix(v, "+path") {
		_, ours := e.pathDirs()
		return ours == ""
	}
	return v == "local" || v == "auto" || strings.HasPrefix(v, "go") && plainValue(strings.TrimSuffix(v, "+auto"), ".")
}

// inertValue returns the predicate of the variable name: the value a
// prefix assignment of it may have without an allow rule naming it
// (inert), one truth for the line and the environment.
func inertValue(name string) func(*evaluator, string) bool {
	return func(_ *evaluator, v string) bool { return inert(name + "=" + v) }
}

// tzValue reports whether TZ v names a zone, or a zone file outside the
// project (:/etc/localtime).
func tzValue(e *evaluator, v string) bool {
	if f := strings.TrimPrefix(v, ":"); strings.HasPrefix(f, "/") {
		return !e.inProject(f)
	}
	return inert("TZ=" + v)
}

// localeValue reports whether v is a locale's name, which names no file.
func localeValue(_ *evaluator, v string) bool { return plainValue(v, "_.@:+-") }

// lessOptions reports whether the options of LESS v only change how
// less shows a file: not a lesskey file (-k, --lesskey-file,
// --lesskey-src, --lesskey-content), whose #env section sets LESSOPEN,
// nor a log file (-o, -O), which less writes.
func lessOptions(_ *evaluator, v string) bool {
	for _, w := range strings.Fields(v) {
		if long, ok := strings.CutPrefix(w, "--"); ok {
			if strings.HasPrefix(long, "lesskey") || strings.HasPrefix(long, "log-file") || strings.HasPrefix(long, "LOG-FILE") || strings.HasPrefix(long, "tag") || strings.HasPrefix(long, "editor") {
				return false
			}
			continue
		}
		if strings.ContainsAny(w, "kKoOtT") || !plainValue(w, "-+#.") {
			return false
		}
	}
	return true
}

// goProxy reports whether GOPROXY v fetches modules and toolchains from
// the network's proxies, not from files (file://), which may be the
// project's.
func goProxy(_ *evaluator, v string) bool { return !strings.Contains(strings.ToLower(v), "file:") }

// lessPipe reports whether LESSOPEN or LESSCLOSE v runs a distribution's
// lesspipe (|/usr/bin/lesspipe %s), which lessPreprocessed models; any
// other preprocessor runs what the guard does not know.
func lessPipe(e *evaluator, v string) bool {
	v = strings.TrimLeft(v, "|-")
	words := strings.Fields(v)
	if len(words) == 0 || !strings.HasPrefix(words[0], "/") || e.inProject(words[0]) {
		return false
	}
	switch path.Base(words[0]) {
	case "lesspipe", "lesspipe.sh", "lessfile":
	default:
		return false
	}
	for _, w := range words[1:] {
		if w != "%s" {
			return false
		}
	}
	return true
}
