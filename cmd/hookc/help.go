package main

// The help of the commands whose files hold only their code; the newer
// commands keep their help beside their code.
func init() {
	docs["build"] = doc{
		short: "compile the policy and link the hook binary (default ./hook)",
		long: `
Build loads the policy in dir, type-checks it against hookc's schema,
compiles it into a Go decision table and links the table with hookc's
runtime into one static hook binary, written to ./hook or to -o's file.

Before linking it vets the policy: an invalid pattern stops the build;
every other finding is printed as a warning, and with -strict stops the
build too. Building needs the Go toolchain (go on PATH or GOROOT set) and
works offline from the module cache. Two builds of one policy with one
toolchain give byte-identical binaries.

Exit status: 0 built, 1 policy errors or build failure, 2 bad usage.
`,
	}
	docs["gen"] = doc{
		short: "write the generated Go decision table only",
		long: `
Gen writes the Go source of the policy's decision table, the file hookc
build links into the hook, to stdout or to -o's file. The source is
deterministic: the same policy gives the same bytes.

Exit status: 0, 1 policy errors, 2 bad usage.
`,
	}
	docs["vet"] = doc{
		short: "report dead, shadowed, redundant and conflicting rules",
		long: `
Vet reports type errors, invalid patterns, and rules that can never fire
(dead), that earlier rules hide (shadowed), that change nothing
(redundant), or whose deny or ask an earlier milder rule bypasses
(conflict); also unknown tools and fields and broad allows. Each finding
is printed at the rule's position, go vet style, with the earlier rules
involved and a witness call that shows it, a payload that can be pasted
into 'hookc explain'.

A finding can be accepted on its rule with a written reason:
vet: accept: {"broad-allow": "why"}. Accepted findings are not printed;
-json lists them with their reason.

Output formats: text on stderr (default); -json, a stable JSON array on
stdout; -format=github, GitHub Actions workflow commands on stdout, which
annotate the policy's lines in a pull request.
`,
	}
	docs["test"] = doc{
		short: "run the policy's tests; coverage; generated scenarios",
		long: `
Test runs the policy's tests (the tests field, in any of its files, those
named *_test.cue included) in-process, through the same evaluator and
table the hook binary embeds, and prints each failure with its position,
what was wanted and got, the payload and the decision's trace.

-cover prints which rules decided something and which decisions, floors,
default and onError the tests produced, and fails when a rule is
uncovered. -format=github prints failures as GitHub Actions annotations.

-scripts outdir writes a testscript scenario (outdir/<policy>.txtar) that
builds the hook and runs it on every test's payload, comparing its answers
with golden files; -run-scripts runs the .txtar scenarios in dir against
hooks built by this hookc (-update rewrites their goldens). Scenarios need
only hookc and the Go toolchain.

Exit status: 0 pass, 1 a failure, an uncovered rule with -cover, or no
tests, 2 bad usage.
`,
	}
	docs["explain"] = doc{
		short: "decide one payload from stdin (or -c 'command') and show why",
		long: `
Explain decides one hook payload, read from stdin or given with -payload,
or a Bash call of -c's command, and prints the decision with its trace:
each simple command found after unwrapping, the rule that decided it with
its position, and the paths it touches.

It evaluates in the test context: project root and cwd /project unless
the payload gives cwd, HOME /home/user, an empty environment plus the -env
variables, and a file system of only the -file, -dir and -symlink paths.
With -real it decides as the built hook does on this machine: the real
file system, HOME and environment (plus the -env variables), and with -c
the current directory as cwd.
hookc vet prints, below a witness that needs an environment or files, the
explain command that replays it.

Exit status: 0, 1 policy errors, 2 bad usage.
`,
	}
}
