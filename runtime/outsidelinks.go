package runtime

// linkedOut says why git, run in the directory abs inside the project by
// its spelling, runs outside it: a symbolic link on the way leads out
// (git -C vendor/keys, cd vendor/keys && git status), where the
// repository and its settings are not the project's (design.md 352).
func (e *evaluator) linkedOut(abs string) string {
	if e.env.FS == nil {
		return ""
	}
	if t := e.leadsOut(abs); t != "" {
		return "git runs in " + abs + ", which a symbolic link leads out of the project to " + t + ", whose repository is not the project's"
	}
	return ""
}
