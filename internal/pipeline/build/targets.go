package build

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
)

// Targets returns the platforms of -goos and -goarch, every pair of
// the two lists; nil when neither is given (the host). Either list alone
// pairs with the host's other half.
func Targets(goos, goarch string) ([][2]string, error) {
	if goos == "" && goarch == "" {
		return nil, nil
	}
	split := func(flag, s, host string, valid map[string]bool) ([]string, error) {
		if s == "" {
			return []string{host}, nil
		}
		var l []string
		for _, v := range strings.Split(s, ",") {
			v = strings.TrimSpace(v)
			if !valid[v] {
				return nil, fmt.Errorf("-%s %s: unknown %s; want one of %s", flag, v, flag, strings.Join(slices.Sorted(maps.Keys(valid)), ", "))
			}
			if !slices.Contains(l, v) {
				l = append(l, v)
			}
		}
		return l, nil
	}
	oss, err := split("goos", goos, goruntime.GOOS, map[string]bool{"linux": true, "darwin": true, "windows": true, "freebsd": true})
	if err != nil {
		return nil, err
	}
	archs, err := split("goarch", goarch, goruntime.GOARCH, map[string]bool{"amd64": true, "arm64": true, "386": true, "arm": true, "riscv64": true})
	if err != nil {
		return nil, err
	}
	var ts [][2]string
	for _, o := range oss {
		for _, a := range archs {
			ts = append(ts, [2]string{o, a})
		}
	}
	return ts, nil
}

// CheckOutDir reports an output file whose directory does not exist,
// before the build spends its time.
func CheckOutDir(out string) error {
	dir := filepath.Dir(out)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("cannot write %s: directory %s does not exist (create it first)", out, dir)
	case !fi.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a directory", out, dir)
	}
	return nil
}
