package runtime

// DecideEvent is Decide for a hook registered for event (its -event
// argument): input it cannot read gets that event's onError answer
// (design.md 334). With event "" it is Decide.
func DecideEvent(t *Table, payload []byte, env *Env, event string) *Result {
	return decide(t, payload, env, false, event)
}

// ExplainEvent is DecideEvent with a trace of every unit.
func ExplainEvent(t *Table, payload []byte, env *Env, event string) *Result {
	return decide(t, payload, env, true, event)
}
