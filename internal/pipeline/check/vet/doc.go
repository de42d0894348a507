// Package vet reports policy rules that can never fire, are hidden by
// earlier rules, can be removed, or let a milder earlier rule bypass them,
// each with a concrete call that shows it.
//
// # The model
//
// The runtime decides each unit of a call on its own, by first match, and
// gives the call the most severe decision of its units (design.md 15).
// A unit is a simple command of a Bash call's command line, or the call
// itself when it has none. vet therefore reasons about units: a rule is a
// box, the product of one set of values per dimension of a unit:
//
//	event              hook_event_name (rules without event: the permission events)
//	tool               tool_name
//	input.<path>       each tool_input field a rule names: absent, a string,
//	                   a number, a boolean or another value
//	command.name       the program, run by name or by a path (a dynamic
//	                   program takes a floor before any rule)
//	command.args, .flags, .words, .wrappers, .assigns, .producers
//	                   lists of words
//	command.line       the program and its words joined by spaces
//	path               the paths the unit touches, each read, written or both
//	when.agent, when.agentType, when.permissionMode, when.env.<name>,
//	when.exists        the context, each an independent dimension
//
// Each set is a regular language, decided exactly with the automata of
// package automata over Go's own regexp/syntax and the runtime's glob
// translation. Values are encoded as strings with marker symbols: a word is
// static, a glob the shell expands, or dynamic; a field is absent, a
// string, a number, a boolean or another value; lists separate their
// elements with a separator symbol. List conditions (any, all, none,
// prefix) are lifted from element languages to list languages exactly, so
// "some argument is -r and no argument is -r" is the empty set.
//
// Pessimism (design.md 16) is modelled as the runtime evaluates it: a
// matcher gives yes, maybe or no on an uncertain word; a deny, ask or pass
// rule holds where every condition is at least maybe, an allow rule where
// every condition is yes. vet computes both sets for each matcher, so a
// rule's box is exact for dynamic words and globs too. The same holds for
// the program: one run by a path outside the system's program directories,
// or with PATH assigned, is uncertain, and a name with capitals has its
// lower case as a second value (LS is ls on a case-insensitive file
// system), which vet models with the preimage of the matcher's language
// under lower-casing.
//
// So an allow never decides ./git, GIT or git $X, and a deny after it is
// reached by them. vet reports such a rule, which decides only calls with
// uncertain values while an earlier rule decides every call with certain
// values it matches, as possibly shadowed (or redundant): design.md 27.
//
// vet analyses the calls of the test context (design.md 14): working
// directory and project root /project, HOME /home/user, so that a glob
// "./src/**" is /project/src/** and "~/.ssh/**" is /home/user/.ssh/**, and
// static paths are clean absolute paths; the context's other values
// (environment variables, files, agent identity) are dimensions of their
// own. Its claims are about calls made from /project: a policy that mixes
// globs anchored at the project root with absolute ones may relate them
// differently elsewhere.
//
// # What is exact and what is not
//
// Within one dimension everything is exact. Across dimensions vet treats
// the values as independent, which over-approximates the units that exist:
// a simple command's arguments, flags, words and line are computed from
// one another, its paths from its operands and redirections, a file
// tool's paths from its input fields, and a raw input.command regexp from
// the whole command line. Over-approximation keeps the universal claims
// sound (a rule found dead, shadowed or redundant is so for every real
// unit), but an existential claim (a rule reaches a call, two rules
// overlap) may be spurious. So every witness is turned into a concrete
// call, as a hook payload, and replayed through runtime.Explain with the
// test context before it is printed; a finding whose witness does not
// replay as claimed is reported as possibly. A witness that needs an
// uncertain word ($X, a glob, an xargs argument), an environment variable,
// a file or an agent identity makes an existential finding possibly too
// (design.md 27).
//
// An allow rule decides a program hookc has no knowledge of only with
// words inside the project (design.md 403): in that program's cell the
// rule's box holds only such units (inproject.go, design.md 404). The
// runtime's effects (a secret read, a write outside the project) and its
// other reasons for not knowing a command are not modelled: an allow's
// box holds those units too.
//
// Operations that exceed their budgets (states per automaton, boxes per
// rule, total time) leave the rules they concern not analysed, and vet
// says so: it is never silently clean.
//
// # Cells
//
// The command space is split by program name (with its variants in other
// cases) and the tool space by tool name: one cell per name some rule gives
// literally or a tool has path fields for, and one for every other name.
// Rules are compared only within a cell, so the work grows with the size of
// the cells, not of the policy; cells are analysed in parallel. Within a
// cell vet also knows more: the line starts with the cell's program, the
// options are those its command knowledge lets the runtime record, and a
// tool's paths are those of its path fields.
package vet

