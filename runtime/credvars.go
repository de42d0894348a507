package runtime

import "strings"

// credentialVars are the variables that tell a tool where its credentials
// are, wherever the user keeps them (round 30b; design.md 421): a file
// they name, or every file below a directory they name, is a secret,
// whatever its name. KUBECONFIG is a list of files, as PATH is.
var credentialVars = []struct {
	name string
	dir  bool
}{
	{"GOOGLE_APPLICATION_CREDENTIALS", false},
	{"AWS_SHARED_CREDENTIALS_FILE", false},
	{"AWS_WEB_IDENTITY_TOKEN_FILE", false},
	{"KUBECONFIG", false},
	{"NETRC", false},
	{"PGPASSFILE", false},
	{"MYSQL_TEST_LOGIN_FILE", false},
	{"TF_CLI_CONFIG_FILE", false},
	{"NPM_CONFIG_USERCONFIG", false},
	{"npm_config_userconfig", false},
	{"BOTO_CONFIG", false},
	{"RCLONE_CONFIG", false},
	{"DATABRICKS_CONFIG_FILE", false},
	{"VAULT_CONFIG_PATH", false},
	{"CLOUDSDK_CONFIG", true},
	{"DOCKER_CONFIG", true},
	{"AZURE_CONFIG_DIR", true},
	{"GH_CONFIG_DIR", true},
	{"GNUPGHOME", true},
	{"PASSWORD_STORE_DIR", true},
}

// envCredential reports whether a reads a file a variable of
// credentialVars names, in one of its spellings or through its link.
func (e *evaluator) envCredential(a access) bool {
	if e.env.Getenv == nil {
		return false
	}
	paths := append([]string{a.w.Text, a.target}, a.alts...)
	for _, v := range credentialVars {
		val := e.env.get(v.name)
		if val == "" {
			continue
		}
		for _, f := range strings.Split(val, ":") {
			if f == "" {
				continue
			}
			if !strings.HasPrefix(f, "/") {
				f = joinPath(e.root, f)
			}
			f = cleanPath(f)
			for _, p := range paths {
				if p != "" && (p == f || v.dir && strings.HasPrefix(p, strings.TrimSuffix(f, "/")+"/")) {
					return true
				}
			}
		}
	}
	return false
}
