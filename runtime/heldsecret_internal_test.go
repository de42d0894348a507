package runtime

import (
	"archive/tar"
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSecretShape holds the shapes of secrets a file's content shows
// (design.md 426) and the everyday text that shows none.
func TestSecretShape(t *testing.T) {
	key := "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n"
	for _, text := range []string{
		key,
		"-----BEGIN RSA PRIVATE KEY-----\nMIIE\n",
		"-----BEGIN PGP PRIVATE KEY BLOCK-----\n",
		`{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\nMIIE..."}`,
		"users:\n- user:\n    client-key-data: " + base64.StdEncoding.EncodeToString([]byte("-----BEGIN RSA PRIVATE KEY-----\nMII")) + "\n",
		base64.StdEncoding.EncodeToString([]byte(key)),
		"x" + base64.StdEncoding.EncodeToString([]byte("-----BEGIN EC PRIVATE KEY-----")),
		"PuTTY-User-Key-File-3: ssh-ed25519\n",
		"# created: 2024\nAGE-SECRET-KEY-1QQQQQQ\n",
		"[default]\naws_access_key_id = AKIAQWERTYUIOPASDFGH\n",
		"[default]\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY1234567\n",
		"export AWS_SECRET_ACCESS_KEY='wJalrXUtnFEMI/K7MDENGbPxRfiCY1234567'\n",
		"github.com:\n    oauth_token: gho_16C7e42F292c6912E7710c838347Ae178B4a\n    user: u\n",
		"github.com:\n    oauth_token: CANARY_GH_7\n",
		"token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 here",
		"//registry.npmjs.org/:_authToken=npm_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789\n",
		"//registry.example.com/:_authToken=0a1b2c3d4e5f\n",
		"machine example.com login u password CANARY_NETRC_6\n",
		"machine example.com\n  login u\n  password hunter22\n",
		"API_KEY=CANARY_ENV_1\n",
		"# prod\nDB_HOST=db\nDB_PASS=CANARY_ENVPROD_2\n",
		"export GITHUB_TOKEN=\"a1b2c3d4e5f6\"\n",
		"  SECRET_KEY_BASE=9f8e7d6c5b4a\n",
		"OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123456789AB\n",
		"key: sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789\n",
		"STRIPE=sk_live_abcdefghijklmnop1234\n",
		"slack: xoxb-1234567890-abcdefghijklmnop\n",
		"gitlab glpat-abcdefghij0123456789\n",
		"maps: AIzaSyA1234567890abcdefghijklmnopqrstuv\n",
		"hf_abcdefghijklmnopqrstuvwxyzabcdef\n",
		"diff --git a/.env b/.env\n--- /dev/null\n+++ b/.env\n@@ -0,0 +1 @@\n+API_KEY=CANARY_ENV_1\n",
		"!<arch>\n.env/           0           0     0     644     21        `\nAPI_KEY=CANARY_ENV_1\n",
		"PK\x03\x04\x0a\x00",
		"blob 21\x00API_KEY=CANARY_ENV_1\n",
		tarOf(".env", "API_KEY=CANARY_ENV_1\n"),
		// URLs with a password (round 38).
		"a b <a@b> 1796549003 +0000\tpull --no-rebase https://oauth2:CANARY_REFLOG_1@gitlab.example.com/o/r.git main: Fast-forward\n",
		"DATABASE_URL: postgres://app:s3cretPass9@db:5432/app\n",
		"url = https://__token__:pypi1AgEIcHlwaS5vcmc@upload.pypi.org/legacy/\n",
		"<add key=\"feed\" value=\"https://u:Zx81kq2m@nuget.example.com/v3\" />\n",
		// Settings in the shapes settings files use (round 38).
		"user_oauth_token: abc123456\n",
		"api_key=abc123def\n",
		"spring.datasource.password=CANARY_CFG_sp1\n",
		"spring:\n  datasource:\n    password: CANARY_CFG_sp2\n",
		`{"ConnectionStrings":{"Default":"Server=h;Password=CANARY_CFG_as1"}}`,
		"web ansible_password=CANARY_CFG_ans1\n",
		"provider \"aws\" {\n  secret_key = \"CANARY_CFG_tf1\"\n}\n",
		"[vars]\nAPI_TOKEN = \"CANARY_CFG_wr1\"\n",
		"SECRET_KEY = 'django-insecure-CANARY_CFG_dj1'\n",
		"GET https://api.example.com\nAuthorization: Bearer CANARY_CFG_http1\n",
		"FROM alpine\nENV API_KEY=CANARY_CFG_df1\n",
		`<add name="x" connectionString="Server=h;User Id=u;Password=CANARY_CFG_wc1;"/>`,
		"kind: Secret\nstringData:\n  password: CANARY_CFG_k8s1\n",
		`{"db": {"password": "CANARY_CFG_js1"}}`,
		`{"configurations":[{"env":{"API_KEY":"CANARY_CFG_vs1"}}]}`,
		"env:\n  - clientSecret: 9f8e7d6c5b4a\n",
		tarOf("notes", "hello\n"),
		// git's stored data wherever it lies (round 43b).
		zlibOf("blob 21\x00API_KEY=CANARY_ENV_1\n"),
		"PACK\x00\x00\x00\x02\x00\x00\x00\x03",
		"# v2 git bundle\n0123456789abcdef0123456789abcdef01234567 refs/heads/main\n",
		// round 44 (design.md 442)
		"<settings><password><![CDATA[Hunter2CANARY]]></password></settings>\n",
		"MYSQL_PWD=Hunter2CANARY mysql -u root\n",
		"PGPASSWORD=Hunter2CANARY psql -h db\n",
		`curl -H "Authorization: token Hunter2CANARY" https://api.github.com` + "\n",
		`curl --header 'PRIVATE-TOKEN: Hunter2CANARY' https://gitlab.example.com` + "\n",
		"vault: hvs.CAESIJlHZ2VhbmFyeTEyMzQ1Njc4OTBhYmNk\n",
		"token: sk_test_4eC39HqLyjWDarjtT1zdp7dc\n",
		// Passwords as options (design.md 441).
		"[alias]\n\tup = \"!git fetch && curl -u u:Hunter2CANARY https://example.com/x\"\n",
		"alias prod='sshpass -p Hunter2CANARY ssh bastion'\n",
		"mysqldump -uroot -pHunter2CANARY prod > /srv/b.sql\n",
		"deploy --token=Hunter2CANARY\n",
		// Shapes round 43a found in open places (design.md 440).
		"requirepass Hunter2CANARY\n",
		"password Hunter2CANARY\n",
		"smtp_pass: Hunter2CANARY\n",
		"AuthPass=Hunter2CANARY\n",
		"psk=\"Hunter2CANARY\"\n",
		"export GITHUB_PAT=Hunter2CANARY\n",
		"export NEXUS_AUTH=ci:Hunter2CANARY\n",
		"access-tokens = gitlab.corp=Hunter2CANARY\n",
		"auth: Hunter2CANARY\n",
		"env[DB_PASSWORD] = Hunter2CANARY\n",
		`os.environ["OPENAI_API_KEY"] = "Hunter2CANARY"` + "\n",
		`password => "Hunter2CANARY"` + "\n",
		`<user username="admin" password="Hunter2CANARY" roles="x"/>` + "\n",
		"<project><properties><deploy.password>Hunter2CANARY</deploy.password></properties></project>\n",
		`credentials { username = "ci"; password = "Hunter2CANARY" }` + "\n",
		"deb [signed-by=/etc/apt/keyrings/c.gpg] https://Hunter2CANARY:@packagecloud.io/c/r/debian/ bookworm main\n",
		"export SENTRY_DSN=https://Hunter2CANARY@o1.ingest.sentry.io/1\n",
		`{"Origin":{"URL":"https://gitlab.corp/lib?private_token=Hunter2CANARY"}}` + "\n",
		`{"dl":"https://crates.corp/api/v1/crates?token=Hunter2CANARY"}` + "\n",
		"\xfd7zXZ\x00\x00\x04",
		"\x28\xb5\x2f\xfd\x24",
		// Key and credential formats of round 45 (design.md 445).
		"---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: x\nP2/56wAAAi\n",
		"-----BEGIN OpenVPN Static key V1-----\ne3d1\n",
		`{"kty":"EC","crv":"P-256","x":"f83O","y":"x_FE","d":"jpsQnnGQmL-YBIffH1136cLSG"}`,
		"untrusted comment: minisign encrypted secret key\nRWRTY0Iy\n",
		"untrusted comment: signify secret key\nRWRCSwAAAA\n",
		"SSH PRIVATE KEY FILE FORMAT 1.1\n\x00\x00",
		"== ed25519v1-secret: type0 ==\x00\x00\x00",
		`{"address": "A1B2", "priv_key": {"type": "tendermint/PrivKeyEd25519", "value": "Hunter2CANARY"}}`,
		"//registry.example.com/:_auth=dXNlcjpIdW50ZXIyQ0FOQVJZ\n",
		"//registry.example.com/:_password=SHVudGVyMkNBTkFSWTk5\n",
		"db.example.com:5432:app:app:Hunter2CANARY\n",
		"SUACSSL3UAHUDXKFSNVUZRF5UHPMWZ6BFDTJ7M6USDXIEDNPPQYYYCU3VY\n",
		"-----BEGIN USER NKEY SEED-----\nSUACANARY\n------END USER NKEY SEED------\n",
		// Credential forms of round 46 (design.md 446).
		"env:\n  - name: DB_PASSWORD\n    value: \"Hunter2CANARY\"\n",
		`{"containerDefinitions":[{"environment":[{"name":"DB_PASSWORD","value":"Hunter2CANARY"}]}]}`,
		`<appSettings><add key="ApiKey" value="Hunter2CANARY"/></appSettings>`,
		"environment: [\"API_KEY=Hunter2CANARY\"]\n",
		`"scripts": {"start": "API_KEY=Hunter2CANARY node app.js"}`,
		"DATABASES = {'default': {'PASSWORD': 'Hunter2CANARY'}}\n",
		"REDIS_URL=redis://:Hunter2CANARY@cache:6379/0\n",
		"docker login -u ci -p Hunter2CANARY registry.example.com\n",
		"DefaultEndpointsProtocol=https;AccountName=x;AccountKey=Hunter2CANARY==;EndpointSuffix=core.windows.net\n",
	} {
		if secretShape([]byte(text)) == "" {
			t.Errorf("no secret seen in %q", text)
		}
	}
	for _, text := range []string{
		"",
		"# shop\nhello\n",
		"package main\n\nfunc main() {}\n",
		"-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----\n",
		"-----BEGIN PUBLIC KEY-----\nMIIB\n",
		"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI u@h\n",
		"certificate-authority-data: " + base64.StdEncoding.EncodeToString([]byte("-----BEGIN CERTIFICATE-----\nMII")) + "\n",
		"if strings.Contains(s, \"PRIVATE KEY\") {\n",
		"aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n",
		"aws_secret_access_key = ${AWS_SECRET}\n",
		"aws_secret_access_key = os.environ['AWS_SECRET_ACCESS_KEY']\n",
		"oauth_token = request.args.get('oauth_token')\n",
		"API_KEY=\nTOKEN=\n",
		"API_KEY=your-api-key-here\n",
		"API_KEY=changeme123\n",
		"API_KEY=$API_KEY\n",
		"API_KEY=${API_KEY}\n",
		"SSH_KEY=~/.ssh/id_rsa1\n",
		"KEY_FILE=/etc/app/key1.pem\n",
		"KEYBOARD=us1234\n",
		"PWD=/home/u\n",
		"TOKEN_URL=https://x.example/t1\n",
		"SECRET_KEY = os.environ['SECRET_KEY']\n",
		"DB_PASS=postgres\n",
		"TOKEN=123456\n",
		"OPENAI_API_KEY=sk-...\n",
		"machine example.com login u\n",
		"ghp_short\n",
		"xghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789\n",
		"DATABASE_URL=postgres://postgres:postgres@localhost/db\n", // no digit: a default, not a secret
		"See https://user:password@example.com and https://u:your-pass1@h\n",
		"https://u:${TOKEN}@host/r.git https://u:$T@h ssh://git@host:22/r.git\n",
		"http://localhost:8080/a@b https://example.com/@user1 mailto:a@b.c\n",
		"pull --no-rebase https://github.com/o/r.git main: Fast-forward\n",
		"password: ${DB_PASSWORD}\ntoken: ${{ secrets.GH_TOKEN }}\n",
		`{"password": "", "token": null, "apiKey": "<your key>"}`,
		"password_hash: argon2\ntoken_url: https://x/t1\nmax_tokens: 4096\n",
		"const token = getToken(1234)\n",
		"self.client.login(username='u', password='pw12345')\n",
		"key: value1\nkeys: [a1, b2]\n",
		"Authorization: Bearer $TOKEN\n",
		"secret_key_base: abc123def\n",
		"Password=;Server=h1\n",
		"max_tokens: 4096\nbypass: true\npath: /usr/lib64\n",
		"https://example.com/search?q=token&page=2 https://h/?key=value\n",
		"pass the test\npassword rules apply\n",
		"x\x9c is how a zlib stream starts\n",
		"xA1 x01 (x^2)\n",
		"curl -u \"$USER:$TOKEN\" https://h\ngrep -p x\nls -p\n",
		`curl -H "Accept: application/json" -H "Authorization: Bearer $TOKEN" https://h` + "\n",
		"GOFLAGS=-mod=mod go build ./...\nLANG=C sort x\n",
		"type K struct {\n\tPriv []byte `json:\"priv_key\"`\n}\n",
		"env:\n  - name: DB_HOST\n    value: db1234\n",
		`{"name": "password", "type": "string", "minLength": 8}`,
		"ls -p\ndocker login\n",
		`{"kty":"EC","crv":"P-256","x":"f83O","y":"x_FE"}`,
		"untrusted comment: minisign public key E7620F1842B4E81F\n",
		"12:30:45 started\nlocalhost:5432:*:postgres:*\n",
		`"integrity": "sha512-SUaCSSl3uAHUDXKFSNVUZRF5UHPMWZ6BFDTJ7M6USDXIEDNPPQYYYCU3VYab9/x=="` + "\n",
	} {
		if what := secretShape([]byte(text)); what != "" {
			t.Errorf("%q: %s seen", text, what)
		}
	}
}

// zlibOf is text compressed as git stores a loose object.
func zlibOf(text string) string {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write([]byte(text))
	w.Close()
	return b.String()
}

// tarOf is a tar archive of one file.
func tarOf(name, text string) string {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	w.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(text))})
	w.Write([]byte(text))
	w.Close()
	return b.String()
}

