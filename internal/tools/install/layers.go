package install

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"hookc.dev/hookc/internal/pipeline/compile/layers"
	"hookc.dev/hookc/internal/tools/settings"
)

// Install merges the layers hookc build wrote beside the hook
// (HOOK.layers.json) into the settings file and uninstall takes them out
// again (design.md 100). What install added is recorded beside the hook,
// in HOOK.layers.installed.json, per settings file: uninstall removes
// exactly that, and leaves entries that were there before.

// A layerRecord is what install added to one settings file.
type layerRecord struct {
	Added   []layerItem `json:"added,omitempty"`
	Created [][]string  `json:"created,omitempty"` // objects and lists install created
}

type layerItem struct {
	Path  []string `json:"path"`
	Value any      `json:"value"`
	List  bool     `json:"list,omitempty"`
}

func recordPath(hook string) string { return hook + ".layers.installed.json" }

// readRecords reads the records of a hook, keyed by absolute settings path.
func readRecords(hook string) (map[string]*layerRecord, error) {
	recs := map[string]*layerRecord{}
	b, err := os.ReadFile(recordPath(hook))
	if os.IsNotExist(err) {
		return recs, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &recs); err != nil {
		return nil, fmt.Errorf("%s: %v", recordPath(hook), err)
	}
	return recs, nil
}

