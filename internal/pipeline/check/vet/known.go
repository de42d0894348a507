package vet

import (
	"slices"
	"strings"

	"hookc.dev/hookc/internal/diag"
)

// knownTools are Claude Code's built-in tools, current and legacy
// (design.md 26, docs/protocol.md), with the tool_input fields
// where they are known. A nil field list means the fields are not known.
// Every tool the pinned client offers is here, with the fields of its
// schema (internal/testkit/e2e/testdata/surface.txt, docs/protocol.md).
var knownTools = map[string][]string{
	// Current tools.
	"Agent":                {"description", "prompt", "subagent_type", "model", "effort", "run_in_background", "name", "isolation", "team_name", "mode"},
	"Artifact":             nil,
	"AskUserQuestion":      {"questions", "answers", "annotations", "metadata"},
	"Bash":                 {"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"},
	"CronCreate":           {"cron", "prompt", "recurring", "durable"},
	"CronDelete":           {"id"},
	"CronList":             {},
	"Edit":                 {"file_path", "old_string", "new_string", "replace_all"},
	"EndConversation":      nil,
	"EnterPlanMode":        nil,
	"EnterWorktree":        {"name", "path"},
	"ExitPlanMode":         {"plan", "planFilePath", "allowedPrompts"},
	"ExitWorktree":         {"action", "discard_changes"},
	"Glob":                 {"pattern", "path"},
	"Grep":                 {"pattern", "path", "glob", "type", "output_mode", "-i", "-n", "-o", "-A", "-B", "-C", "context", "head_limit", "offset", "multiline"},
	"ListAgents":           {"channel", "q", "cursor"},
	"LSP":                  nil,
	"Monitor":              {"command", "ws", "description", "timeout_ms", "persistent"},
	"NotebookEdit":         {"notebook_path", "cell_id", "new_source", "cell_type", "edit_mode"},
	"PowerShell":           {"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"},
	"PushNotification":     nil,
	"Read":                 {"file_path", "offset", "limit", "pages", "allow_large"},
	"ReadMcpResourceTool":  nil,
	"RemoteTrigger":        nil,
	"ReportFindings":       {"level", "findings"},
	"ScheduleWakeup":       {"delaySeconds", "reason", "prompt", "stop", "noop"},
	"SendMessage":          {"to", "summary", "message", "notify_when_idle"},
	"SendUserFile":         nil,
	"ShareOnboardingGuide": nil,
	"Skill":                {"skill", "args"},
	"TaskCreate":           nil,
	"TaskGet":              nil,
	"TaskList":             nil,
	"TaskOutput":           nil,
	"TaskStop":             {"task_id", "shell_id"},
	"TaskUpdate":           nil,
	"TodoWrite":            {"todos"},
	"ToolSearch":           {"query", "max_results"},
	"WaitForMcpServers":    nil,
	"WebFetch":             {"url", "prompt", "offset"},
	"WebSearch":            {"query", "allowed_domains", "blocked_domains"},
	"Workflow":             {"script", "name", "description", "title", "args", "scriptPath", "resumeFromRunId"},
	"Write":                {"file_path", "content"},
	// Conditional and internal tools.
	"ListMcpResources":   nil,
	"ReadMcpResourceDir": nil,
	"RefreshMcpTools":    nil,
	"REPL":               nil,
	"Projects":           nil,
	// Offered to the model by Claude Code 2.1.328 beside the deferred tools
	// (internal/testkit/e2e/testdata/surface.txt).
	"DeferredToolPlaceholder": nil,
	// Legacy tools.
	"Task":         {"description", "prompt", "subagent_type", "model", "effort", "run_in_background", "name", "isolation", "team_name", "mode"},
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
	return ok || isMCPTool(name)
}

// isMCPTool reports whether name can be an MCP tool's: Claude Code names
// one mcp__<server>__<tool>, both parts non-empty; a server name may hold
// single underscores, so a name with one "__" after mcp__, or an empty
// part, is no MCP tool's (design.md 146).
func isMCPTool(name string) bool {
	rest, ok := strings.CutPrefix(name, mcpPrefix)
	if !ok {
		return false
	}
	for i := 1; i+2 < len(rest); i++ {
		if rest[i:i+2] == "__" {
			return true
		}
	}
	return false
}

// mcpPattern is the regular expression of the names isMCPTool accepts.
const mcpPattern = `\Amcp__(?s:.+)__(?s:.+)\z`

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