const deadDoc = `dead: report rules that can never match

A rule is dead when no unit satisfies its conditions together, when a
command condition meets a tool condition that excludes Bash, when it asks
for paths the tools it names never have, or when it names a tool or input
field that is a near miss of a known one:

	{name: "x", command: {args: {any: "-r", none: "-r"}}, decision: "deny"}
	{name: "y", tool: "Raed", decision: "allow"}   // did you mean "Read"?`

const shadowedDoc = `shadowed: report rules hidden by earlier rules

A rule is shadowed when every unit it matches is decided first by an
earlier rule, or by several earlier rules together, with a different
decision (design.md 24):

	{name: "git", command: {name: "git"}, decision: "ask", reason: "git"}
	{name: "push", command: {name: "git", args: {prefix: ["push"]}}, decision: "deny"}

When the earlier rule is an allow, it does not decide calls with uncertain
values (./git push, git $X): the later rule is possibly shadowed.`

const redundantDoc = `redundant: report rules that can be removed without changing a decision

Upward: every unit it matches is decided earlier the same way (decision,
reason, message and context all equal). Downward: the later rules and the
default would decide every unit it decides the same way; a rule with its
own reason is never redundant with the default.

	{name: "a", command: {name: "ls"}, decision: "allow"}
	{name: "b", command: {name: "ls", flags: ["-l"]}, decision: "allow"}`

const conflictDoc = `conflict: report partial overlaps where an earlier, milder rule wins

Two rules overlap, neither contains the other, and the earlier gives a less
severe decision: the later rule's deny or ask is bypassed for the calls in
the overlap. When one contains the other (an exception before a broader
rule) nothing is reported (design.md 25).

	{name: "ls", input: {command: {re: "^ls"}}, decision: "allow"}
	{name: "rm", command: {name: "rm"}, decision: "deny"}   // ls && rm -rf /`

const invalidDoc = `invalid: report patterns that match every value by mistake

A regular expression with an empty alternative at its top level, such as
"rm|" or "(|rm)", matches every value. Patterns that do not compile and
empty alternatives in lists are reported by the loader with the same
check name. invalid findings stop hookc build.

	{name: "x", command: {name: {re: "rm|"}}, decision: "deny"}`

const unknownToolDoc = `unknown-tool: report tool names that are neither built-in nor MCP tools

Known names include current and legacy tools (Task and Agent, MultiEdit,
LS, NotebookRead, TodoRead, BashOutput, KillShell, ...) and MCP tools,
mcp__<server>__<tool> with both parts non-empty: a name with a single
"__" after mcp__ (mcp__github_create_issue) is no tool's. A name close
to a known one is reported as dead with a suggestion instead.

	{name: "x", tool: "Deploy", decision: "deny"}
	{name: "y", tool: "mcp__github_create_issue", decision: "deny"}`

const unknownFieldDoc = `unknown-field: report input fields the named tools do not have

When a rule names only tools whose input fields are known, every input
condition must name one of their fields; a near miss that the rule needs
present makes it dead.

	{name: "x", tool: "Read", input: {path: {re: "^/etc"}}, decision: "deny"}   // file_path`

const broadAllowDoc = `broad-allow: report allows that reach unknown tools or every command

An allow that decides calls of tools no rule names, or commands no rule
names, silences Claude Code's own permission prompts for them; so do a
default, onError or floor of allow. Accept it with a written reason where
it is meant (design.md 12):

	{name: "bot", tool: {not: "Bash"}, decision: "allow",
	 vet: accept: {"broad-allow": "CI bot: every tool but Bash is fine"}}`

const staleAcceptDoc = `stale-accept: report vet: accept entries that accept no finding

An accept whose finding vet no longer makes keeps a reason that is no
longer true: the rule changed, or the rules around it did. Remove it.

	{name: "ls", command: {name: "ls"}, decision: "allow",
	 vet: accept: {"shadowed": "kept for later"}}   // nothing shadows it`