func writeRecords(hook string, recs map[string]*layerRecord) error {
	for k, r := range recs {
		if r == nil || len(r.Added) == 0 && len(r.Created) == 0 {
			delete(recs, k)
		}
	}
	if len(recs) == 0 {
		if err := os.Remove(recordPath(hook)); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	b, _ := json.MarshalIndent(recs, "", "  ")
	return os.WriteFile(recordPath(hook), append(b, '\n'), 0o644)
}

// layerMerge merges or removes the layers of one settings file.
type layerMerge struct {
	in      *installer
	rec     *layerRecord // what was added before
	next    *layerRecord // what is added after this run
	user    bool         // a user settings file: project paths make no sense there
	skipped int          // project paths left out of a user settings file
}

func toPath(p []string) settings.Path {
	out := make(settings.Path, len(p))
	for i, e := range p {
		out[i] = e
	}
	return out
}

// find returns the index of value in the list at p, or -1.
func (m *layerMerge) find(p []string, value any) int {
	list := m.in.doc.Lookup(toPath(p))
	if list == nil || list.Kind != settings.Array {
		return -1
	}
	for i, e := range list.Elems {
		var got any
		if m.in.doc.Decode(e, &got) == nil && reflect.DeepEqual(got, value) {
			return i
		}
	}
	return -1
}

func (m *layerMerge) recorded(it layerItem) bool {
	return slices.ContainsFunc(m.rec.Added, func(r layerItem) bool { return sameItem(r, it) })
}

func sameItem(a, b layerItem) bool {
	return a.List == b.List && slices.Equal(a.Path, b.Path) && reflect.DeepEqual(a.Value, b.Value)
}

// created notes the containers of p that do not exist yet.
func (m *layerMerge) created(p []string) {
	for i := 1; i <= len(p); i++ {
		if m.in.doc.Lookup(toPath(p[:i])) == nil && !slices.ContainsFunc(m.next.Created, func(c []string) bool { return slices.Equal(c, p[:i]) }) {
			m.next.Created = append(m.next.Created, slices.Clone(p[:i]))
		}
	}
}

// remove takes out what the record added and the new items do not hold.
func (m *layerMerge) remove(keep []layerItem) (int, error) {
	n := 0
	for i := len(m.rec.Added) - 1; i >= 0; i-- {
		it := m.rec.Added[i]
		if slices.ContainsFunc(keep, func(k layerItem) bool { return sameItem(k, it) }) {
			continue
		}
		p := toPath(it.Path)
		if it.List {
			j := m.find(it.Path, it.Value)
			if j < 0 {
				continue
			}
			p = append(p, j)
		} else if !m.in.equal(p, it.Value) {
			continue // changed since: not ours any more
		}
		if err := m.in.doc.Delete(p); err != nil {
			return n, err
		}
		n++
	}
	created := m.rec.Created
	slices.SortFunc(created, func(a, b []string) int { return len(b) - len(a) })
	for _, c := range created {
		v := m.in.doc.Lookup(toPath(c))
		if v != nil && len(v.Members) == 0 && len(v.Elems) == 0 && (v.Kind == settings.Object || v.Kind == settings.Array) {
			if slices.ContainsFunc(keep, func(k layerItem) bool { return hasPrefix(k.Path, c) }) {
				m.next.Created = append(m.next.Created, c)
				continue
			}
			if err := m.in.doc.Delete(toPath(c)); err != nil {
				return n, err
			}
		} else if v != nil {
			m.next.Created = append(m.next.Created, c)
		}
	}
	return n, nil
}

func hasPrefix(p, prefix []string) bool {
	return len(p) >= len(prefix) && slices.Equal(p[:len(prefix)], prefix)
}

// add adds the items, grouped by list: a list that is missing is written
// whole.
func (m *layerMerge) add(items []layerItem) (int, error) {
	n := 0
	for i := 0; i < len(items); {
		it := items[i]
		if !it.List {
			added, err := m.addValue(it)
			if added {
				n++
			}
			if err != nil {
				return n, err
			}
			i++
			continue
		}
		j := i
		var vals []any
		for ; j < len(items) && items[j].List && slices.Equal(items[j].Path, it.Path); j++ {
			vals = append(vals, items[j].Value)
		}
		k, err := m.addList(it.Path, vals)
		n += k
		if err != nil {
			return n, err
		}
		i = j
	}
	return n, nil
}

func (m *layerMerge) addValue(it layerItem) (bool, error) {
	p := toPath(it.Path)
	if v := m.in.doc.Lookup(p); v != nil {
		if m.in.equal(p, it.Value) {
			if m.recorded(it) {
				m.next.Added = append(m.next.Added, it)
			}
			return false, nil
		}
		fmt.Fprintf(m.in.stderr, "hookc install: %s: warning: %s is %s there; the layers want %v and leave it as it is\n",
			diagPos(m.in.doc, v, m.in.file.Path), strings.Join(it.Path, "."), m.in.doc.Text(v), it.Value)
		return false, nil
	}
	m.created(it.Path[:len(it.Path)-1])
	m.next.Added = append(m.next.Added, it)
	return true, m.in.doc.Set(p, it.Value)
}

func (m *layerMerge) addList(path []string, vals []any) (int, error) {
	p := toPath(path)
	if v := m.in.doc.Lookup(p); v == nil {
		m.created(path)
		for _, x := range vals {
			m.next.Added = append(m.next.Added, layerItem{Path: path, Value: x, List: true})
		}
		return len(vals), m.in.doc.Set(p, vals)
	} else if v.Kind != settings.Array {
		return 0, m.in.cannot(v, "%s is %s, not a list", strings.Join(path, "."), v.Kind)
	}
	n := 0
	for _, x := range vals {
		it := layerItem{Path: path, Value: x, List: true}
		if m.find(path, x) >= 0 {
			if m.recorded(it) {
				m.next.Added = append(m.next.Added, it)
			}
			continue
		}
		if err := m.in.doc.Append(p, x); err != nil {
			return n, err
		}
		m.next.Added = append(m.next.Added, it)
		n++
	}
	return n, nil
}

// fragmentItems returns the items of the hook's fragment file, without
// the project's paths in a user settings file.
func (m *layerMerge) fragmentItems(f *layers.File) []layerItem {
	var out []layerItem
	project, home := m.in.root, os.Getenv("HOME")
	if m.user {
		project = ""
	}
	// The secret files that exist now, in the project and the home
	// directory (design.md 181).
	for _, it := range append(f.Items(), f.Expand(project, home, absPath(m.in.file.Path))...) {
		if s, ok := it.Value.(string); ok && m.user && it.List && it.Path[0] == "sandbox" && strings.HasPrefix(s, "./") {
			m.skipped++
			continue
		}
		out = append(out, layerItem{Path: it.Path, Value: it.Value, List: it.List})
	}
	return out
}

// layers merges the hook's fragment (add) or removes what install added
// (!add); it returns the lines to print and the records to write.
func (in *installer) layers(add bool, scope settings.Scope) ([]string, map[string]*layerRecord, error) {
	recs, err := readRecords(in.hookAbs)
	if err != nil {
		return nil, nil, err
	}
	abs, _ := filepath.Abs(in.file.Path)
	old := recs[abs]
	if old == nil {
		old = &layerRecord{}
	}
	m := &layerMerge{in: in, rec: old, next: &layerRecord{}, user: scope == settings.User}
	var f *layers.File
	if add {
		if f, err = layers.ReadFile(layers.PathOf(in.hookAbs)); err != nil {
			return nil, nil, err
		}
	}
	var items []layerItem
	if f != nil {
		items = m.fragmentItems(f)
	}
	if f == nil && len(old.Added) == 0 {
		return nil, recs, nil
	}
	removed, err := m.remove(items)
	if err != nil {
		return nil, nil, err
	}
	added, err := m.add(items)
	if err != nil {
		return nil, nil, err
	}
	recs[abs] = m.next
	var lines []string
	if f != nil {
		lines = append(lines, fmt.Sprintf("layers of %s: added %d settings, %d were there already (%s)", layers.PathOf(in.command), added, len(items)-added, layerSummary(items)))
		if m.skipped > 0 {
			lines = append(lines, fmt.Sprintf("layers: left out %d sandbox paths of the project (./...): a user settings file has no project", m.skipped))
		}
		for _, n := range f.NotExpressed {
			lines = append(lines, "layers: not expressed: "+n)
		}
	}
	if removed > 0 {
		lines = append(lines, fmt.Sprintf("layers: removed %d settings install had added", removed))
	}
	return lines, recs, nil
}

// summary counts the items by settings key.
func layerSummary(items []layerItem) string {
	var keys []string
	count := map[string]int{}
	for _, it := range items {
		k := strings.Join(it.Path, ".")
		if count[k] == 0 {
			keys = append(keys, k)
		}
		count[k]++
	}
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, count[k]))
	}
	return strings.Join(parts, ", ")
}

