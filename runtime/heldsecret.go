package runtime

import (
	"bytes"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// What a file holds decides too (design.md 426): a copy of a key or of a
// .env under a name no list holds (id_rsa.bkp, notes/prod.txt) is still
// a secret. Where an allow rule reads a file by name, the head of the
// file is looked at for the shapes of secrets that are seldom anything
// else: a private key (PEM, in base64 too, PuTTY's, age's), a provider's
// token by its prefix, a credential file's key with a value, a .env line
// that sets a key, token, secret or password to a literal. A file that
// holds one is a possible secret the rule does not name: the secret
// floor decides it (ask by default).

// heldBytes is how much of a project file is looked at; a file outside
// it is read whole, up to what is left of heldTotal. heldFiles and
// heldTotal bound the files and bytes looked at in one call (the cost of
// a glob of a large directory, of grep -r). Past them a file outside the
// project is not known to hold no secret: the places left open there
// are open by what they hold (design.md 440, 445, 446). Inside the
// project a file is judged by its first heldBytes, and past the bounds
// by its name, as Claude Code's own checks judge every file there.
const (
	heldBytes = 64 << 10
	heldFiles = 256
	heldTotal = 2 << 20
)

// heldSecret says what secret the file at the absolute path p holds by
// its content ("a private key"), "" if none the guard knows or p is no
// regular file it can read. Each path is read once per call.
func (e *evaluator) heldSecret(p string) string {
	if e.env.FS == nil {
		return ""
	}
	for _, h := range e.held {
		if h.path == p {
			return h.what
		}
	}
	what := e.heldLook(p)
	e.held = append(e.held, heldFile{p, what})
	return what
}

// heldLook is heldSecret without its memory.
func (e *evaluator) heldLook(p string) string {
	// A git directory's configuration and its last commit message are
	// looked at whatever the bounds: they are possible secrets by what
	// they hold, not by their names.
	conf, msg := e.gitSettingsFile(p), gitMessage(p)
	outside := !e.inRoot(p)
	if !conf && !msg && (e.heldRead >= heldFiles || e.heldSize >= heldTotal) {
		if _, err := e.env.FS.ReadFile(p, 1); err == nil && outside {
			return fmt.Sprintf("a file past the %d files or %d MiB the hook looks into in one call, outside the project, which may hold any secret", heldFiles, heldTotal>>20)
		}
		return ""
	}
	n := heldBytes
	switch {
	case reflog(p):
		n = reflogBytes
	case conf:
		n = gitConfigBytes
	case outside:
		// Outside the project a file is read whole, as far as the
		// call's bound goes (round 46: a key past 64 KiB of a file in
		// /usr/share/doc).
		n = max(heldBytes, heldTotal-e.heldSize)
	}
	b, err := e.env.FS.ReadFile(p, n+1)
	if err != nil {
		return ""
	}
	e.heldRead++
	e.heldSize += len(b)
	switch what := contentShape(b); {
	case what != "":
		return what
	case len(b) > n && reflog(p):
		return "a reflog longer than the hook reads, where git pull may have written a URL with its password"
	case len(b) > n && conf:
		return "a git configuration longer than the hook reads, whose settings may hold a token"
	case conf:
		return gitConfigSecret(b)
	case msg && (len(b) > n || bytes.Contains(b, []byte("diff --git ")) || bytes.Contains(b, []byte(" >8 "))):
		return "a commit message with a diff (git commit -v), which may hold any file's content"
	case len(b) > n && outside:
		return fmt.Sprintf("a file outside the project longer than the %d KiB the hook reads of it, which may hold any secret past them", n>>10)
	}
	return ""
}

// contentShape is secretShape of b, of the UTF-16 and UTF-32 text in it
// (wideRuns: PowerShell's > writes UTF-16, and rg, iconv and strings -e
// print it as text; rounds 45, 46), and of its JSON strings unescaped (a
// notebook's source lines, "API_KEY=x\n"; round 46).
func contentShape(b []byte) string {
	if what := secretShape(b); what != "" {
		return what
	}
	if bytes.IndexByte(b, 0) >= 0 {
		if t := wideRuns(b); len(t) > 0 {
			if what := secretShape(t); what != "" {
				return what
			}
		}
	}
	if t, ok := jsonUnescaped(b); ok {
		return secretShape(t)
	}
	return ""
}

// wideRuns returns the runs of ASCII text in b stored as UTF-16 or
// UTF-32, either byte order, at any offset: each character's byte with
// one or three NULs beside it, four characters or more, a line each.
// Text in other scripts around them (CJK, Cyrillic) has no NULs, and is
// no part of a shape.
func wideRuns(b []byte) []byte {
	var out []byte
	for _, w := range [...]struct{ size, at int }{{2, 0}, {2, 1}, {4, 0}, {4, 3}} {
		run := 0
		for i := 0; i+w.size <= len(b); {
			c := b[i+w.at]
			ok := c >= ' ' && c < 0x7f || c == '\t' || c == '\n' || c == '\r'
			for k := 0; k < w.size && ok; k++ {
				ok = k == w.at || b[i+k] == 0
			}
			if !ok {
				if run > 0 && run < 4 {
					out = out[:len(out)-run]
				} else if run > 0 {
					out = append(out, '\n')
				}
				run = 0
				i++
				continue
			}
			out = append(out, c)
			run++
			i += w.size
		}
		if run > 0 && run < 4 {
			out = out[:len(out)-run]
		}
		out = append(out, '\n')
	}
	return out
}

// jsonUnescaped returns b with JSON's string escapes undone (\" \\ \n
// \t \/ \uXXXX of ASCII), if b starts as JSON does and holds one.
func jsonUnescaped(b []byte) ([]byte, bool) {
	t := bytes.TrimLeft(b, " \t\r\n\xef\xbb\xbf")
	if len(t) == 0 || t[0] != '{' && t[0] != '[' || bytes.IndexByte(t, '\\') < 0 {
		return nil, false
	}
	out := make([]byte, 0, len(t))
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c != '\\' || i+1 == len(t) {
			out = append(out, c)
			continue
		}
		i++
		switch t[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'u':
			if i+4 < len(t) {
				if n, err := strconv.ParseUint(string(t[i+1:i+5]), 16, 16); err == nil && n < 0x80 {
					out = append(out, byte(n))
					i += 4
					continue
				}
			}
			out = append(out, '\\', 'u')
		default:
			out = append(out, t[i]) // \" \\ \/
		}
	}
	return out, true
}

