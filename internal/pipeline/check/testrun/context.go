package testrun

import (
	"flag"
	"fmt"
	"strings"

	"hookc.dev/hookc/internal/pipeline/load"
)

// Context is a test context given on a command line (hookc explain): the
// hook's environment and a virtual file system, as a test's env, files,
// dirs and symlinks give them (design.md 14, 149).
type Context struct {
	Test load.Test         // Files, Contents, Dirs and Symlinks
	Env  map[string]string // the hook's environment
}

// Flags registers -env, -file, -dir and -symlink, each repeatable, on fs.
func (c *Context) Flags(fs *flag.FlagSet) {
	c.Env = map[string]string{}
	fs.Func("env", "set an environment variable of the hook (`NAME=VALUE`, repeatable)", func(s string) error {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return fmt.Errorf("want NAME=VALUE, got %q", s)
		}
		c.Env[k] = v
		return nil
	})
	fs.Func("file", "a file that exists, with its content if given (`PATH[=CONTENT]`, repeatable)", func(s string) error {
		path, content, hasContent := strings.Cut(s, "=")
		if path == "" {
			return fmt.Errorf("want PATH or PATH=CONTENT, got %q", s)
		}
		c.Test.Files = append(c.Test.Files, path)
		if hasContent {
			if c.Test.Contents == nil {
				c.Test.Contents = map[string]string{}
			}
			c.Test.Contents[path] = content
		}
		return nil
	})
	fs.Func("dir", "a directory that exists (`PATH`, repeatable)", func(s string) error {
		if s == "" {
			return fmt.Errorf("want PATH")
		}
		c.Test.Dirs = append(c.Test.Dirs, s)
		return nil
	})
	fs.Func("symlink", "a symbolic link and its target (`PATH=TARGET`, repeatable)", func(s string) error {
		link, target, ok := strings.Cut(s, "=")
		if !ok || link == "" || target == "" {
			return fmt.Errorf("want PATH=TARGET, got %q", s)
		}
		if c.Test.Symlinks == nil {
			c.Test.Symlinks = map[string]string{}
		}
		c.Test.Symlinks[link] = target
		return nil
	})
}

// Virtual reports whether the context names any file.
func (c *Context) Virtual() bool {
	return len(c.Test.Files) > 0 || len(c.Test.Dirs) > 0 || len(c.Test.Symlinks) > 0
}