func absPath(p string) string {
	abs, _ := filepath.Abs(p)
	return abs
}

// IgnoreBuildOutput adds the hook binary inside the project root and the
// files hookc writes beside it (its layers and install's record) to the
// project's .gitignore, if it does not name them yet: build output is
// built on each machine or in CI, not committed (docs/layers.md, Teams).
// It returns the line to print, or "".
func IgnoreBuildOutput(root, hook string) (string, error) {
	rel, err := filepath.Rel(root, hook)
	if err != nil || !filepath.IsLocal(rel) {
		return "", nil
	}
	name := "/" + filepath.ToSlash(rel)
	path := filepath.Join(root, ".gitignore")
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return "", err
	}
	have := strings.Split(string(old), "\n")
	var add []string
	out := []string{name, name + ".layers.json", name + ".layers.installed.json"}
	if _, err := os.Stat(commandHooksPathOf(hook)); err == nil {
		// It names programs by their absolute paths (design.md 305).
		out = append(out, name+".hooks.json")
	}
	for _, p := range out {
		if !slices.Contains(have, p) && !slices.Contains(have, p[1:]) {
			add = append(add, p)
		}
	}
	if len(add) == 0 {
		return "", nil
	}
	text := string(old)
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	text += "# hookc build output: built on each machine or in CI (docs/layers.md)\n" + strings.Join(add, "\n") + "\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s: added %s, build output kept out of git", ".gitignore", strings.Join(add, ", ")), nil
}