// reflogBytes is how much of a reflog is looked at: git appends to it,
// so a URL git pull wrote (round 38) may be at its end.
const reflogBytes = 1 << 20

// reflog reports whether p is a reflog of a git directory (logs/HEAD,
// logs/refs/..., a linked worktree's worktrees/NAME/logs/HEAD).
func reflog(p string) bool {
	rest, ok := belowGitDir(p)
	return ok && (strings.HasPrefix(rest, "logs/") || strings.Contains(rest, "/logs/"))
}

// A heldFile is a file heldSecret looked into, and what it holds.
type heldFile struct{ path, what string }

// heldIn says what secret the file a reads holds by its content (a file
// it names, a match of a glob, a file of a tree it reads, a brace
// expansion's), under any of its spellings; "" if none.
func (e *evaluator) heldIn(a access, c *SimpleCommand) string {
	if !a.read || a.w.Glob && !a.w.Dynamic {
		return ""
	}
	ps := a.alts // a brace expansion's paths
	if !a.w.Dynamic {
		ps = append([]string{a.w.Text}, ps...)
	}
	for _, p := range ps {
		// GNU grep prints no line of a file that misses what its
		// patterns need, or is binary (design.md 431, 436): what the
		// file holds never reaches the output (design.md 447).
		if e.grepQuiet(c, p) {
			continue
		}
		if what := e.heldSecret(p); what != "" {
			return what
		}
	}
	return ""
}

// secretShape says what secret the text b holds by its shape, "" if
// none.
func secretShape(b []byte) string {
	if gitStore(b) {
		return storeWhat
	}
	if archive(b) {
		return "an archive, whose members may be any file (or a compressed file that may store one as it is)"
	}
	if privateKey(b) {
		return "a private key"
	}
	if what := tokenShape(b); what != "" {
		return what
	}
	if what := credentialKey(b); what != "" {
		return what
	}
	if envSecret(b) {
		return "a line that sets a key, token, secret or password"
	}
	if passwordURL(b) {
		return "a URL with a password in it"
	}
	if queryToken(b) {
		return "a URL with a token in its query"
	}
	if optionPassword(b) {
		return "a command with a password in its options"
	}
	if configSecret(b) {
		return "a setting that holds a key, token, secret or password"
	}
	return ""
}

// storeWhat is what secretShape says of git's stored data: a loose
// object, a pack, a bundle, or any zlib stream.
const storeWhat = "git's stored data (an object, a pack or a bundle) or a zlib stream, which may hold any file's content compressed"

// gitStore reports whether b is a git object store's data by its bytes,
// wherever it lies (cp -r .git/objects bak, a bundle, a pack, an
// alternates store; round 43b): a pack ("PACK" and version 2 or 3), a
// bundle's header, or a zlib stream that inflates (a loose object). A file
// of a git directory is judged by gitStateRead instead, with grep's and
// rg's misses.
func gitStore(b []byte) bool {
	if bytes.HasPrefix(b, []byte("PACK\x00\x00\x00")) || bytes.HasPrefix(b, []byte("# v2 git bundle\n")) || bytes.HasPrefix(b, []byte("# v3 git bundle\n")) {
		return true
	}
	return zlibInflates(b)
}

// passwordURL reports whether b holds a URL with a password in it,
// scheme://user:password@host, the password a literal (literalValue):
// git pull writes its URL so into the reflog (round 38), and settings
// keep database and registry URLs so. A user that is a literal is a token
// too (https://TOKEN:@packagecloud.io, a Sentry DSN's https://KEY@host;
// design.md 440).
func passwordURL(b []byte) bool {
	for auth, scheme := range urlUserinfos(b) {
		user, pass, ok := bytes.Cut(auth, []byte(":"))
		// redis://:PASSWORD@host has no user (round 46).
		if scheme && (ok && literalValue(pass) || literalValue(user)) {
			return true
		}
	}
	return false
}

// optionPassword reports whether b holds a command given a password as
// an option, a literal: curl -u user:PW (--user, --proxy-user),
// sshpass -p PW, mysql -pPW, --password=PW or --password PW, and the
// like for --token and --pass (round 43a, 43b).
func optionPassword(b []byte) bool {
	// Every shape below has an option: the lines without one are not
	// split into words.
	for line := range linesWith(b, '-') {
		if !optionWord(line) {
			continue
		}
		f := bytes.Fields(line)
		for i, w := range f {
			w = bytes.Trim(w, "\"'")
			next := []byte(nil)
			if i+1 < len(f) {
				next = bytes.Trim(f[i+1], "\"'")
			}
			name, val, eq := bytes.Cut(w, []byte("="))
			switch string(name) {
			case "-u", "--user", "--proxy-user", "-U":
				if !eq {
					val = next
				}
				if _, pass, ok := bytes.Cut(val, []byte(":")); ok && literalValue(pass) {
					return true
				}
			case "--password", "--pass", "--passwd", "--token", "--api-key", "--secret":
				if !eq {
					val = next
				}
				if literalValue(val) {
					return true
				}
			case "-H", "--header":
				// curl -H "Authorization: token X", --header 'PRIVATE-TOKEN: X'
				if !eq {
					val = quotedWords(f[i+1:])
				}
				if h, v, ok := bytes.Cut(val, []byte(":")); ok && credentialHeader(h) && literalValue(lastWord(v)) {
					return true
				}
			case "-p":
				// sshpass -p PW; docker login -p PW (podman's, helm
				// registry's; round 46)
				login := slices.ContainsFunc(f[:i], func(x []byte) bool { return string(x) == "login" })
				if i > 0 && (bytes.HasSuffix(f[i-1], []byte("sshpass")) || login) && literalValue(next) {
					return true
				}
			}
			// mysql -pPW, mysqldump -uroot -pPW
			if p, ok := bytes.CutPrefix(w, []byte("-p")); ok && literalValue(p) && slices.ContainsFunc(f[:i], func(x []byte) bool {
				return bytes.Contains(x, []byte("mysql")) || bytes.HasSuffix(x, []byte("sshpass"))
			}) {
				return true
			}
		}
	}
	return false
}

