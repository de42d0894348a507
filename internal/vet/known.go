package vet

import (
	"slices"
	"strings"

	"hookc.dev/hookc/internal/diag"
)

// knownTools are Claude Code's built-in tools, current and legacy
// (design.md 26, HOOKS_PROTOCOL.md 3.1), with the tool_input fields
// where they are known. A nil field list means the fields are not known.
var knownTools = map[string][]string{
	// Current tools.
	"Agent":                {"description", "prompt", "subagent_type", "model", "run_in_background", "name", "isolation", "team_name", "mode"},
	"Artifact":             nil,
	"AskUserQuestion":      {"questions", "answers", "annotations", "metadata"},
	"Bash":                 {"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"},
	"CronCreate":           nil,
	"CronDelete":           nil,
	"CronList":             nil,
	"Edit":                 {"file_path", "old_string", "new_string", "replace_all"},
	"EndConversation":      nil,
	"EnterPlanMode":        nil,
	"EnterWorktree":        nil,
	"ExitPlanMode":         {"plan", "planFilePath", "allowedPrompts"},
	"ExitWorktree":         nil,
	"Glob":                 {"pattern", "path"},
	"Grep":                 {"pattern", "path", "glob", "type", "output_mode", "-i", "-n", "-o", "-A", "-B", "-C", "context", "head_limit", "offset", "multiline"},
	"ListAgents":           nil,
	"LSP":                  nil,
	"Monitor":              {"command", "ws", "description", "timeout_ms", "persistent"},
	"NotebookEdit":         {"notebook_path", "cell_id", "new_source", "cell_type", "edit_mode"},
	"PowerShell":           {"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"},
	"PushNotification":     nil,
	"Read":                 {"file_path", "offset", "limit", "pages"},
	"ReadMcpResourceTool":  nil,
	"RemoteTrigger":        nil,
	"ReportFindings":       nil,
	"ScheduleWakeup":       nil,
	"SendMessage":          nil,
	"SendUserFile":         nil,
	"ShareOnboardingGuide": nil,
	"Skill":                {"skill", "args"},
	"TaskCreate":           nil,
	"TaskGet":              nil,
	"TaskList":             nil,
	"TaskOutput":           nil,
	"TaskStop":             nil,
	"TaskUpdate":           nil,
	"TodoWrite":            {"todos"},
	"ToolSearch":           nil,
	"WaitForMcpServers":    nil,
	"WebFetch":             {"url", "prompt"},
	"WebSearch":            {"query", "allowed_domains", "blocked_domains"},
	"Workflow":             nil,
	"Write":                {"file_path", "content"},
	// Conditional and internal tools.
	"ListMcpResources":   nil,
	"ReadMcpResourceDir": nil,
	"RefreshMcpTools":    nil,
	"REPL":               nil,
	"Projects":           nil,
	// Legacy tools.
	"Task":         {"description", "prompt", "subagent_type", "model", "run_in_background", "name", "isolation", "team_name", "mode"},
	"MultiEdit":    {"file_path", "edits"},
	"LS":           {"path", "ignore"},
	"NotebookRead": {"notebook_path", "cell_id"},
	"TodoRead":     nil,
	"BashOutput":   {"bash_id", "filter"},
	"KillShell":    {"shell_id"},
	"KillBash":     {"shell_id"},
}

// mcpPrefix starts the names of MCP tools.
const mcpPrefix = "mcp__"

// isKnownTool reports whether name is a built-in tool or an MCP tool.
func isKnownTool(name string) bool {
	_, ok := knownTools[name]
	return ok || strings.HasPrefix(name, mcpPrefix)
}

// knownToolPatterns returns a pattern for each known tool name, so that
// the tool dimension's alphabet can spell them.
func knownToolPatterns() []string {
	var out []string
	for name := range knownTools {
		out = append(out, lit(name))
	}
	slices.Sort(out)
	return out
}

// knownToolNames returns the known tool names, sorted.
func knownToolNames() []string {
	var out []string
	for name := range knownTools {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// nearMiss returns the known name closest to name if it is close enough to
// be a typo (diag.Suggest).
func nearMiss(name string, known []string) (string, bool) { return diag.Suggest(name, known) }
