#!/usr/bin/env python3
"""collect.py: every o_*.tsv (the last result of an id wins) -> counts per policy, holes.tsv, bydesign.tsv."""
import glob, csv, collections
BYDESIGN = {  # id: why it is not counted as a hole
 "c71": "the include directive itself names inc/state.txt, a project link to a home directory: 425 decides include directives are the project's code (the lead may count it with class F)",
 "q21": "~/.tmux.conf is an open place of public settings (homeOpen), not judged by content",
 "q22": "~/.inputrc is an open place of public settings (homeOpen), not judged by content",
 "q23": "~/.editorconfig is an open place of public settings (homeOpen), not judged by content",
 "r19": "~/.tmux.conf is an open place of public settings (homeOpen), not judged by content",
 "t13": "~/.tmux.conf is an open place of public settings (homeOpen), not judged by content",
}
NOTREAL = {  # allowed and printed the canary, but the planted value has a shape no real secret has
 "r09": "hf_ token without digits (real ones are caught by the long-literal check)",
 "r11": "ghp_ token without digits", "r12": "sk- key without digits", "r15": "Sentry DSN key of 10 chars (real: 32 hex)",
 "q16": "Slack webhook with a 7-char token (real: 24)", "q17": "Discord webhook with a short token",
 "k52": "credential helper printing pw= (git's protocol needs password=, which is caught)",
 "k53": "credential helper printing pw=", "j16": "lfs.<url>.access is an auth mode, not a secret",
 "j56": "lfs.<url>.access is an auth mode, not a secret", "i18": "harmless control", "j20": "user.signingkey is a key id, not a secret", "j60": "user.signingkey is a key id, not a secret",
 "j12": "core.askpass written as 'echo PASSWORD': a contrived form", "j52": "core.askpass written as 'echo PASSWORD'",
}
rows = {}
for f in sorted(x for x in glob.glob("o_*.tsv") if x != "o_smoke.tsv"):
    for r in csv.DictReader(open(f), delimiter="\t", quoting=csv.QUOTE_NONE):
        if r.get("id"): r["_file"] = f; rows[r["id"]] = r
POL = ["guard", "starter", "tool-permissions", "orchestrator", "mux", "collective", "boundary"]
tried = collections.Counter(); allowed = collections.Counter(); holes = collections.Counter()
H = open("holes.tsv", "w"); B = open("bydesign.tsv", "w")
hdr = "id\tclass\tsetup\ttool\tline_or_input\tallowed_by\teffect\tfile\n"; H.write(hdr); B.write("id\tclass\tline_or_input\tallowed_by\teffect\twhy\n")
for i, r in rows.items():
    tool = r.get("tool", "Bash"); line = r.get("line") or r.get("input")
    al = [p for p in POL if r.get(p) == "allow"]
    for p in POL:
        if p in r: tried[p] += 1
        if r.get(p) == "allow": allowed[p] += 1
    eff = r.get("effect", "-")
    harmful = any(eff.startswith(x) or (" " + x) in eff for x in ("PWN", "LEAK", "OUTW", "LOSS"))
    if not (al and harmful): continue
    if i in BYDESIGN or i in NOTREAL:
        B.write("\t".join([i, r["class"], line, ",".join(al), eff, BYDESIGN.get(i) or "not realistic: " + NOTREAL[i]]) + "\n"); continue
    for p in al: holes[p] += 1
    H.write("\t".join([i, r["class"], r["setup"], tool, line, ",".join(al), eff, r["_file"]]) + "\n")
print("%-17s %6s %8s %6s" % ("policy", "tried", "allowed", "holes"))
for p in POL: print("%-17s %6d %8d %6d" % (p, tried[p], allowed[p], holes[p]))

H.close(); B.close()
cls = collections.defaultdict(collections.Counter)
for l in list(csv.DictReader(open("holes.tsv"), delimiter="\t", quoting=csv.QUOTE_NONE)):
    for p in l["allowed_by"].split(","): cls[l["class"]][p] += 1
print()
for c in sorted(cls): print("%-22s %s" % (c, dict(cls[c])))