// optionWord reports whether line has a word that starts with one of
// the options optionPassword knows: -u, -U, -H, -p or --.
func optionWord(line []byte) bool {
	for i := bytes.IndexByte(line, '-'); i >= 0 && i+1 < len(line); {
		if (i == 0 || strings.IndexByte(" \t\"'", line[i-1]) >= 0) && strings.IndexByte("uUHp-", line[i+1]) >= 0 {
			return true
		}
		j := bytes.IndexByte(line[i+1:], '-')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// quotedWords is the first of the words f with those a quote at its
// start joins to it ("Authorization: token X" split at blanks), the
// quotes taken off.
func quotedWords(f [][]byte) []byte {
	if len(f) == 0 {
		return nil
	}
	q := f[0][0]
	if q != '"' && q != '\'' {
		return f[0]
	}
	v := append([]byte{}, f[0]...)
	for _, w := range f[1:] {
		if len(v) > 1 && v[len(v)-1] == q {
			break
		}
		v = append(append(v, ' '), w...)
	}
	return bytes.Trim(v, string(q))
}

// credentialHeader reports whether the HTTP header h carries a credential
// (Authorization, PRIVATE-TOKEN, X-Api-Key, X-Auth-Token).
func credentialHeader(h []byte) bool {
	l := strings.ToLower(string(bytes.TrimSpace(h)))
	return slices.ContainsFunc([]string{"auth", "token", "key", "secret", "pass"}, func(w string) bool { return strings.Contains(l, w) })
}

// lastWord is the last word of v, quotes and a trailing comma taken off.
func lastWord(v []byte) []byte {
	f := bytes.Fields(v)
	if len(f) == 0 {
		return nil
	}
	return bytes.TrimRight(bytes.Trim(f[len(f)-1], "\"'"), ",")
}

// queryWords are parts of a URL query's names that say the value is a
// credential (?private_token=, &api_key=, ?pw=, ?sig=).
var queryWords = []string{"token", "key", "secret", "pass", "pw", "auth", "sig", "jwt", "cred", "access"}

// queryToken reports whether b holds a URL query parameter named for a
// credential whose value is a literal (https://h/r.git?private_token=X,
// a registry's ?token=X in a cache; design.md 440).
func queryToken(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '?' && b[i] != '&' {
			continue
		}
		rest := b[i+1:]
		eq := bytes.IndexByte(rest, '=')
		if eq <= 0 || bytes.ContainsAny(rest[:eq], " \t\r\n&?\"'<>") {
			continue
		}
		name := strings.ToLower(string(rest[:eq]))
		v := rest[eq+1:]
		if end := bytes.IndexAny(v, "&# \t\r\n\"'<>\\"); end >= 0 {
			v = v[:end]
		}
		if literalValue(v) && slices.ContainsFunc(queryWords, func(w string) bool { return strings.Contains(name, w) }) {
			return true
		}
	}
	return false
}

// urlUserinfos yields what comes before the host of each URL in b that
// has it (scheme://USERINFO@host/...), and whether a scheme's name is
// written before its ://.
func urlUserinfos(b []byte) iter.Seq2[[]byte, bool] {
	return func(yield func([]byte, bool) bool) {
		for rest := b; ; {
			i := bytes.Index(rest, []byte("://"))
			if i < 0 {
				return
			}
			scheme := i > 0 && tokenByte(rest[i-1], "+.-")
			rest = rest[i+3:]
			auth := rest
			if end := bytes.IndexAny(auth, "/ \t\r\n\"'`<>?#"); end >= 0 {
				auth = auth[:end]
			}
			if at := bytes.LastIndexByte(auth, '@'); at >= 0 && !yield(auth[:at], scheme) {
				return
			}
		}
	}
}

// privateKey reports whether b holds a private key: a PEM header of one
// (RSA, EC, DSA, OpenSSH, PKCS#8, encrypted, PGP's key block), that
// header in base64 (a kubeconfig's client-key-data, a copy encoded), or
// PuTTY's key file.
func privateKey(b []byte) bool {
	for rest := b; ; {
		i := bytes.Index(rest, []byte("PRIVATE KEY"))
		if i < 0 {
			break
		}
		line := rest[:i]
		if j := bytes.LastIndexAny(line, "\n\r\x00"); j >= 0 {
			line = line[j+1:]
		}
		if bytes.Contains(line, []byte("BEGIN ")) {
			return true // PEM's -----BEGIN, SSH2's ---- BEGIN SSH2 ... PRIVATE KEY ----
		}
		rest = rest[i+len("PRIVATE KEY"):]
	}
	for _, s := range pemBase64 {
		if bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	for _, s := range keyMarks {
		if bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	return secretKeyComment(b) || privateJWK(b)
}

// keyMarks are the marks of private keys in formats of their own (round
// 45): PuTTY's, age's, OpenVPN's static key, SSH1's key file, Tor's
// onion service key, a Tendermint or CometBFT validator's key (its
// "priv_key" object), a NATS credentials file's seed.
var keyMarks = []string{"PuTTY-User-Key-File-", "AGE-SECRET-KEY-1", "BEGIN OpenVPN Static key", "SSH PRIVATE KEY FILE FORMAT",
	"== ed25519v1-secret:", `"priv_key": {`, `"priv_key":{`, "NKEY SEED-----"}

// secretKeyComment reports whether b holds minisign's or signify's
// secret key: a line "untrusted comment: ... secret key".
func secretKeyComment(b []byte) bool {
	for rest := b; ; {
		i := bytes.Index(rest, []byte("untrusted comment:"))
		if i < 0 {
			return false
		}
		rest = rest[i:]
		line := rest
		if n := lineEnd(line); n >= 0 {
			line = line[:n]
		}
		if bytes.Contains(line, []byte("secret key")) {
			return true
		}
		rest = rest[len("untrusted comment:"):]
	}
}

// privateJWK reports whether b holds a JSON Web Key with its private
// part: a "kty" and a "d" member.
func privateJWK(b []byte) bool {
	if !bytes.Contains(b, []byte(`"kty"`)) {
		return false
	}
	for rest := b; ; {
		i := bytes.Index(rest, []byte(`"d"`))
		if i < 0 {
			return false
		}
		rest = rest[i+3:]
		if v, ok := bytes.CutPrefix(bytes.TrimLeft(rest, " \t\r\n"), []byte(":")); ok {
			if v = bytes.TrimLeft(v, " \t\r\n"); len(v) > 1 && v[0] == '"' && v[1] != '"' {
				return true
			}
		}
	}
}

// archive reports whether b starts an archive that stores its members
// as they are: tar (ustar at 257), ar, cpio, zip (a small member is
// stored, not deflated), or a compressed file that may. Its members may be any file, a secret too, under
// any name (a jar, a deb, backup.tar.1, an image's layer; round 35).
func archive(b []byte) bool {
	return len(b) >= 262 && string(b[257:262]) == "ustar" ||
		bytes.HasPrefix(b, []byte("!<arch>\n")) ||
		bytes.HasPrefix(b, []byte("070701")) || bytes.HasPrefix(b, []byte("070702")) || bytes.HasPrefix(b, []byte("070707")) ||
		bytes.HasPrefix(b, []byte("\xc7\x71")) || bytes.HasPrefix(b, []byte("\x71\xc7")) ||
		bytes.HasPrefix(b, []byte("PK\x03\x04")) ||
		// xz, zstd and lz4 store a small file's bytes as they are
		// (design.md 380).
		bytes.HasPrefix(b, []byte("\xfd7zXZ\x00")) || bytes.HasPrefix(b, []byte("\x28\xb5\x2f\xfd")) || bytes.HasPrefix(b, []byte("\x04\x22\x4d\x18"))
}

// textLines yields the lines of b, ended by a newline, a carriage return
// or a NUL (the text of a member of a tar, after its header's padding).
func textLines(b []byte) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		for len(b) > 0 {
			i := lineEnd(b)
			if i < 0 {
				yield(b)
				return
			}
			if i > 0 && !yield(b[:i]) {
				return
			}
			b = b[i+1:]
		}
	}
}

// lineEnd is the index in b of the first newline, carriage return or NUL,
// -1 if none: bytes.IndexAny reads a byte at a time, three IndexByte
// calls sixteen or more.
func lineEnd(b []byte) int {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		i = len(b)
	}
	if j := bytes.IndexByte(b[:i], '\r'); j >= 0 {
		i = j
	}
	if j := bytes.IndexByte(b[:i], 0); j >= 0 {
		i = j
	}
	if i == len(b) {
		return -1
	}
	return i
}