// TestGitStateContent holds which files of a git directory may hold a
// copy of a file's content (design.md 426).
func TestGitStateContent(t *testing.T) {
	for p, want := range map[string]bool{
		"/p/.git/COMMIT_EDITMSG":             false, // by its content: gitMessage
		"/p/.git/rebase-merge/patch":         true,
		"/p/.git/rebase-apply/0001":          true,
		"/p/.git/rr-cache/abc/preimage":      true,
		"/p/.git/lost-found/other/abc":       true,
		"/p/.git/lfs/objects/ab/cd/abcd":     true,
		"/p/.git/objects/ab/cdef":            true,
		"/p/.git/modules/sub/COMMIT_EDITMSG": false,
		"/p/sub/.git/COMMIT_EDITMSG":         false,
		"/p/.git/config":                     false, // by its settings: gitConfig
		"/p/.git/modules/sub/config":         false,
		"/p/.git/refs/config":                false,
		"/p/.git/rebase-merge/config":        true,
		"/p/.git/HEAD":                       false,
		"/p/.git/ORIG_HEAD":                  false,
		"/p/.git/FETCH_HEAD":                 false,
		"/p/.git/packed-refs":                false,
		"/p/.git/refs/heads/main":            false,
		"/p/.git/logs/HEAD":                  false,
		"/p/.git/hooks/pre-commit.sample":    false,
		"/p/.git/info/exclude":               false,
		"/p/.git/modules/sub/HEAD":           false,
		"/p/.git/worktrees/w/gitdir":         false,
		"/p/.git/BISECT_LOG":                 false,
		"/p/.git/index.lock":                 false,
		"/p/.git":                            false,
		"/p/.gitignore":                      false,
		"/p/src/.github/workflows/ci.yml":    false,
		"/p/docs/notes.git/COMMIT_EDITMSG":   false, // no .git directory
	} {
		if got := gitStateContent(p) != ""; got != want {
			t.Errorf("gitStateContent(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestPemBase64 holds pemBase64 to the base64 of " PRIVATE KEY-" after
// any bytes: each offset's encoding holds one of them.
func TestPemBase64(t *testing.T) {
	for _, before := range []string{"-----BEGIN", "-----BEGIN RSA", "-----BEGIN EC", "-----BEGIN OPENSSH", "-----BEGIN ENCRYPTED", "-----BEGIN DSA"} {
		for k := range 3 {
			enc := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("\n", k) + before + " PRIVATE KEY-----\n"))
			if !privateKey([]byte(enc)) {
				t.Errorf("%q at offset %d: %s holds none of %q", before, k, enc, pemBase64)
			}
		}
	}
}

// TestHeldSecret decides reads of files by their content: a copy of a
// key under a name no list holds is a possible secret the allow rule
// does not name (the secret floor's ask), by name, glob match and brace
// alternative; a tree's files too, within heldFiles.
func TestHeldSecret(t *testing.T) {
	tb := &Table{
		Default: Ask,
		OnError: Deny,
		Floors:  Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
		Rules: []Rule{
			{Name: "read", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cat", "grep")}},
			{Name: "read tool", Pos: "p.cue:2:1", Decision: Allow, Tool: exact("Read")},
		},
		Commands: []Command{{Name: "cat", Reads: OpAll}, {Name: "grep", Reads: OpAll, Tree: true}},
		Tools:    []ToolPaths{{Tool: "Read", Reads: []string{"file_path"}}},
	}
	fs := MapFS{
		Files: map[string]bool{"/project": true, "/project/bak": true, "/project/README.md": true, "/project/bak/id_rsa.bkp": true, "/project/bak/notes.txt": true, "/project/conf": true, "/project/conf/prod.txt": true, "/project/src": true, "/project/src/a.go": true, "/project/.git": true, "/project/.git/HEAD": true, "/project/.git/COMMIT_EDITMSG": true, "/project/dist": true, "/project/dist/app.jar": true},
		Contents: map[string]string{
			"/project/README.md":           "# demo\n",
			"/project/bak/id_rsa.bkp":      "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY\n",
			"/project/bak/notes.txt":       "note\n",
			"/project/conf/prod.txt":       "DB_HOST=db\nDB_PASS=CANARY_ENVPROD_2\n",
			"/project/src/a.go":            "package a\n",
			"/project/.git/HEAD":           "ref: refs/heads/main\n",
			"/project/.git/COMMIT_EDITMSG": "x\n# ------------------------ >8 ------------------------\ndiff --git a/.env b/.env\n+KEY=v\n",
			"/project/dist/app.jar":        "PK\x03\x04\x0a\x00\x00\x00",
		},
		Links: map[string]string{"/project/src/link.txt": "/project/bak/id_rsa.bkp"},
	}
	const held = "by its content"
	for _, c := range []struct {
		payload []byte
		want    Decision
	}{
		{bash("cat README.md src/a.go bak/notes.txt"), Allow},
		{bash("cat bak/id_rsa.bkp"), Ask},
		{bash("cat conf/prod.txt"), Ask},
		{bash("cat bak/*"), Ask},
		{bash("cat bak/{notes.txt,id_rsa.bkp}"), Ask},
		{bash("cat src/link.txt"), Ask},
		{bash("grep -r CANARY bak"), Ask},
		{bash("grep -r x bak"), Allow}, // grep prints no line of a file without x (design.md 447)
		{bash("grep -r DB src conf"), Ask},
		{bash("grep -r x src"), Allow}, // grep -r does not follow the link
		{bash("cat src/*"), Ask},       // cat does
		{toolPayload("Read", map[string]any{"file_path": "/project/bak/id_rsa.bkp"}), Ask},
		{toolPayload("Read", map[string]any{"file_path": "/project/README.md"}), Allow},
		{bash("cat dist/app.jar"), Ask},
		{bash("grep -ra x dist"), Ask},
		{bash("cat .git/HEAD"), Allow},
		{bash("cat .git/COMMIT_EDITMSG"), Ask},
		{toolPayload("Read", map[string]any{"file_path": "/project/.git/COMMIT_EDITMSG"}), Ask},
	} {
		env := &Env{Home: "/home/user", Getenv: func(k string) string {
			if k == "CLAUDE_PROJECT_DIR" {
				return "/project"
			}
			return ""
		}, FS: fs}
		res := Decide(tb, c.payload, env)
		if res.Decision != c.want || c.want == Ask && !strings.Contains(res.Reason, held) && !strings.Contains(res.Reason, "a file of the git directory") {
			t.Errorf("%s: %s (%s), want %s", c.payload, res.Decision, res.Reason, c.want)
		}
	}
}

// TestReflogTail checks that a reflog is looked at to its end, where git
// appends the URL git pull was given (round 38), and that one longer than
// the hook reads is a possible secret.
func TestReflogTail(t *testing.T) {
	old := strings.Repeat("0000000000000000000000000000000000000000 1111111111111111111111111111111111111111 a <a@b> 1 +0000\tcommit: x\n", 200)
	pull := "1111111111111111111111111111111111111111 2222222222222222222222222222222222222222 a <a@b> 2 +0000\tpull https://u:CANARY_PULL_6@h/r.git: Fast-forward\n"
	huge := strings.Repeat(old, 60)
	fs := MapFS{
		Files: map[string]bool{"/p/.git/logs/HEAD": true, "/p/.git/logs/refs/heads/main": true, "/p/.git/logs/refs/heads/big": true, "/p/notes.txt": true},
		Contents: map[string]string{
			"/p/.git/logs/HEAD":            old + pull,
			"/p/.git/logs/refs/heads/main": old,
			"/p/.git/logs/refs/heads/big":  huge,
			"/p/notes.txt":                 strings.Repeat(old, 4) + pull,
		},
	}
	e := &evaluator{env: &Env{FS: fs}}
	for p, want := range map[string]bool{
		"/p/.git/logs/HEAD":            true,
		"/p/.git/logs/refs/heads/main": false,
		"/p/.git/logs/refs/heads/big":  true,
		"/p/notes.txt":                 false, // past the 64 KiB a file is looked at
	} {
		if got := e.heldSecret(p) != ""; got != want {
			t.Errorf("heldSecret(%s) = %q, want a secret: %v", p, e.heldSecret(p), want)
		}
	}
}

// TestGitConfigSecret judges a git directory's settings by what they
// hold (design.md 431): what git clone and daily work write is no
// secret; a URL with a credential, a key that names one, a section of a
// credential or another tool's, and what cannot be read are.
func TestGitConfigSecret(t *testing.T) {
	const clone = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n" +
		"[remote \"origin\"]\n\turl = https://github.com/o/r.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n" +
		"[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n"
	for conf, want := range map[string]bool{
		clone: false,
		"[remote \"o\"]\n\turl = git@github.com:o/r.git\n":                          false,
		"[remote \"o\"]\n\turl = ssh://git@github.com/o/r.git\n":                    false,
		"[user]\n\tname = Dev\n\temail = dev@example.com\n[alias]\n\tst = status\n": false,
		"[core]\n\tpager = less\n[http]\n\tpostBuffer = 524288000\n":                false,
		"[core]\n# comment\n; comment\n\tpager = less\n":                            true, // cat prints it (design.md 437)
		"[user]\n\tname = Dev # old pw: Hunter2\n":                                  true,
		"[alias]\n\tdeploy = !sshpass -p Hunter2 ssh prod\n":                        true,
		// round 43b (design.md 441)
		"[alias]\n\tup = \"!git fetch && curl -u u:Hunter2X https://e.com/x\"\n":                           true,
		"[alias]\n\tlg = !git log --graph --oneline\n":                                                     false,
		"[remote \"o\"]\n\turl = https://example.com/r.git?pw=Hunter2X\n":                                  true,
		"[remote \"o\"]\n\turl = https://deploymentbotusr@example.com/r.git\n":                             true,
		"[core]\n\tgitProxy = \"proxycmd --pw Hunter2X\"\n":                                                true,
		"[pager]\n\tlog = less -pHunter2X\n":                                                               true,
		"[pager]\n\tlog = false\n":                                                                         false,
		"[submodule \"x\"]\n\tupdate = rebase\n":                                                           false,
		"[alias]\n\tapi = !curl -u admin:Hunter2 https://h\n":                                              true,
		"[alias]\n\tx = -c http.extraHeader=Y fetch\n":                                                     true,
		"[alias]\n\tlg = log --graph --oneline\n\tup = !git pull --rebase\n":                               false,
		"[core]\n\tsshCommand = sshpass -p Hunter2 ssh\n":                                                  true,
		"[core]\n\teditor = code --wait\n\tpager = less -FRX\n":                                            false,
		"[core]\n\tpager = less -pHunter\n":                                                                true,
		"[core] # db pw Hunter2\n":                                                                         true, // round 42
		"[remote \"o\"]\n\turl = https://u:\"Hunter2\"@h/r\n":                                              true,
		"[remote \"o\"]\n\turl = https:\"\"//u:Hunter2@h/r\n":                                              true,
		"[remote \"o\"]\n\turl = https://u:'Hunter2'@h/r\n":                                                true,
		"[url \"https://u:\\\"Hunter2\\\"@h/\"]\n\tinsteadOf = https://h/\n":                               true,
		"[remote \"o\"]\n\turl = https://h/r.git?token=Hunter2\n":                                          true,
		"[remote \"o\"]\n\turl = https://h/r.git\n\tfetch = +refs/heads/*:refs/remotes/o/*\n":              false,
		"[core]\n\teditor = vim\n\tpager = delta\n":                                                        false,
		"[credential]\n\thelper = pa\\\nssword=Hunter2\n":                                                  true,
		"[remote \"o\"]\n\turl = https://admin:Hun\\\nter2@host/r\n":                                       true,
		"[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n":                                   false,
		"[remote \"o\"]\n\turl = https://x-access-token:CANARY9abc@github.com/o/r.git\n":                   true,
		"[remote \"o\"]\n\turl = https://ghp0CANARY1234567890abcdef@github.com/o/r.git\n":                  true,
		"[remote \"o\"]\n\turl = https://oauth2:s@gitlab.com/o/r.git\n":                                    true,
		"[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic CANARY\n":                    true,
		"[http]\n\textraHeader = X-Token: CANARY\n":                                                        true,
		"[credential]\n\thelper = store\n":                                                                 false, // where they are kept
		"[credential \"https://github.com\"]\n\thelper = !gh auth git-credential\n\tusername = bob\n":      false,
		"[credential]\n\thelper = \"!f() { echo password=CANARY; }; f\"\n":                                 true,
		"[credential]\n\thelper = !f() { echo token=CANARY; }; f\n":                                        true,
		"[credential \"https://x\"]\n\tcookiefile = /tmp/c\n":                                              true,
		"[credential \"https://u:CANARY1@github.com\"]\n\thelper = store\n":                                true,
		"[hub]\n\toauthtoken = CANARY\n":                                                                   true,
		"[sendemail]\n\tsmtpPass = CANARY\n":                                                               true,
		"[lfs]\n\taccesstoken = CANARY\n":                                                                  true,
		"[url \"https://u:CANARY1@github.com/\"]\n\tinsteadOf = https://github.com/\n":                     true,
		"[remote.origin]\n\turl = https://u:CANARY1@h/r\n":                                                 true,
		"[remote \"o\"]\n\turl = https://h/r \\\n\t https://u:CANARY1@h/r\n":                               true,
		"\turl = https://h/r\n":                                                                            true, // no section
		"[core\n":                                                                                          true,
		"[core] pager = less\n[newtool]\n\tsetting = x\n":                                                  true,
		"[core]\n\tlogallrefupdates = true\n[submodule \"s\"]\n\turl = https://h/s.git\n\tactive = true\n": false,
		// As git reads them (the git-settings oracle, design.md 438).
		"[core]\n\tpager = less\x00 Hunter2\n":           true, // git's value ends at the NUL; cat prints the rest
		"[core]\n\tpager = less\r-pHunter2\n":            true, // a CR alone is a blank: less -pHunter2
		"[alias]\n\tx = !git pull\r!sh -c x\n":           true,
		"[user]\n\tname = Dev \\#Hunter2\n":              true, // an escape git rejects, and all after it
		"[core] \\\n\tbare = Hunter2\n":                  true, // a backslash-newline outside a value
		"[user]\n\tna\\\nme = Hunter2\n":                 true,
		"[user]\n\tname # Hunter2\n":                     true, // a comment after a key alone: rejected
		"[core]\n\tbare\v= Hunter2\n":                    true, // \v is no blank to git
		"[grep]=Hunter2\n":                               true,
		"[remote origin]\n\turl = Hunter2\n":             true, // a subsection without quotes
		"[remote ]\n\turl = https://h/r\n":               true,
		"\xef\xbb\xbf[core]\r\n\tbare = false\r\n":       false,
		"[remote\t\"o\"]\n\turl = \"https://h/r.git\"\n": false,
		"[core]\n\teditor = \"code\" --wait\n":           false,
		"[user]\n\tname = \"Dev # no comment\"\n":        false,
		"[core]\n\tpager = less \\\n\t-FRX\n":            false,
	} {
		if got := gitConfigSecret([]byte(conf)) != ""; got != want {
			t.Errorf("gitConfigSecret(%q) = %q, want a secret: %v", conf, gitConfigSecret([]byte(conf)), want)
		}
	}
	for p, want := range map[string]bool{
		"/p/.git/config":                      true,
		"/p/.git/config.worktree":             true,
		"/p/.git/modules/s/config":            true,
		"/p/.git/modules/s/modules/t/config":  true,
		"/p/.git/worktrees/w/config.worktree": true,
		"/p/sub/.git/config":                  true,
		"/p/.git/refs/config":                 false,
		"/p/.git/worktrees/w/x/config":        false,
		"/p/config":                           false,
		"/p/x.git/config":                     false, // a bare repository's: the secrets preset names it
	} {
		if got := gitConfig(p); got != want {
			t.Errorf("gitConfig(%q) = %v, want %v", p, got, want)
		}
	}
	huge := clone + strings.Repeat("[alias]\n\tx = log\n", 5000)
	fs := MapFS{
		Files: map[string]bool{"/p/.git/config": true, "/q/.git/config": true, "/r/.git/config": true, "/p/.git/COMMIT_EDITMSG": true, "/q/.git/COMMIT_EDITMSG": true},
		Contents: map[string]string{
			"/p/.git/config":         clone,
			"/q/.git/config":         clone + "[http]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3M=\n",
			"/r/.git/config":         huge,
			"/p/.git/COMMIT_EDITMSG": "Fix the parser\n\n# Please enter the commit message\n",
			"/q/.git/COMMIT_EDITMSG": "x\n# ------------------------ >8 ------------------------\ndiff --git a/.env b/.env\n",
		},
	}
	e := &evaluator{env: &Env{FS: fs}}
	// Past heldFiles, the settings and the message are still looked at.
	e.heldRead = heldFiles
	for p, want := range map[string]bool{"/p/.git/config": false, "/q/.git/config": true, "/r/.git/config": true, "/p/.git/COMMIT_EDITMSG": false, "/q/.git/COMMIT_EDITMSG": true} {
		if got := e.heldSecret(p) != ""; got != want {
			t.Errorf("heldSecret(%s) = %q, want a secret: %v", p, e.heldSecret(p), want)
		}
	}
}

// TestGrepBinaryObjects: GNU grep prints no line of a file with a NUL in
// its head, so a recursive grep reads a git directory's packs as no
// copy of a file; a loose object with no NUL it prints (compressed), and
// -a, -z and --binary-files read every file as text (design.md 431).
func TestGrepBinaryObjects(t *testing.T) {
	tb := &Table{
		Default:  Ask,
		OnError:  Deny,
		Floors:   Floors{Dynamic: Ask, ParseError: Ask, Depth: Deny, Code: Ask, Write: Ask, Loss: Ask, Secret: Ask},
		Rules:    []Rule{{Name: "read", Pos: "p.cue:1:1", Decision: Allow, Cmd: &CmdCond{Name: exact("cat", "grep")}}},
		Commands: []Command{{Name: "cat", Reads: OpAll}, {Name: "grep", Reads: OpAll, Tree: true}},
	}
	files := func(loose string) MapFS {
		fs := MapFS{Files: map[string]bool{}, Contents: map[string]string{
			"/project/a.go":                     "package a\n",
			"/project/.git/HEAD":                "ref: refs/heads/main\n",
			"/project/.git/objects/pack/p.pack": "PACK\x00\x00\x00\x02\x00\x00\x00\x03x\x9c",
			"/project/.git/objects/pack/p.idx":  "\xfftOc\x00\x00\x00\x02",
			"/project/.git/objects/ab/cdef0123": loose,
		}}
		if loose == "" {
			delete(fs.Contents, "/project/.git/objects/ab/cdef0123")
		}
		for p := range fs.Contents {
			for d := p; d != "/"; d = path.Dir(d) {
				fs.Files[d] = true
			}
		}
		return fs
	}
	for _, c := range []struct {
		line, loose string
		want        Decision
	}{
		{"grep -rn x .", "", Allow},
		{"grep -r x .git", "", Allow},
		{"grep -rn x .", "x\x01\x8d\x8eM\n\xc2", Ask}, // a loose object with no NUL
		{"grep -rn x .", "x\x01\x00\x8eM\n\xc2", Allow},
		{"grep -rna x .", "", Ask},
		{"grep -rn --text x .", "", Ask},
		{"grep -rz x .", "", Ask},
		{"grep -r --binary-files=without-match x .", "", Ask},
		{"cat .git/objects/pack/p.pack", "", Ask},
	} {
		env := &Env{Home: "/home/user", Getenv: func(k string) string {
			if k == "CLAUDE_PROJECT_DIR" {
				return "/project"
			}
			return ""
		}, FS: files(c.loose)}
		if res := Decide(tb, bash(c.line), env); res.Decision != c.want {
			t.Errorf("%q (loose object %q): %s (%s), want %s", c.line, c.loose, res.Decision, res.Reason, c.want)
		}
	}
}

// TestTokenStarts holds tokenPair to the first two bytes of
// tokenPrefixes.
func TestTokenStarts(t *testing.T) {
	for _, p := range tokenPrefixes {
		if !tokenPair(p.prefix[0], p.prefix[1]) {
			t.Errorf("tokenPair does not take %q, the start of %q", p.prefix[:2], p.prefix)
		}
	}
}

// TestHeldBounds: the content check's bounds (design.md 445, 446).
// Missing names use none of them; a file outside the project is read
// whole, and past the bounds is not known to hold no secret; one of the
// project is judged by its first heldBytes, and past the bounds by its
// name; UTF-16 is read as text.
func TestHeldBounds(t *testing.T) {
	key := "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNz\n-----END OPENSSH PRIVATE KEY-----\n"
	pad := strings.Repeat("# padding\n", 7000) // 70,000 bytes
	utf16 := "\xff\xfe"
	for _, c := range key {
		utf16 += string(byte(c)) + "\x00"
	}
	fs := MapFS{Files: map[string]bool{}, Contents: map[string]string{
		"/p/notes/s.txt":          key,
		"/p/notes/wide.txt":       utf16,
		"/p/notes/wide-nobom.txt": utf16[2:],
		"/p/notes/long.txt":       pad + key,
		"/p/a.go":                 "package a\n",
		"/home/u/.rustup/t/notes": pad + key,
		"/home/u/.rustup/t/big":   pad,
		"/home/u/.rustup/t/small": "hello\n",
		"/usr/share/doc/x/big":    pad,
		"/usr/share/doc/x/far":    pad + pad + key,
		"/usr/share/doc/x/huge":   strings.Repeat(pad, 40),
		"/usr/lib/x.so":           "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00\x10\x11",
	}}
	e := &evaluator{env: &Env{FS: fs}, root: "/p", home: "/home/u"}
	for i := range 300 {
		if e.heldSecret("/p/x"+strconv.Itoa(i)) != "" {
			t.Fatalf("a missing name holds a secret")
		}
	}
	if e.heldRead != 0 {
		t.Errorf("missing names used %d of the files the check reads", e.heldRead)
	}
	for p, want := range map[string]bool{
		"/p/notes/s.txt": true, "/p/notes/wide.txt": true, "/p/notes/wide-nobom.txt": true, "/p/a.go": false,
		"/p/notes/long.txt":       false, // the project's: judged by its first heldBytes
		"/home/u/.rustup/t/notes": true, "/home/u/.rustup/t/big": false, "/home/u/.rustup/t/small": false,
		"/usr/share/doc/x/big": false, "/usr/lib/x.so": false, "/usr/share/doc/x/far": true,
		"/usr/share/doc/x/huge": true, // longer than the call's bound
	} {
		e := &evaluator{env: &Env{FS: fs}, root: "/p", home: "/home/u"}
		if got := e.heldSecret(p); (got != "") != want {
			t.Errorf("heldSecret(%s) = %q, want a secret: %v", p, got, want)
		}
	}
	e = &evaluator{env: &Env{FS: fs}, root: "/p", home: "/home/u", heldRead: heldFiles}
	for p, want := range map[string]bool{"/p/notes/s.txt": false, "/home/u/.rustup/t/small": true, "/usr/share/doc/x/big": true, "/home/u/none": false} {
		if got := e.heldSecret(p); (got != "") != want {
			t.Errorf("past the bound: heldSecret(%s) = %q, want a secret: %v", p, got, want)
		}
	}
}

// TestContentShape: the text in a file besides its bytes (design.md 445,
// 446): UTF-16 and UTF-32 runs at any offset, either byte order, and a
// JSON file's strings unescaped (a notebook's source lines).
func TestContentShape(t *testing.T) {
	wide := func(text string, size, at int) string {
		var b []byte
		for _, c := range []byte(text) {
			u := make([]byte, size)
			u[at] = c
			b = append(b, u...)
		}
		return string(b)
	}
	cyrillic := "\x1f\x04\x40\x04\x38\x04\x32\x04\x35\x04\x42\x04" // Привет in UTF-16LE
	for _, text := range []string{
		cyrillic + wide(" API_KEY=Hunter2CANARY\n", 2, 0),
		wide("API_KEY=Hunter2CANARY\n", 2, 1),
		wide("API_KEY=Hunter2CANARY\n", 4, 0),
		wide("API_KEY=Hunter2CANARY\n", 4, 3),
		"# notes, plain\n" + wide("token: ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789\n", 2, 0),
		`{"cells": [{"source": ["import os\n", "DB_PASSWORD = \"Hunter2CANARY\"\n"]}]}`,
		`{"cells": [{"source": ["API_KEY=Hunter2CANARY\n"]}]}`,
	} {
		if contentShape([]byte(text)) == "" {
			t.Errorf("no secret seen in %q", text)
		}
	}
	for _, text := range []string{
		cyrillic + wide(" hello world\n", 2, 0),
		"\x7fELF\x02\x01\x01\x00\x00\x00password\x00\x00\x00",
		`{"cells": [{"source": ["print(\"hello\")\n"]}]}`,
	} {
		if what := contentShape([]byte(text)); what != "" {
			t.Errorf("%q: %s seen", text, what)
		}
	}
}

// BenchmarkContentShape measures the content check on a project's files:
// this package's own sources, each judged whole, as a read of the project
// judges them (bench's long line greps every Go file of its project).
func BenchmarkContentShape(b *testing.B) {
	names, err := filepath.Glob("*.go")
	if err != nil || len(names) == 0 {
		b.Fatal("no sources", err)
	}
	var files [][]byte
	size := 0
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		files, size = append(files, data), size+len(data)
	}
	b.SetBytes(int64(size))
	found := 0
	for b.Loop() {
		for _, f := range files {
			if contentShape(f) != "" {
				found++
			}
		}
	}
	b.ReportMetric(float64(found)/float64(b.N), "shapes/op")
}
