package load

import (
	"bytes"
	"encoding/json"
	"strings"

	"cuelang.org/go/cue"

	"hookc.dev/hookc/internal/diag"
)

// tests compiles the policy's tests. Call it after the rules: a test's
// rule must name one of them.
func (c *compiler) tests(v cue.Value, p *Policy) []Test {
	names := map[string]bool{}
	for _, r := range p.Table.Rules {
		names[r.Name] = true
	}
	var out []Test
	for _, f := range fields(v) {
		tp := vpath{"tests", f.label}
		if f.v.Kind() != cue.StructKind {
			c.l.roots = append(c.l.roots, tp)
			if _, ok := c.concrete(tp, f.v, tp); ok {
				c.matcherErrorf(tp, f.v, tp, diag.Type, "want a test, a struct with want and one of bash, tool, payload or stdin; not %v", f.v)
			}
			continue
		}
		t, ok := c.test(f.v, tp, f.name)
		if !ok {
			continue
		}
		if t.Rule != "" && !names[t.Rule] {
			rv, _ := objectOf(f.v).get("rule")
			c.errorf(rv, tp.field("rule"), diag.Type, "no rule named %q", t.Rule)
		}
		out = append(out, t)
	}
	sortTests(out)
	return out
}

func (c *compiler) test(tv cue.Value, p vpath, name string) (Test, bool) {
	t := Test{Name: name, Pos: c.l.valPos(tv, p).String()}
	v := objectOf(tv)
	bash, hasBash := v.str("bash")
	tool, hasTool := v.str("tool")
	input, hasInput := v.get("input")
	payloadV, hasPayload := v.get("payload")
	stdin, hasStdin := v.str("stdin")

	// A payload may be completed by bash or tool (and input): the fields
	// of a PostToolUse call besides tool_input, say.
	var given []string
	for _, g := range []struct {
		name string
		has  bool
	}{{"bash", hasBash}, {"tool", hasTool}, {"payload", hasPayload && !hasBash && !hasTool}, {"stdin", hasStdin}} {
		if g.has {
			given = append(given, g.name)
		}
	}
	if hasStdin && hasPayload {
		given = append(given, "payload")
	}
	switch len(given) {
	case 0:
		c.errorf(tv, p, diag.Type, "a test describes its call with one of bash, tool (and input), payload or stdin")
		return t, false
	case 1:
	default:
		c.errorf(tv, p, diag.Type, "a test describes its call with one of bash, tool, payload or stdin, not %s", strings.Join(given, " and "))
		return t, false
	}
	if hasInput && !hasTool {
		c.errorf(input, p.field("input"), diag.Type, "input goes with tool")
		return t, false
	}

	payload := map[string]any{}
	if hasPayload {
		m, ok := c.jsonObject(payloadV, p.field("payload"))
		if !ok {
			return t, false
		}
		payload = m
	}
	if hasBash {
		payload["tool_name"] = "Bash"
		payload["tool_input"] = map[string]any{"command": bash}
	}
	if hasTool {
		payload["tool_name"] = tool
		in := map[string]any{}
		if hasInput {
			m, ok := c.jsonObject(input, p.field("input"))
			if !ok {
				return t, false
			}
			in = m
		}
		payload["tool_input"] = in
	}
	if s, ok := v.str("event"); ok {
		payload["hook_event_name"] = s
	} else if _, ok := payload["hook_event_name"]; !ok {
		payload["hook_event_name"] = TestEvent
	}
	if s, ok := v.str("cwd"); ok {
		payload["cwd"] = s
	} else if _, ok := payload["cwd"]; !ok {
		payload["cwd"] = TestCwd
	}
	if _, ok := payload["session_id"]; !ok {
		payload["session_id"] = TestSessionID
	}
	if s, ok := v.str("permissionMode"); ok {
		payload["permission_mode"] = s
	}
	if a, ok := v.get("agent"); ok {
		if s, err := a.String(); err == nil {
			switch s {
			case "main":
				delete(payload, "agent_id")
			case "subagent":
				payload["agent_id"] = TestAgentID
			}
		} else {
			ao := objectOf(a)
			if s, ok := ao.str("type"); ok {
				payload["agent_type"] = s
			}
			if s, ok := ao.str("id"); ok {
				payload["agent_id"] = s
			}
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(payload); err != nil {
		c.errorf(tv, p, diag.Type, "cannot encode the payload: %v", err)
		return t, false
	}
	t.Payload = bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	if hasStdin {
		t.Payload = []byte(stdin)
		t.Event, _ = v.str("event")
	}

	if env, ok := v.get("env"); ok {
		t.Env = map[string]string{}
		for _, f := range fields(env) {
			if s, err := f.v.String(); err == nil {
				t.Env[f.name] = s
			}
		}
	}
	if f, ok := v.get("files"); ok && f.Kind() == cue.StructKind {
		t.Contents = map[string]string{}
		for _, e := range fields(f) {
			t.Files = append(t.Files, e.name)
			t.Contents[e.name] = stringOf(e.v)
		}
	} else {
		t.Files, _ = v.strings("files")
	}
	t.Dirs, _ = v.strings("dirs")
	if sl, ok := v.get("symlinks"); ok {
		t.Symlinks = map[string]string{}
		for _, f := range fields(sl) {
			if s, err := f.v.String(); err == nil {
				t.Symlinks[f.name] = s
			}
		}
	}
	c.effects(v, p, &t)
	t.Want, _ = v.str("want")
	t.Rule, _ = v.str("rule")
	for _, n := range TextNames {
		if s, ok := v.str(n); ok {
			if t.Texts == nil {
				t.Texts = map[string]string{}
			}
			t.Texts[n] = s
		}
	}
	return t, true
}

// jsonObject returns the JSON object v, with numbers kept as written.
func (c *compiler) jsonObject(v cue.Value, p vpath) (map[string]any, bool) {
	if err := v.Validate(cue.Concrete(true)); err != nil {
		c.l.cdiags = append(c.l.cdiags, c.l.convert(err, diag.Type)...)
		return nil, false
	}
	b, err := v.MarshalJSON()
	if err != nil {
		c.errorf(v, p, diag.Type, "not a JSON object: %v", firstLine(err))
		return nil, false
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil || m == nil {
		c.errorf(v, p, diag.Type, "want a JSON object")
		return nil, false
	}
	return m, true
}

func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimPrefix(s, "cue: marshal error: ")
}

// effects reads what a test says the command hooks and the state files
// do (design.md 270): commandHooks and leaves.
func (c *compiler) effects(v object, p vpath, t *Test) {
	if h, ok := v.get("commandHooks"); ok {
		t.Run = &HookRun{Pos: c.l.valPos(h, p.field("commandHooks")).String()}
		ho := objectOf(h)
		if n, ok := ho.integer("exit"); ok {
			t.Run.Exit = n
		}
		if s, ok := ho.str("output"); ok {
			t.Run.Output = &s
		}
	}
	lv, ok := v.get("leaves")
	if !ok {
		return
	}
	for _, f := range fields(lv) {
		fp := append(p.field("leaves"), f.label)
		l := Leave{Path: f.name, Pos: c.l.valPos(f.v, fp).String()}
		switch f.v.Kind() {
		case cue.NullKind:
			l.Absent = true
		case cue.StringKind:
			s := stringOf(f.v)
			l.Text = &s
		default:
			j, _ := objectOf(f.v).get("json")
			m, ok := c.jsonObject(j, fp.field("json"))
			if !ok {
				continue
			}
			l.JSON = m
		}
		t.Leaves = append(t.Leaves, l)
	}
}