// linesAt yields the lines of b (as textLines cuts them) that hold a
// byte at one of the offsets next yields, in order: the lines that hold
// a word the caller looks for, without reading the others.
func linesAt(b []byte, next func(from int) int) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		for at := 0; at < len(b); {
			hit := next(at)
			if hit < 0 {
				return
			}
			start := hit
			for start > 0 && b[start-1] != '\n' && b[start-1] != '\r' && b[start-1] != 0 {
				start--
			}
			end := len(b)
			if n := lineEnd(b[hit:]); n >= 0 {
				end = hit + n
			}
			if end > start && !yield(b[start:end]) {
				return
			}
			at = end + 1
		}
	}
}

// linesWith yields the lines of b that hold the byte c.
func linesWith(b []byte, c byte) func(func([]byte) bool) {
	return linesAt(b, func(from int) int {
		if i := bytes.IndexByte(b[from:], c); i >= 0 {
			return from + i
		}
		return -1
	})
}

// pemBase64 are " PRIVATE KEY-" in base64 at each of the three offsets
// of a group of three bytes, without the characters its neighbours
// change (TestPemBase64).
var pemBase64 = []string{"IFBSSVZBVEUgS0VZ", "UklWQVRFIEtF", "UFJJVkFURSBLRVkt"}

// A tokenPrefix is a provider's token by its prefix: at least min bytes
// of its alphabet after it, not within a longer word.
type tokenPrefix struct {
	prefix string
	min    int
	alpha  string // the bytes besides ASCII letters and digits
	what   string
}

