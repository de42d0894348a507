package runtime

import "strings"

// sentinel is a file name no secret has. A path condition that matches it
// in a secret's directory matches every file there: it does not name the
// secret (design.md 321).
const sentinel = "hookc-no-secret"

// namesSecret reports whether the path condition l names the secret read
// w: it matches w, and it matches no file of w's directory that is no
// secret (a file named sentinel, with w's extension or without). A
// condition that matches a secret only by excluding other paths
// ({none: ...}, {not: ...}) or by matching every path below a place
// (./**) matches the sentinel too, so it does not name the secret; one
// that names the file (keys.txt, **/.env, ~/.ssh/**) does (design.md
// 321). In a secret directory, where the sentinel is a secret too, a
// file in each directory above stands for the other files.
func (e *evaluator) namesSecret(l *List, w Word) bool {
	if len(l.Conds) == 0 {
		return false
	}
	match := func(text string) bool { return e.pathHolds(l, text) }
	if !match(w.Text) {
		return false
	}
	dir, base := "", w.Text
	if i := strings.LastIndexByte(w.Text, '/'); i >= 0 {
		dir, base = w.Text[:i+1], w.Text[i+1:]
	}
	others := []string{dir + sentinel}
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		others = append(others, dir+sentinel+base[i:])
	}
	// In a secret directory every file is a secret: a file directly in
	// a directory above it tells whether the condition names the
	// directory (~/.ssh/**) or matches every path below a place
	// (/**, ./**).
	for d := strings.TrimSuffix(dir, "/"); d != ""; {
		i := strings.LastIndexByte(d, '/')
		if i < 0 {
			break
		}
		d = d[:i]
		others = append(others, d+"/"+sentinel)
	}
	for _, o := range others {
		if match(o) && !e.secret(access{w: Word{Text: o}}) {
			return false
		}
	}
	return true
}

// namesPlace reports whether the path condition l names the read a of a
// file in a closed place (design.md 395): it matches the path and its
// symlink's target, and it does not match a file outside every home and
// the project, as a condition that matches every path does (**, {none:
// ...}), nor, for a place the project holds, every file of the project
// (./** where the project is the home; design.md 422).
func (e *evaluator) namesPlace(l *List, a access) bool {
	if len(l.Conds) == 0 {
		return false
	}
	match := func(text string) bool { return e.pathHolds(l, text) }
	if match("/"+sentinel) || e.inRoot(a.w.Text) && match(strings.TrimSuffix(e.root, "/")+"/"+sentinel) {
		return false
	}
	return match(a.w.Text) && (a.target == "" || match(a.target))
}

// pathHolds reports whether the path condition l holds for the one path
// text.
func (e *evaluator) pathHolds(l *List, text string) bool {
	m := matcher{e: e}
	return m.list(l, 1, func(int) Word { return Word{Text: text} }, true) == yes
}

// askedSecret bounds the ask or pass d of a unit by the secret floor's
// rules: where an ask or pass rule, or the default, decides a unit that
// reads or writes a secret, a floor rule of the secret floor that denies
// the unit's certain accesses of secrets decides it, as it would had an
// allow rule matched (design.md 322). So cp keys.txt /tmp/x and tar cf
// x.tar keys.txt are denied as they are for .env. An uncertain path keeps
// its ask (design.md 16), and a policy without such a floor rule decides
// as before.
func (e *evaluator) askedSecret(u *unit, d decided, perm bool) decided {
	if !perm || d.d != Ask && d.d != Pass || u.floor != 0 {
		return d
	}
	var certain []access
	for _, a := range u.paths {
		if !a.history && !a.w.Dynamic && !a.w.Glob && e.secret(a) {
			certain = append(certain, a)
		}
	}
	if len(certain) == 0 {
		return d
	}
	v := *u
	v.paths = certain
	if f := e.floor(&v, FloorSecret, perm, ""); f.by == ByRule && f.d == Deny {
		u.floor = v.floor
		return f
	}
	return d
}
