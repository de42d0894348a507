package runtime

import (
	"slices"
	"testing"
)

// TestEnvCredential checks that a file a credential variable names, or
// one below a directory it names, is a secret whatever its name
// (round 30b, design.md 421).
func TestEnvCredential(t *testing.T) {
	env := map[string]string{
		"GOOGLE_APPLICATION_CREDENTIALS": "/p/gcp.json",
		"KUBECONFIG":                     "/p/kc/a.yaml:kc/b.yaml",
		"DOCKER_CONFIG":                  "/p/dock",
	}
	e := &evaluator{env: &Env{Getenv: func(n string) string { return env[n] }}, root: "/p"}
	for p, want := range map[string]bool{
		"/p/gcp.json": true, "/p/kc/a.yaml": true, "/p/kc/b.yaml": true, "/p/dock/config.json": true,
		"/p/dock": true, "/p/gcp.json.txt": false, "/p/README.md": false, "/p/dockx/a": false,
	} {
		if got := e.envCredential(access{w: Word{Text: p}}); got != want {
			t.Errorf("%s: credential %v, want %v", p, got, want)
		}
	}
	if (&evaluator{env: &Env{}, root: "/p"}).envCredential(access{w: Word{Text: "/p/gcp.json"}}) {
		t.Error("no environment: a credential")
	}
}

// TestCopiedName checks the names of editors' and desktops' copies
// (design.md 421).
func TestCopiedName(t *testing.T) {
	// No name makes it fail: every short string of its characters.
	const chars = "#.~ (1)cpoyswun/_L"
	var all func(prefix string, n int)
	all = func(prefix string, n int) {
		copiedName(prefix)
		if n > 0 {
			for i := range len(chars) {
				all(prefix+chars[i:i+1], n-1)
			}
		}
	}
	all("", 4)
	for in, want := range map[string][]string{
		"/p/id_rsa.txt.bak": {"/p/id_rsa.txt", "/p/id_rsa"}, "/p/.env.B64.old": {"/p/.env.B64", "/p/.env"}, "/p/README.md": nil,
	} {
		if got := copiedNames(in); !slices.Equal(got, want) {
			t.Errorf("copiedNames(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"/p/#.env#": "/p/.env", "/p/..env.swp": "/p/.env", "/p/.id_rsa.un~": "/p/id_rsa", "/p/server.key.~12~": "/p/server.key",
		"/p/.env copy": "/p/.env", "/p/.env copy 2": "/p/.env", "/p/.env 2": "/p/.env", "/p/.env (1)": "/p/.env",
		"/p/README.md": "", "/p/a b": "", "/p/#": "", "/p/.swp": "", "/p/x.~a~": "", "/p/x ()": "",
		"/p/.server.key.kate-swp": "/p/server.key", "/p/server.key.rej": "/p/server.key", "/p/.netrc_LOCAL_1234": "/p/.netrc",
		"/p/config_REMOTE_77.json": "/p/config.json", "/p/credentials copy.json": "/p/credentials.json",
		"/p/credentials (2).json": "/p/credentials.json", "/p/a_LOCAL_x": "", "/p/x.json": "/p/x", "/p/x.y.json": "",
		"/p/id_rsa.txt": "/p/id_rsa", "/p/.env.b64": "/p/.env", "/p/.netrc-backup": "/p/.netrc", "/p/secrets.json_old": "/p/secrets.json",
		"/p/.txt": "", "/p/.b64": "", "/p/notes.txt": "/p/notes", "/p/notes.key.txt": "", "/p/.netrc.txt": "/p/.netrc", "/p/server.key.b64": "/p/server.key",
		"/p/id_rsa.TXT": "/p/id_rsa", "/p/id_rsa.B64": "/p/id_rsa", "/p/id_rsa.txt.bak": "/p/id_rsa.txt", "/p/id_rsa.bk": "/p/id_rsa",
		"/p/.~": "", "/p/ (": "", "/p/ ()": "", "/p/##": "", "/p/ copy": "", "/p/ 1": "", "": "", "/": "",
	} {
		got, ok := copiedName(in)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("copiedName(%q) = %q, want %q", in, got, want)
		}
	}
}
