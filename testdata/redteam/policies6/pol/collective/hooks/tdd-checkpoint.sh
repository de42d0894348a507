#!/bin/sh
# The TDD checkpoint of seed 003's test-driven-handoff.sh, a command hook
# of the policy's own (policy.cue, commandHooks): when an agent stops and
# signals COLLECTIVE_HANDOFF_READY, check the dependencies, run the tests
# and the build; if either fails, block the stop so that the agent fixes
# it ("Block + Retry Agent"). Once the agent has been sent back
# (stop_hook_active), it is not blocked again.
input=$(cat)
case $input in
*COLLECTIVE_HANDOFF_READY*) ;;
*) exit 0 ;;
esac
if printf '%s' "$input" | grep -Eq '"stop_hook_active"[[:space:]]*:[[:space:]]*true'; then
	exit 0
fi
cd "${CLAUDE_PROJECT_DIR:-.}" || exit 0
[ -f package.json ] || exit 0
block() {
	# The last lines of the output, as one JSON string.
	reason=$(printf '%s\n' "$2" | tail -n 20 | tr -d '\000-\011\013-\037' | sed 's/\\/\\\\/g; s/"/\\"/g' | awk '{printf "%s\\n", $0}')
	printf '{"decision": "block", "reason": "TDD checkpoint: %s failed; fix it before the hand-off.\\n%s"}\n' "$1" "$reason"
	exit 0
}
[ -d node_modules ] || out=$(npm install --no-audit --no-fund 2>&1) || block "npm install" "$out"
out=$(npm test 2>&1) || block "npm test" "$out"
out=$(npm run build --if-present 2>&1) || block "npm run build" "$out"
exit 0
