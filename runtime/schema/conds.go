package schema

import "strconv"

// A Cond describes one condition a rule may have: the one place that
// lists them (design.md 210). Every stage that goes over a rule's
// conditions (loading, vet's model and labels, the automata and packing of
// generation) walks Conds, or WalkConds and WalkMatchers over a rule; a
// new condition is a new entry here and a field of Rule or CmdCond.
type Cond struct {
	// Name is the condition as a policy writes it, its CUE path from the
	// rule: "tool", "command.args", "when.agentType".
	Name string
	// Paths says the values are paths: globs anchored like the policy's
	// paths, automata read after a place.
	Paths bool
	// Cmd says the condition is a part of the command condition: it is
	// kept in Rule.Cmd, and a rule without one has none of them.
	Cmd bool
	// at returns a pointer to the condition's value in r.
	at func(r *Rule) any
}

// Conds are the conditions of a rule, in the order the stages walk them.
// Their values (Cond.Value) are of these types: *Str (one value), *List
// (a list of values), *[]Field (fields by dotted path), *[]EnvCond,
// *AgentKind, *[]PathCheck, *OnDisk, and **CmdCond for the command
// condition itself, which comes before its parts.
var Conds = [...]Cond{
	{Name: "event", at: func(r *Rule) any { return &r.Event }},
	{Name: "tool", at: func(r *Rule) any { return &r.Tool }},
	{Name: "input", at: func(r *Rule) any { return &r.Input }},
	{Name: "payload", at: func(r *Rule) any { return &r.Payload }},
	{Name: "when.paths", at: func(r *Rule) any { return &r.OnDisk }},
	{Name: "when.env", at: func(r *Rule) any { return &r.Env }},
	{Name: "when.agent", at: func(r *Rule) any { return &r.Agent }},
	{Name: "when.agentType", at: func(r *Rule) any { return &r.AgentType }},
	{Name: "when.permissionMode", at: func(r *Rule) any { return &r.PermissionMode }},
	// when.exists and when.missing, one list of checks.
	{Name: "when.exists", at: func(r *Rule) any { return &r.Exists }},
	{Name: "command", at: func(r *Rule) any { return &r.Cmd }},
	{Name: "command.name", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Name }},
	{Name: "command.args", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Args }},
	{Name: "command.flags", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Flags }},
	{Name: "command.words", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Words }},
	{Name: "command.line", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Line }},
	{Name: "command.wrappers", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Wrappers }},
	{Name: "command.assigns", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Assigns }},
	{Name: "command.producers", Cmd: true, at: func(r *Rule) any { return &r.Cmd.Producers }},
	{Name: "path", Paths: true, at: func(r *Rule) any { return &r.Path }},
	{Name: "reads", Paths: true, at: func(r *Rule) any { return &r.Reads }},
	{Name: "writes", Paths: true, at: func(r *Rule) any { return &r.Writes }},
}

// CondNamed returns the condition of that name, or nil.
func CondNamed(name string) *Cond {
	for i := range Conds {
		if Conds[i].Name == name {
			return &Conds[i]
		}
	}
	return nil
}

// Value returns a pointer to the value of c in r (see Conds for the
// types), or nil for a part of the command condition when r has none.
func (c *Cond) Value(r *Rule) any {
	if c.Cmd && r.Cmd == nil {
		return nil
	}
	return c.at(r)
}

// Has reports whether r has the condition c: its value is not the zero
// value, which matches everything (an event's zero matches the permission
// events).
func (c *Cond) Has(r *Rule) bool {
	switch v := c.Value(r).(type) {
	case *Str:
		return v.Op != StrAny
	case *List:
		return len(v.Conds) > 0
	case *[]Field:
		return len(*v) > 0
	case *[]EnvCond:
		return len(*v) > 0
	case *AgentKind:
		return *v != AnyAgent
	case *[]PathCheck:
		return len(*v) > 0
	case *OnDisk:
		return *v != OnDiskAny
	case **CmdCond:
		return *v != nil
	}
	return false
}

// WalkConds calls f with every condition r has (Cond.Has) and a pointer
// to its value, in the order of Conds.
func WalkConds(r *Rule, f func(c *Cond, v any)) {
	for i := range Conds {
		if c := &Conds[i]; c.Has(r) {
			f(c, c.at(r))
		}
	}
}

// WalkMatchers calls f with every matcher of r's conditions, in the order
// of Conds: the value of a condition of one value (key ""), each element
// matcher of a list condition (key any, all or none, and prefix[i] for the
// parts of a prefix), and the matcher of each field (key its path) and
// environment variable (key its name).
func WalkMatchers(r *Rule, f func(c *Cond, key string, s *Str)) {
	WalkConds(r, func(c *Cond, v any) {
		switch v := v.(type) {
		case *Str:
			f(c, "", v)
		case *List:
			for i := range v.Conds {
				lc := &v.Conds[i]
				if lc.Q != QPrefix || lc.Elem.Op != StrAny {
					f(c, quantNames[min(lc.Q, QPrefix)], &lc.Elem)
				}
				for k := range lc.Prefix {
					f(c, "prefix["+strconv.Itoa(k)+"]", &lc.Prefix[k])
				}
			}
		case *[]Field:
			for i := range *v {
				f(c, (*v)[i].Path, &(*v)[i].Str)
			}
		case *[]EnvCond:
			for i := range *v {
				f(c, (*v)[i].Name, &(*v)[i].Value)
			}
		}
	})
}

// CloneConds gives r copies of what holds its conditions (the command
// condition, the slices of fields, variables, checks and list elements),
// so that its matchers can be changed in place without changing the
// rule it was copied from. A matcher's Subs are still shared.
func CloneConds(r *Rule) {
	WalkConds(r, func(c *Cond, v any) {
		switch v := v.(type) {
		case **CmdCond:
			x := **v
			*v = &x
		case *List:
			v.Conds = append([]ListCond(nil), v.Conds...)
			for i := range v.Conds {
				if p := v.Conds[i].Prefix; p != nil {
					v.Conds[i].Prefix = append([]Str(nil), p...)
				}
			}
		case *[]Field:
			*v = append([]Field(nil), *v...)
		case *[]EnvCond:
			*v = append([]EnvCond(nil), *v...)
		case *[]PathCheck:
			*v = append([]PathCheck(nil), *v...)
		}
	})
}

// quantNames are the quantifiers as a policy writes them.
var quantNames = [...]string{QAny: "any", QAll: "all", QNone: "none", QPrefix: "prefix"}
