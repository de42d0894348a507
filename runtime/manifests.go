package runtime

import (
	"path"
	"strconv"
	"strings"

	"hookc.dev/hookc/runtime/payload"
)

// Manifests and toolchain files that name code by path: a build tool
// runs what they name, so one naming a place outside the project makes
// the command not known (design.md 408).

// maxManifests bounds the manifests one cargo command's are read
// through: a workspace with more is not known.
const maxManifests = 64

// cargoManifest returns why cargo is not known where its manifest p
// names a path outside the project, or "". The manifests of the
// workspace's members and of path dependencies are read too, cargo
// builds them all, and a member glob's matches are followed through
// their links (round 24, design.md 409).
func (e *evaluator) cargoManifest(p string) string {
	seen := map[string]bool{}
	return e.cargoManifests(p, seen)
}

func (e *evaluator) cargoManifests(p string, seen map[string]bool) string {
	if seen[p] {
		return ""
	}
	if len(seen) == maxManifests {
		return "its workspace has more than " + strconv.Itoa(maxManifests) + " manifests, which the guard does not read"
	}
	seen[p] = true
	data, why := e.settingsData(p)
	if why != "" {
		return why
	}
	vals := cargoPaths(data)
	if why := e.manifestOutside(p, vals); why != "" {
		return why
	}
	for _, v := range vals {
		if v == "" {
			continue
		}
		dirs, _ := e.manifestDirs(p, v)
		for _, d := range dirs {
			if m := path.Join(d, "Cargo.toml"); e.env.FS.Exists(m) {
				if why := e.cargoManifests(m, seen); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// manifestDirs returns the paths the value v of the manifest p names,
// relative to its directory: v itself, or the names a glob matches
// (members = ["crates/*"]); ok is false for a glob the guard cannot
// expand.
func (e *evaluator) manifestDirs(p, v string) (dirs []string, ok bool) {
	abs := v
	if !strings.HasPrefix(v, "/") {
		abs = path.Join(path.Dir(p), v)
	}
	if !hasGlob([]byte(v)) {
		return []string{abs}, true
	}
	ms, _, ok := e.expandGlob(Word{Text: abs, Glob: true, Pat: abs}, Word{})
	return ms, ok
}

// cargoPaths returns the strings of a Cargo.toml, among them the paths
// cargo builds or runs from (a dependency's or a patch's path, a
// target's path, the build script, the workspace root, its members),
// whatever key holds them: a dotted or quoted key names the same
// (round 24). A scan, not a TOML parser; an escape makes the manifest
// not known (manifestOutside).
func cargoPaths(data string) []string {
	var out []string
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '#':
			j := strings.IndexByte(data[i:], '\n')
			if j < 0 {
				return out
			}
			i += j
		case '"', '\'':
			j := strings.IndexByte(data[i+1:], c)
			if j < 0 {
				return out
			}
			// Every string: a key may be dotted or quoted
			// (foo.path, "path"), so the value alone decides.
			out = append(out, data[i+1:i+1+j])
			i += j + 1
		}
	}
	return out
}

// rustToolchain returns why cargo is not known where the toolchain file
// p names a toolchain by its path (rustup runs that directory's rustc
// and cargo), or "". rustup reads a rust-toolchain file that is no TOML
// as one line, a channel's name or a toolchain's directory (/opt/tc:
// round 40): a line that is no channel's name is read as a path.
func (e *evaluator) rustToolchain(p string) string {
	data, why := e.settingsData(p)
	if why != "" {
		return why
	}
	for _, line := range strings.Split(data, "\n") {
		// toolchain.path = or toolchain = { path = ... } too (round 24).
		if k, _, ok := strings.Cut(line, "="); ok && strings.Contains(k, "path") || strings.Contains(line, "path") && strings.Contains(line, "{") {
			return p + " names a toolchain by its path, which rustup runs"
		}
		line = strings.TrimSpace(line)
		if line != "" && !strings.ContainsAny(line, "=[") && line[0] != '#' && strings.Trim(line, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != "" {
			return p + " names a toolchain by its path, which rustup runs"
		}
	}
	return ""
}

// npmManifest returns why npm is not known where its package.json p
// names a workspace outside the project, or "".
func (e *evaluator) npmManifest(p string) string {
	data, why := e.settingsData(p)
	if why != "" {
		return why
	}
	// npm strips a byte order mark; on an empty file it fails.
	data = strings.TrimPrefix(data, "\ufeff")
	if strings.TrimSpace(data) == "" {
		return ""
	}
	v, ok := payload.Value([]byte(data))
	m, _ := v.(map[string]any)
	if !ok || m == nil {
		// A spelling the decoder does not take (round 24).
		return "it takes settings from " + p + ", which the guard does not read"
	}
	ws := m["workspaces"]
	if obj, isObj := ws.(map[string]any); isObj {
		ws = obj["packages"]
	}
	arr, _ := ws.([]any)
	var list []string
	for _, x := range arr {
		if s, isStr := x.(string); isStr {
			list = append(list, s)
		}
	}
	return e.manifestOutside(p, list)
}

// settingsData reads the settings file or manifest p, up to
// maxSettingsFile, or says why it cannot.
func (e *evaluator) settingsData(p string) (string, string) {
	data, err := e.env.FS.ReadFile(p, maxSettingsFile+1)
	if err != nil || len(data) > maxSettingsFile {
		return "", "it takes settings from " + p + ", which the guard cannot read"
	}
	return string(data), ""
}

// manifestOutside returns why a manifest p that names the paths vals,
// relative to its directory, is not known: the first of them outside the
// project, by its spelling or through a link; "" if none.
func (e *evaluator) manifestOutside(p string, vals []string) string {
	for _, v := range vals {
		if v == "" {
			continue
		}
		if strings.Contains(v, "\\") {
			return p + " holds an escape in " + v + ", which the guard does not read"
		}
		if rest, ok := strings.CutPrefix(v, "file:"); ok {
			// A git dependency's file URL is a local repository whose
			// code the build runs (round 24).
			if h, ok := strings.CutPrefix(rest, "//"); ok {
				if !strings.HasPrefix(h, "/") {
					return p + " names " + v + ", a file URL with a host, which the guard does not read"
				}
				rest = h
			}
			v = rest
		}
		abs := v
		if !strings.HasPrefix(v, "/") {
			abs = path.Join(path.Dir(p), v)
		}
		if strings.HasPrefix(v, "~") || !e.inRoot(cleanPath(abs)) {
			return p + " names " + v + ", outside the project, whose code the build runs"
		}
		dirs, ok := e.manifestDirs(p, v)
		if !ok {
			return p + " names " + v + ", a glob the guard cannot expand"
		}
		for _, d := range dirs {
			if e.linksOut(d) {
				return p + " names " + v + ", which leads out of the project through a link, whose code the build runs"
			}
		}
	}
	return ""
}

// linksOut reports whether the path p, in the project, leads out of it
// through a link.
func (e *evaluator) linksOut(p string) bool {
	t := e.realPath(e.env.FS.Resolve(p))
	return t != "" && !e.inRoot(t)
}

// cmakeCache returns why cmake is not known where its build directory's
// cache p names a program, a script or a toolchain outside the project
// and the system's directories (CMAKE_MAKE_PROGRAM, a compiler or its
// launcher, CMAKE_PROJECT_INCLUDE, CMAKE_TOOLCHAIN_FILE): cmake --build
// runs them as -D CMAKE_* would have set them (policies6; design.md
// 408). "" if it names none.
func (e *evaluator) cmakeCache(p string) string {
	data, why := e.settingsData(p)
	if why != "" {
		return why
	}
	for _, line := range strings.Split(data, "\n") {
		key, val, ok := strings.Cut(strings.TrimSpace(line), "=")
		name, typ, _ := strings.Cut(key, ":")
		if !ok || strings.HasPrefix(name, "#") || strings.HasPrefix(name, "//") {
			continue
		}
		if !strings.HasPrefix(name, "CMAKE_") && typ != "FILEPATH" {
			continue
		}
		for _, v := range strings.Split(val, ";") {
			v = strings.TrimSpace(v)
			// An INTERNAL entry counts too (CMAKE_MAKE_PROGRAM), and
			// a relative value (round 24).
			if strings.Contains(v, "..") || (strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "$")) && !e.inRoot(cleanPath(v)) && !systemPath(v) {
				return p + " sets " + name + " to " + v + ", outside the project, which cmake runs or reads"
			}
		}
	}
	return ""
}

// systemPath reports whether p is below a directory only the system
// writes, where compilers and cmake's own modules live.
func systemPath(p string) bool {
	for _, d := range []string{"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/etc/", "/opt/"} {
		if strings.HasPrefix(cleanPath(p), d) {
			return true
		}
	}
	return false
}
