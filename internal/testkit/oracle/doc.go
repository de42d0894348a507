// Package oracle is hookc's exec-trace oracle: it checks a policy against
// what real bash does with the command lines the policy allows
// (docs/oracle.md; issue 11 item 3).
//
// # The root
//
// Lines run in throw-away roots (package jail): new user, mount, PID,
// network, UTS and IPC namespaces with a tmpfs root and the host's file
// system detached, so nothing outside the root can be executed, read or
// changed, and there is no network. The program directories (/usr/local/bin,
// /usr/bin, /bin and the sbin ones) hold one logging stub under every name
// of the host's program directories, of the policy's command knowledge and
// of the suites, and are read-only. bash is Debian's static bash, itself
// reached through the stub, so that bash -c and sh -c show up. The programs
// of DefaultReal that the host has are run for real after the stub has
// logged them, inside the root: the read-only tools the reference guard
// allows, the wrappers and the programs whose options name files, so that
// what they read or write (sort --out, git diff of a path outside the work
// tree, wc --files0-from) is seen too.
//
// HOME is /home/user and every line runs in /home/user/project, a git
// repository with .claude/settings.json, .claude/settings.local.json, a hook
// binary (.claude/hooks/guard-hook) and a policy directory (policy/), and
// symbolic links into the home directory. Every file of SecretFiles holds a
// random canary token on each of its lines; so does the worker's own
// environment, /proc/1/environ. After each line the root is put back as it
// was; only what changed is restored.
//
// # The check
//
// For a line the policy allows (decided in-process with runtime.Decide,
// HOME /home/user, cwd /home/user/project, CLAUDE_PROJECT_DIR unset), the
// oracle runs bash --norc --noprofile -O expand_aliases -c LINE, as Claude
// Code's Bash tool does, with a 2 s timeout and 64 KiB of output kept, and
// reports a finding if
//
//   - exec: a program bash (or a real program) executed, turned back into a
//     line (ExecLine: its variables that differ from bash's environment as
//     NAME=value prefixes, then each word quoted; for a program a real
//     program ran, only those that came down from the line, since what git
//     or xargs set for their children is their own doing; a program named
//     like a builtin by its path), is not allowed by the same
//     policy, decided in the directory it ran in with the project root kept
//     at /home/user/project; xargs itself is not judged so, since its
//     words depend on an input its line does not show: what it runs is
//     (design.md 432);
//   - leak: a canary token appears in the output, in the arguments or
//     environment of an executed program, or in a file the line changed;
//   - write: a file changed outside the project, in .claude/ or policy/, or
//     anywhere in the project (the policy saw no write); a write was refused
//     by a read-only program directory; the host name changed.
//
// Lines the policy does not allow are not run.
//
// # The generator
//
// Generator makes lines that combine the constructs of issue 11's classes,
// seeded and deterministic. Each line is a construct around a payload, then
// up to two layers of nesting, wrapping or quoting:
//
//   - payloads (each one the guard does not allow on its own): touch of a
//     marker outside the project, rm -rf ~, a read of ~/.ssh/id_rsa through
//     cat, curl | sh, a bash-level write (: > FILE), a
//     write of .claude/settings.json, sh -c, git reset --hard, a bash-level
//     read of a secret (echo $(<FILE)), python3 -c; as $( ) or backticks;
//   - arith (class 1): $(( )), $[ ], (( )), let, for (( )) init and
//     condition, ${x:offset}, ${x:offset:length}, ${@:n}, ${a[i]},
//     ${#a[i]}, declare/typeset/local -i, [[ -eq/-lt/-ne ]], test and [
//     -eq, printf %d, nested and defaulted arithmetic, case, a[i]=, a=([i]=),
//     shift, read -t, ulimit, return, break, history, wait, kill -l, caller;
//     each with the substitution single-quoted, as a single-quoted or
//     double-quoted subscript, in $'...', escaped, or plain;
//   - dqparam (class 2): single quotes inside "${x:-...}" and every other
//     operator (- = + ? # ## % %% / // /# /% ^ ^^ , ,,), in echo, printf,
//     test, [[ ]], ls, cat, here-documents;
//   - builtin (class 3): printf -v, test -v, [ -v ], [[ -v ]], read, read -a,
//     declare, typeset, local, export, readonly, unset, getopts, mapfile,
//     readarray, wait -p, namerefs, all with subscripted names; text set by
//     printf -v, for, a function argument or set -- and then evaluated by
//     $(( )), (( )), ${a[x]}, ${x:n}, [[ -eq ]], ${!x}, ${x@P} or test -v;
//     mapfile/readarray -C, compgen -W/-C, complete -C, trap (EXIT, DEBUG,
//     ERR, RETURN), PS4 with set -x, source and . of /dev/stdin and of <( ),
//     aliases (expand_aliases is on, as in Claude Code), command_not_found_handle,
//     BASH_ENV, hash -p, enable -n, eval, fc, coproc, select, {var}>
//     redirections, printf %q, echo -e, TIMEFORMAT, exec -a, command -p,
//     $"...", # inside a word, brace expansion;
//   - secret (class 7 and the credential stores the issue does not list):
//     every file of SecretFiles and /proc/1/environ, /proc/1/task/1/environ,
//     through every reader (cat head tail less more nl tac cut sort uniq grep
//     diff jq sed awk od base64 strings xxd git, and every program the
//     command knowledge says reads its operands) and through bash itself
//     ($(<f), read, mapfile, while read, source, ., history -r, < f, exec
//     3< f, here-documents, cd or pushd and then a relative name), in every
//     spelling (absolute, quoted, ~, $HOME,
//     ${HOME}, "$HOME", relative, ../, //, /./, backslashes, split quotes,
//     through a symbolic link, ~+, globs, braces);
//   - abbrev, option-file, files0 (classes 4 and 6): sort --out/--outp/-o,
//     --compress-prog, --files0(-from); wc and du --files0(-from), --fil;
//     date -f, --file, --fil; grep --recur, --dir=recurse, -d recurse, -f,
//     --fil, -r of .. and ~; diff --recur, -r, -N, -rN, --new-f,
//     --from-file, --from; find -files0-from, -fprint; tar -T,
//     --files-from; xargs -a, --arg; file -f, --files-from, -m; uniq IN
//     OUT; tee; less -k, -o, --log-file, --log; cmp -b, -l; hostname -F,
//     --fi, NAME; date -s, --se; rg in a secret directory; ls -R;
//   - git (class 5): diff of paths outside the work tree (both orders, with
//     --, --stat, directories, from ~ and with -C ..), --no-index and
//     --no-ind, --output and its abbreviations for log, show and diff, -C,
//     --git-dir, --work-tree,
//     --exec-path, -c core.pager/alias/core.fsmonitor, --config-env, -p,
//     --paginate, --ext-d, --textc, log -c, show HEAD:.env, log -L,
//     GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF, GIT_PAGER;
//   - write (class 8 and writes outside the project): every redirection
//     (> >> >| <> 1<> &> &>> 2> >& exec N> exec >, no command, :) on echo,
//     printf, pwd, true, test, groups, subshells, loops, if, functions,
//     process substitution, to .claude/settings.json,
//     .claude/settings.local.json, ~/.claude/settings.json, the hook binary,
//     the policy, ~/.bashrc, /etc/passwd, authorized_keys, .git/hooks,
//     .git/config and markers outside the project;
//   - plain: everyday read-only lines, which must stay harmless;
//   - awk, sed, jq, find (issue 29 item 2; gen_programs.go and one file per
//     program): a fifth of the lines, drawn on a random stream of their
//     own, are invocations of a program the guard parses to reach an
//     allow, built from the program's own grammar (its manual), not from
//     the guard's vocabulary: awk, gawk and mawk programs with every
//     statement, redirection, getline form, special variable and file,
//     gawk's directives and extensions, names computed at run time and
//     every option and variable they read; sed scripts with every command,
//     address, flag, escape and option; jq filters with every construct,
//     the built-ins that reach the environment, inputs and modules, and
//     every option; find lines with every option, test, action and
//     operator. A line places up to two constructs that reach outside the
//     program among harmless ones; its tags name every construct used, and
//     the test logs the lines, runs and findings of each class and
//     construct. The program text is a single-quoted word, or
//     double-quoted, ANSI-C quoted with escapes, split or backslashed;
//   - nesting: bash -c and sh -c (single and double quotes), eval (both),
//     subshells, groups, $( ) and "$( )", backticks, <( ), pipes, && ||,
//     if, for, while, case, functions, here-documents and here-strings fed to
//     a shell, time, redirections, background jobs, !, sequences;
//   - wrappers: every exec and xargs wrapper of the command knowledge;
//   - quoting of the program name: ” inside, "", \ before and inside,
//     $'...', /usr/bin/ and /bin/ paths, command and builtin.
package oracle