var tokenPrefixes = []tokenPrefix{
	{"AKIA", 16, "", "an AWS access key"},
	{"ASIA", 16, "", "an AWS access key"},
	{"ghp_", 36, "", "a GitHub token"},
	{"gho_", 36, "", "a GitHub token"},
	{"ghu_", 36, "", "a GitHub token"},
	{"ghs_", 36, "", "a GitHub token"},
	{"ghr_", 36, "", "a GitHub token"},
	{"github_pat_", 40, "_", "a GitHub token"},
	{"glpat-", 20, "_-", "a GitLab token"},
	{"xoxb-", 20, "-", "a Slack token"},
	{"xoxp-", 20, "-", "a Slack token"},
	{"xoxa-", 20, "-", "a Slack token"},
	{"xoxr-", 20, "-", "a Slack token"},
	{"xoxs-", 20, "-", "a Slack token"},
	{"sk-ant-", 32, "_-", "an Anthropic key"},
	{"sk-proj-", 32, "_-", "an OpenAI key"},
	{"sk_live_", 20, "", "a Stripe key"},
	{"rk_live_", 20, "", "a Stripe key"},
	{"npm_", 36, "", "an npm token"},
	{"AIza", 35, "_-", "a Google API key"},
	{"hf_", 30, "", "a Hugging Face token"},
	{"pypi-AgE", 40, "_-", "a PyPI token"},
	{"dop_v1_", 64, "", "a DigitalOcean token"},
	{"shpat_", 32, "", "a Shopify token"},
	// round 44 (design.md 442)
	{"hvs.", 24, "_-", "a Vault token"},
	{"ya29.", 20, "_-.", "a Google OAuth token"},
	{"SG.", 40, "_-.", "a SendGrid key"},
	{"glsa_", 32, "_", "a Grafana token"},
	{"pscale_pw_", 32, "_", "a PlanetScale password"},
	{"lin_api_", 32, "", "a Linear key"},
	{"sk_test_", 20, "", "a Stripe key"},
	{"eyJhbGci", 30, "_-.", "a JSON Web Token"},
}

// tokenShape says which provider's token b holds, "" if none. A token
// with EXAMPLE in it is a documentation's (AKIAIOSFODNN7EXAMPLE).
func tokenShape(b []byte) string {
	// Every prefix starts a word: only the starts of words are looked
	// at, in one pass (32 bytes.Index calls read a file 32 times).
	prev := false // b[i-1] is an ASCII letter or digit
	for i, c := range b {
		word := c-'0' < 10 || (c|0x20)-'a' < 26
		if word && !prev && i+1 < len(b) && tokenPair(c, b[i+1]) {
			if what := tokenAt(b, i); what != "" {
				return what
			}
		}
		prev = word
	}
	return ""
}

// tokenPair reports whether a token prefix starts with the bytes a, b
// (TestTokenStarts holds it to tokenPrefixes): a switch, where looking
// through the prefixes at every word's start cost more than the rest of
// the check.
func tokenPair(a, b byte) bool {
	switch a {
	case 'A':
		return b == 'I' || b == 'K' || b == 'S'
	case 'S':
		return b == 'G' || strings.IndexByte("UAONCX", b) >= 0 // natsSeed
	case 'd':
		return b == 'o'
	case 'e':
		return b == 'y'
	case 'g':
		return b == 'h' || b == 'i' || b == 'l'
	case 'h':
		return b == 'f' || b == 'v'
	case 'l':
		return b == 'i'
	case 'n':
		return b == 'p'
	case 'p':
		return b == 's' || b == 'y'
	case 'r':
		return b == 'k'
	case 's':
		return b == 'h' || b == 'k'
	case 'x':
		return b == 'o'
	case 'y':
		return b == 'a'
	}
	return false
}

// tokenAt says which provider's token starts at b[at], "" if none.
func tokenAt(b []byte, at int) string {
	for _, t := range tokenPrefixes {
		if t.prefix[0] != b[at] || !bytes.HasPrefix(b[at:], []byte(t.prefix)) {
			continue
		}
		end := at + len(t.prefix)
		for end < len(b) && tokenByte(b[end], t.alpha) {
			end++
		}
		if end-at-len(t.prefix) >= t.min && !bytes.Contains(b[at:end], []byte("EXAMPLE")) {
			return t.what
		}
	}
	if natsSeed(b[at:]) {
		return "a NATS seed"
	}
	return ""
}

