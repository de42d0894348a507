package load

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"hookc.dev/hookc/internal/diag"
)

// Spec loads a policy directory, or REV:DIR from the git repository of
// the current directory, for hookc diff; the positions of a revision
// name REV:DIR/FILE.
func Spec(spec string) (*Policy, error) {
	if fi, err := os.Stat(spec); err == nil && fi.IsDir() {
		return Dir(spec)
	}
	rev, dir, ok := strings.Cut(spec, ":")
	if !ok || rev == "" {
		return nil, fmt.Errorf("%s: not a directory, nor REV:DIR", spec)
	}
	tmp, err := os.MkdirTemp("", "hookc-diff-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := gitExtract(rev+":"+dir, tmp); err != nil {
		return nil, fmt.Errorf("%s: %v", spec, err)
	}
	p, err := Dir(tmp)
	prefix := strings.TrimSuffix(spec, "/") + "/"
	if err != nil {
		var l diag.List
		if errors.As(err, &l) {
			for i := range l {
				l[i].Pos.File = renameFile(l[i].Pos.File, tmp, prefix)
				for k := range l[i].Related {
					l[i].Related[k].Pos.File = renameFile(l[i].Related[k].Pos.File, tmp, prefix)
				}
			}
			return nil, l
		}
		return nil, err
	}
	for i := range p.Table.Rules {
		p.Table.Rules[i].Pos = renameFile(p.Table.Rules[i].Pos, tmp, prefix)
	}
	p.Dir = spec
	return p, nil
}

// renameFile names a file of the temporary directory tmp as the file of
// the revision, prefix being REV:DIR/.
func renameFile(name, tmp, prefix string) string {
	rest, ok := strings.CutPrefix(filepath.ToSlash(name), filepath.ToSlash(tmp)+"/")
	if !ok {
		return name
	}
	return prefix + rest
}

// gitExtract writes the regular files of the tree treeish (REV:DIR) of
// the repository of the current directory into dir.
func gitExtract(treeish, dir string) error {
	var out, errb bytes.Buffer
	cmd := exec.Command("git", "archive", "--format=tar", treeish)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("git archive: %s", msg)
	}
	tr := tar.NewReader(&out)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("git archive: %v", err)
		}
		name := path.Clean(h.Name)
		if h.Typeflag != tar.TypeReg || name == ".." || strings.HasPrefix(name, "../") || path.IsAbs(name) {
			continue
		}
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return err
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return err
		}
	}
}
