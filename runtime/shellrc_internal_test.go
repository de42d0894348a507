package runtime

import "testing"

func TestShellRCSecret(t *testing.T) {
	for _, c := range []struct {
		name, text string
		secret     bool
	}{
		{".bashrc", "# ~/.bashrc\nHISTSIZE=10000\nalias ll='ls -la'\nexport PATH=\"$HOME/.local/bin:$PATH\"\nexport EDITOR=vim\n", false},
		{".profile", "# set PATH so it includes user's private bin if it exists\nif [ -d \"$HOME/bin\" ] ; then\n    PATH=\"$HOME/bin:$PATH\"\nfi\n", false},
		{".vimrc", "\" tokens of the syntax\nset number\nsyntax on\n", false},
		{".bashrc", "export GITHUB_TOKEN=ghp_0123456789abcdefghijklmnopqrstuvwxyz\n", true},
		{".bashrc", "export github_token=abc123\n", true},
		{".zshrc", "alias deploy='curl -H \"Authorization: Bearer abc\" https://x'\n", true},
		{".bashrc", "export GH=4f1c2d3e4b5a69788796a5b4c3d2e1f0\n", true},
		{".bashrc", "export DATABASE_URL=postgres://u:hunter22x@db/app\n", true},
		{".bashrc", "source ~/.secrets\n", true},
		{".vimrc", "let g:openai_key = 'sk-x'\n", true},
		{".bashrc", "# export API_KEY=abc123def456\n", true}, // secretShape reads comments too
	} {
		if got := secretShape([]byte(c.text)) + shellRCSecret([]byte(c.text), c.name); (got != "") != c.secret {
			t.Errorf("%s %q: %q, want secret %v", c.name, c.text, got, c.secret)
		}
	}
}