// natsSeed reports whether b starts with a NATS nkey seed: S, its kind
// (U, A, O, N, C, X), 56 bytes of base32 and no more of a word (round
// 45).
func natsSeed(b []byte) bool {
	if len(b) < 58 || b[0] != 'S' || strings.IndexByte("UAONCX", b[1]) < 0 || len(b) > 58 && tokenByte(b[58], "") {
		return false
	}
	for _, c := range b[2:58] {
		if !(c >= 'A' && c <= 'Z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// tokenByte reports whether c is an ASCII letter or digit or one of also.
func tokenByte(c byte, also string) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(also, c) >= 0
}

// credentialKeys are the keys of credential files whose value is the
// secret (AWS's credentials, gh's hosts.yml, .npmrc's token), each as
// written and in capitals (AWS_SECRET_ACCESS_KEY in a .env).
var credentialKeys = [][2]string{
	{"aws_secret_access_key", "AWS_SECRET_ACCESS_KEY"},
	{"aws_session_token", "AWS_SESSION_TOKEN"},
	{"oauth_token", "OAUTH_TOKEN"},
	{"_authToken", "_AUTHTOKEN"},
	// .npmrc's _auth (base64 of user:password) and _password (round 45)
	{"_auth", "_AUTH"},
	{"_password", "_PASSWORD"},
}

// credentialKey says what credential b holds under the key of a
// credential file, or as a .netrc's machine with a password; "" if none.
func credentialKey(b []byte) string {
	for _, k := range credentialKeys {
		for _, key := range k {
			for off := 0; ; {
				i := bytes.Index(b[off:], []byte(key))
				if i < 0 {
					break
				}
				at := off + i
				off = at + len(key)
				if at > 0 && strings.IndexByte(" \t\n\"':/", b[at-1]) < 0 {
					continue // within a longer name
				}
				v := bytes.TrimLeft(b[off:], " \t\"'")
				if len(v) > 0 && (v[0] == '=' || v[0] == ':') && literalValue(firstWord(v[1:])) {
					return "a credential (" + k[0] + ")"
				}
			}
		}
	}
	if netrcPassword(b) {
		return "a .netrc's password"
	}
	if pgpassLine(b) {
		return "a .pgpass's password"
	}
	return ""
}

// pgpassLine reports whether b holds a line of PostgreSQL's password
// file: host:port:database:user:password, the port a number or *, the
// password a literal (round 45).
func pgpassLine(b []byte) bool {
	for line := range linesWith(b, ':') {
		if bytes.Count(line, []byte(":")) != 4 {
			continue
		}
		f := bytes.Split(line, []byte(":"))
		if len(f) != 5 || len(f[0]) == 0 || len(f[3]) == 0 {
			continue
		}
		port := string(f[1])
		if port != "*" && strings.Trim(port, "0123456789") != "" || port == "" {
			continue
		}
		if literalValue(f[4]) {
			return true
		}
	}
	return false
}

// netrcPassword reports whether b is a .netrc: its first word (past
// comments) is machine or default, and a password word follows with a
// value.
func netrcPassword(b []byte) bool {
	if !bytes.Contains(b, []byte("password")) {
		return false
	}
	first := true
	var prev []byte
	for line := range textLines(b) {
		f := bytes.Fields(line)
		if len(f) == 0 || f[0][0] == '#' {
			continue
		}
		if first && string(f[0]) != "machine" && string(f[0]) != "default" {
			return false
		}
		first = false
		for _, w := range f {
			if string(prev) == "password" && literalValue(w) {
				return true
			}
			prev = w
		}
	}
	return false
}

// firstWord is the value after a key's separator: its first word, its
// quotes and a trailing comma taken off.
func firstWord(v []byte) []byte {
	f := bytes.Fields(v)
	if len(f) == 0 {
		return nil
	}
	return bytes.TrimRight(bytes.Trim(f[0], "\"'"), ",")
}

// secretWords are the parts of a variable's name (split at _) that say
// its value is a secret.
var secretWords = []string{"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASS", "PWD", "PW", "APIKEY", "PASSPHRASE", "CREDENTIAL", "CREDENTIALS", "PAT", "AUTH", "PSK"}

// envSecret reports whether b holds a line of a .env file (or a shell
// script's export) that sets a variable named for a secret to a literal:
// API_KEY=abc123..., export DB_PASSWORD="hunter22". A value that is a
// reference ($X, ${X}), a path, an expression or a placeholder is none.
func envSecret(b []byte) bool {
	for line := range linesWith(b, '=') {
		// Every NAME= of the line: at its start (a .env, a diff's line,
		// export NAME=), or within a string or a list (compose's
		// ["API_KEY=x"], a script's "API_KEY=x node app.js"; round 46).
		for i := bytes.IndexByte(line, '='); i >= 0; {
			start := i
			for start > 0 && (line[start-1] == '_' || line[start-1] >= 'A' && line[start-1] <= 'Z' || line[start-1] >= '0' && line[start-1] <= '9') {
				start--
			}
			boundary := start == 0 || !tokenByte(line[start-1], "")
			if boundary && secretName(string(line[start:i])) && literalValue(envValue(line[i+1:])) {
				return true
			}
			j := bytes.IndexByte(line[i+1:], '=')
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// envValue is the value after NAME=: its quotes taken off, or up to a
// blank (MYSQL_PWD=x mysql -u root: a command follows), a quote, a comma
// or a backslash (the end of the string or list it is in).
func envValue(v []byte) []byte {
	v = bytes.TrimRight(v, " \t\r\n")
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') {
		if end := bytes.IndexByte(v[1:], v[0]); end >= 0 {
			return v[1 : 1+end]
		}
		return v[1:]
	}
	if end := bytes.IndexAny(v, " \t\"',\\;"); end >= 0 {
		v = v[:end]
	}
	return v
}

// secretName reports whether name is a variable's name in capitals one
// of whose parts is a secretWords (API_KEY, DB_PASS; not KEYBOARD).
func secretName(name string) bool {
	if name == "" || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	secret := false
	for part := range strings.SplitSeq(name, "_") {
		if strings.Trim(part, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
			return false
		}
		secret = secret || slices.Contains(secretWords, part) || slices.ContainsFunc([]string{"PASSWORD", "PASSWD", "TOKEN", "SECRET", "APIKEY"}, func(w string) bool {
			return len(part) > len(w) && strings.HasSuffix(part, w) // PGPASSWORD
		})
	}
	return secret
}

// literalValue reports whether v is a value that may be a secret: six
// bytes or more with letters and digits, and no reference, path,
// expression, quote, space or placeholder (os.environ, ${X}, "your-key").
func literalValue(v []byte) bool {
	if len(v) < 6 || strings.IndexByte("$/~.<{([@%*", v[0]) >= 0 || bytes.Contains(v, []byte("...")) {
		return false
	}
	digit, letter := false, false
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letter = true
		case c <= ' ' || strings.IndexByte("()[]{}'\"$<>,;`\\", c) >= 0:
			return false
		}
	}
	if !digit || !letter {
		return false
	}
	l := strings.ToLower(string(v))
	for _, p := range placeholders {
		if strings.Contains(l, p) {
			return false
		}
	}
	return true
}

// placeholders are parts of the values of examples and templates.
var placeholders = []string{"your", "example", "changeme", "change_me", "change-me", "xxxx", "replace", "placeholder", "dummy", "redacted"}

// configSecret reports whether b holds a settings line that sets a key,
// token, secret or password to a literal in the shapes settings files
// use besides a .env's (round 38): a key in any case, with dots, dashes
// or quotes (spring.datasource.password=, "password": "...", password:
// ..., SECRET_KEY = '...', ENV API_KEY=... in a Dockerfile), a
// connection string's Password=...; and an Authorization header's
// credentials. The key is the whole left side: code (const token = x,
// f(password="x")) is no settings line.
func configSecret(b []byte) bool {
	if namedValue(b) {
		return true
	}
	low := make([]byte, len(b)) // b in ASCII lower case, at the same offsets
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	for line := range linesAt(b, hintAt(low)) {
		start := cap(b) - cap(line) // line's offset in b
		lowLine := low[start : start+len(line)]
		line = bytes.TrimLeft(line, " \t-")
		for _, p := range [][]byte{[]byte("export "), []byte("ENV "), []byte("set ")} {
			line, _ = bytes.CutPrefix(line, p)
		}
		lowLine = lowLine[len(lowLine)-len(line):] // trimmed as line is
		if connectionPassword(line, lowLine) || bearer(line) || quotedPair(line) || xmlSecret(line) {
			return true
		}
		// Settings after ; on one line (username = "u"; password = "x").
		for part := range bytes.SplitSeq(line, []byte(";")) {
			if settingSecret(bytes.TrimLeft(part, " \t")) {
				return true
			}
		}
	}
	return false
}

// hintAt returns where the first of secretHints is in low at or after an
// offset, -1 if none is: each hint is looked for once in the whole text,
// not once a line. A key configSecret takes ends in a hint, so a hint
// followed by a letter or digit is none (path, pattern, keys).
func hintAt(low []byte) func(from int) int {
	var next [len(secretHints)]int
	for i := range next {
		next[i] = -2 // not looked for yet
	}
	return func(from int) int {
		first := -1
		for i, h := range secretHints {
			if next[i] != -1 && next[i] < from {
				next[i] = keyEnd(low, h, from)
			}
			if next[i] >= 0 && (first < 0 || next[i] < first) {
				first = next[i]
			}
		}
		return first
	}
}

// namedValue reports whether b holds a setting given as a name and a
// value apart (round 46): Kubernetes' "- name: DB_PASSWORD" with "value:
// x" on the next line, ECS's {"name": "DB_PASSWORD", "value": "x"},
// .NET's <add key="ApiKey" value="x"/>: a name, key or Name field that
// names a secret, then, before another name, a value field whose value
// is a literal.
func namedValue(b []byte) bool {
	for _, field := range []string{"name", "key", "Name", "Key"} {
		for off := 0; ; {
			i := bytes.Index(b[off:], []byte(field))
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(field)
			if at > 0 && tokenByte(b[at-1], "_") {
				continue // within a longer word
			}
			name, rest, ok := fieldValue(b[off:])
			if !ok || !secretKey(string(name)) {
				continue
			}
			if j := bytes.Index(rest[:min(len(rest), 200)], []byte("value")); j >= 0 {
				if v, _, ok := fieldValue(rest[j+len("value"):]); ok && literalValue(v) {
					return true
				}
			}
		}
	}
	return false
}

// fieldValue reads a field's value after its name: a closing quote, a
// separator (:, =) and the value, quoted or up to a blank, a comma, a
// brace or a line's end; and what follows it.
func fieldValue(b []byte) (v, rest []byte, ok bool) {
	b = bytes.TrimLeft(b, "\"'")
	b = bytes.TrimLeft(b, " \t")
	if len(b) == 0 || b[0] != ':' && b[0] != '=' {
		return nil, nil, false
	}
	b = bytes.TrimLeft(b[1:], " \t")
	if len(b) > 0 && (b[0] == '"' || b[0] == '\'') {
		end := bytes.IndexByte(b[1:], b[0])
		if end < 0 {
			return nil, nil, false
		}
		return b[1 : 1+end], b[2+end:], true
	}
	end := bytes.IndexAny(b, " \t\r\n,}/>")
	if end < 0 {
		end = len(b)
	}
	return b[:end], b[end:], end > 0
}

// keyEnd returns where the hint h is in low at or after from, not
// followed by a letter or digit (but a hint that ends in a blank), -1 if
// nowhere.
func keyEnd(low []byte, h string, from int) int {
	for {
		j := bytes.Index(low[from:], []byte(h))
		if j < 0 {
			return -1
		}
		at := from + j
		if end := at + len(h); h[len(h)-1] == ' ' || end >= len(low) || !tokenByte(low[end], "") {
			return at
		}
		from = at + 1
	}
}

// settingSecret reports whether line is a setting of a key that names a
// secret to a literal: key=value, key: value, key => value, an INI's
// host key=value, a key in brackets (env[DB_PASSWORD] = x,
// os.environ["API_KEY"] = "x"), or, with no separator, the key and the
// value as the line's first two words (requirepass x, password x).
func settingSecret(line []byte) bool {
	if f := bytes.Fields(line); len(f) >= 2 && secretKey(string(f[0])) && literalValue(bytes.Trim(f[1], "\"'")) {
		return true
	}
	i := bytes.IndexAny(line, "=:")
	if i <= 0 {
		return false
	}
	key := bytes.Fields(line[:i]) // an INI's host key=value too
	if len(key) == 0 {
		return false
	}
	k := bytes.Trim(key[len(key)-1], "\"'")
	if open := bytes.LastIndexByte(k, '['); open >= 0 && bytes.HasSuffix(k, []byte("]")) {
		k = bytes.Trim(k[open+1:len(k)-1], "\"'")
	}
	if !secretKey(string(k)) {
		return false
	}
	v := bytes.TrimLeft(line[i+1:], " \t=>")
	v = bytes.TrimRight(v, " \t,;")
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') {
		if end := bytes.IndexByte(v[1:], v[0]); end >= 0 {
			v = v[1 : 1+end] // "x" }, as a block's setting ends
		}
	}
	return literalValue(v)
}

// cdata is the text t without the CDATA section around it.
func cdata(t []byte) []byte {
	if c, ok := bytes.CutPrefix(t, []byte("<![CDATA[")); ok {
		return bytes.TrimSuffix(c, []byte("]]>"))
	}
	return t
}

// xmlSecret reports whether line holds an XML element whose name names a
// secret with a literal as its text (<deploy.password>x</deploy.password>
// in a POM or settings.xml; design.md 440).
func xmlSecret(line []byte) bool {
	for rest := line; ; {
		i := bytes.IndexByte(rest, '<')
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
		j := bytes.IndexByte(rest, '>')
		if j <= 0 {
			return false
		}
		name, text := rest[:j], rest[j+1:]
		if end := bytes.Index(text, []byte("</")); end >= 0 && secretKey(string(name)) && literalValue(cdata(text[:end])) {
			return true
		}
		rest = text
	}
}

// secretHints are what a line that configSecret may take holds, in lower
// case, at the end of a key (every key secretKey takes ends in one): the
// lines without one are not looked at further.
var secretHints = [...]string{"pass", "pw", "pwd", "passwd", "password", "phrase", "secret", "token", "tokens", "key", "auth", "psk", "pat",
	"bearer ", "basic "}

// secretKeys are the last parts of settings keys that name a secret.
var secretKeys = []string{"password", "passwd", "secret", "token", "apikey", "secretkey", "clientsecret", "accesstoken", "authtoken", "privatekey", "secretaccesskey", "accesskey", "requirepass", "rootpw", "authpass", "passphrase"}

// secretParts are short last parts of settings keys that name a secret
// where a separator comes before them, or alone (smtp_pass, GITHUB_PAT,
// NEXUS_AUTH, access-tokens, db.pw; design.md 440).
var secretParts = []string{"pass", "pw", "pwd", "psk", "pat", "auth", "tokens"}

// secretKey reports whether k, one settings key (no blank, no bracket),
// names a secret by its last part (spring.datasource.password,
// API_TOKEN, db-password, apiKey, secret_key_base is no such key).
func secretKey(k string) bool {
	if k == "" || strings.ContainsAny(k, " \t()[]{}<>$,;`\"'") {
		return false
	}
	if i := strings.LastIndexByte(k, '.'); i >= 0 {
		k = k[i+1:]
	}
	k = strings.ToLower(k)
	if i := strings.LastIndexAny(k, "_-"); slices.Contains(secretParts, k[i+1:]) {
		return true
	}
	flat := k
	if strings.ContainsAny(k, "_-") {
		b := make([]byte, 0, len(k))
		for i := 0; i < len(k); i++ {
			if k[i] != '_' && k[i] != '-' {
				b = append(b, k[i])
			}
		}
		flat = string(b)
	}
	for _, s := range secretKeys {
		if flat == s || strings.HasSuffix(flat, s) && len(s) >= 5 {
			return true
		}
	}
	return false
}

// connectionPassword reports whether line holds a connection string's
// password (Password=...; Pwd=...;) that is a literal; low is line in
// ASCII lower case.
func connectionPassword(line, low []byte) bool {
	for _, k := range []string{"password=", "pwd=", "accountkey=", "sharedaccesskey="} {
		for off := 0; ; {
			i := bytes.Index(low[off:], []byte(k))
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(k)
			if at > 0 && strings.IndexByte(";\"' ", line[at-1]) < 0 {
				continue
			}
			v := line[off:]
			if len(v) > 0 && v[0] == '"' && len(line) > 0 && line[0] == '<' {
				v = v[1:] // an XML attribute's value (password="x")
			}
			if end := bytes.IndexAny(v, ";\"' "); end >= 0 {
				v = v[:end]
			}
			if literalValue(v) {
				return true
			}
		}
	}
	return false
}

// bearer reports whether line holds an Authorization header's
// credentials, Bearer or Basic, that are a literal.
func bearer(line []byte) bool {
	for _, k := range []string{"Bearer ", "Basic "} {
		if i := bytes.Index(line, []byte(k)); i >= 0 && literalValue(firstWord(line[i+len(k):])) {
			return true
		}
	}
	return false
}

// quotedPair reports whether line holds a JSON pair "key": "value" whose
// key names a secret and whose value is a literal, wherever it is on the
// line ({"db": {"password": "..."}}).
func quotedPair(line []byte) bool {
	return quotedPairBy(line, '"') || quotedPairBy(line, '\'')
}

// quotedPairBy is quotedPair with the quote q: Python's and Django's
// dicts quote with ' ('PASSWORD': 'x'; round 46).
func quotedPairBy(line []byte, q byte) bool {
	for rest := line; ; {
		i := bytes.IndexByte(rest, q)
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
		j := bytes.IndexByte(rest, q)
		if j < 0 {
			return false
		}
		key, after := rest[:j], bytes.TrimLeft(rest[j+1:], " \t")
		if v, ok := bytes.CutPrefix(after, []byte(":")); ok && secretKey(string(key)) {
			if v = bytes.TrimLeft(v, " \t"); len(v) > 0 && v[0] == q {
				if end := bytes.IndexByte(v[1:], q); end >= 0 && literalValue(v[1:1+end]) {
					return true
				}
			}
		}
		rest = rest[j+1:]
	}
}

// GNU grep prints no line of a binary file, only that it matches: a file
// with a NUL in the first buffer it reads (32 KiB or the whole file, more
// than binaryBytes), unless -a, --binary-files or -z (--null-data) says to
// read it as text (-U too, which this guard does not tell apart). So a
// git directory's objects and packs, compressed with NULs in their
// heads, show grep -r none of the files they hold (design.md 431).

// binaryQuiet reports whether c is GNU grep reading binary files so.
func binaryQuiet(c *SimpleCommand) bool {
	if c == nil || c.Knows != "" || !slices.Contains([]string{"grep", "egrep", "fgrep"}, c.Program.Text) {
		return false
	}
	return !slices.ContainsFunc(c.Flags, func(f Word) bool {
		return slices.Contains([]string{"-a", "--text", "--binary-files", "-z", "--null-data", "-U", "--binary"}, f.Text)
	})
}

// binaryBytes is how much of a file binaryFile looks at: less than the
// first buffer GNU grep reads.
const binaryBytes = 8 << 10

// binaryFile reports whether the file p holds a NUL in its first
// binaryBytes.
func (e *evaluator) binaryFile(p string) bool {
	if e.env.FS == nil {
		return false
	}
	b, err := e.env.FS.ReadFile(p, binaryBytes)
	return err == nil && bytes.IndexByte(b, 0) >= 0
}
