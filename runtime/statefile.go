package runtime

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// The state files a policy keeps between events (design.md 223): a rule's
// saves writes chosen payload fields to a file, and removeContextFiles
// removes the context files an answer gave. Like the audit log they are
// written after the answer is out, within auditWait, and a failure never
// changes the answer: a saved file is written whole to a temporary file
// beside it and renamed over it, so a reader sees the old file or the new
// one, never a part; a file is removed only if it is a regular file.

// StateEnv is the environment variable that turns the state files' changes
// off ("off"), as generated scenarios do.
const StateEnv = "HOOKC_STATE"

// A StateOp is one change to a state file that an answer makes.
type StateOp struct {
	Path   string // the file, resolved
	Remove bool   // remove it; otherwise write Data
	Data   []byte // the JSON object written
}

// saveOp returns the op that writes rule r's SaveFields of the payload to
// its SaveFile: a JSON object with "saved" (the time), "event" and each
// field that is present, each value cut to its share of the context
// budget, since the file is meant to come back as context.
func (e *evaluator) saveOp(r *Rule, at time.Time) (StateOp, bool) {
	p := e.expandPath(r.SaveFile)
	if p == "" || e.p == nil {
		return StateOp{}, false
	}
	share := e.t.limits().ContextBytes / (len(r.SaveFields) + 1)
	b := []byte(`{"saved":`)
	b = appendJSONString(b, at.UTC().Format(time.RFC3339))
	b = append(b, `,"event":`...)
	b = appendJSONStringMax(b, e.p.Event, 64)
	for _, f := range r.SaveFields {
		v, ok := e.p.Get(f)
		if !ok {
			continue
		}
		b = append(b, ',')
		b = appendJSONStringMax(b, f, 256)
		b = append(b, ':')
		if s, isStr := v.(string); isStr {
			b = appendJSONStringMax(b, s, share)
			continue
		}
		if j := appendJSON(nil, v); len(j) <= share {
			b = append(b, j...)
		} else {
			b = appendJSONStringMax(b, string(j), share)
		}
	}
	return StateOp{Path: p, Data: append(b, '}', '\n')}, true
}

// ApplyState makes the changes ops of an answer (Result.State) with the
// hook's own code: hookc test runs it in a test's project (design.md
// 270). It waits for them: the bound of auditWait is the hook's, whose
// exit must not wait on a slow disk, while a test judges the files.
func ApplyState(ops []StateOp) error {
	var errs []error
	for _, op := range ops {
		if err := op.apply(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// applyState makes the changes ops of an answer, within auditWait.
func applyState(ops []StateOp) error {
	if len(ops) == 0 {
		return nil
	}
	return withinWait("state files", func() error { return ApplyState(ops) })
}

func (op StateOp) apply() error {
	fi, err := os.Lstat(op.Path)
	if op.Remove {
		if err != nil || !fi.Mode().IsRegular() {
			return nil // gone already, or not a file hookc would remove
		}
		return os.Remove(op.Path)
	}
	if err == nil && !fi.Mode().IsRegular() && fi.Mode()&os.ModeSymlink == 0 {
		return fmt.Errorf("%s is not a regular file", op.Path)
	}
	dir := filepath.Dir(op.Path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(op.Path)+".tmp"+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(op.Data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// The rename replaces a symlink at the path, never its target.
		err = os.Rename(tmp, op.Path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
