#!/usr/bin/env python3
"""inv.py W: inventory of LOSS_* markers in world W.
Levels per marker: live (worktree/any file under W, an index, a ref, a stash entry, a remote ref), reflog (only via a reflog),
odb (only as an unreachable object still in the object store), and remote (set of markers reachable from W/remote.git refs)."""
import os, re, subprocess, sys, json
M = re.compile(rb"LOSS_[A-Z0-9_]+")
def git(repo, *a, inp=None):
    r = subprocess.run(["git", "-C", repo] + list(a), capture_output=True, input=inp, env=dict(os.environ, GIT_CONFIG_NOSYSTEM="1", HOME=W + "/home"))
    return r.stdout if r.returncode == 0 else b""
def objs_markers(repo, revargs, stdin_revs=None):
    if stdin_revs is not None:
        if not stdin_revs: return set()
        out = git(repo, "rev-list", "--objects", "--stdin", *revargs, inp=b"\n".join(stdin_revs) + b"\n")
    else:
        out = git(repo, "rev-list", "--objects", *revargs)
    ids = [l.split()[0] for l in out.splitlines() if l.strip()]
    return cat(repo, ids)
def cat(repo, ids):
    if not ids: return set()
    data = git(repo, "cat-file", "--batch", inp=b"\n".join(ids) + b"\n")
    return set(m.decode() for m in M.findall(data))
def gitdirs(W):
    out = []
    for d, dirs, files in os.walk(W):
        if os.path.basename(d) == ".git" and os.path.isdir(d) or d.endswith(".git") and os.path.exists(os.path.join(d, "HEAD")) and os.path.exists(os.path.join(d, "objects")):
            out.append(d)
        if "objects" in dirs and os.path.exists(os.path.join(d, "HEAD")) and d not in out: out.append(d)
    return sorted(set(out))
def inventory(W_):
    global W; W = W_
    files = set()
    for d, dirs, fs in os.walk(W):
        rel = os.path.relpath(d, W)
        if "/.git" in "/" + rel or rel.startswith("remote.git") or os.path.exists(os.path.join(d, "objects")) and os.path.exists(os.path.join(d, "HEAD")):
            dirs[:] = []; continue
        for f in fs:
            p = os.path.join(d, f)
            if os.path.islink(p) or not os.path.isfile(p): continue
            try: files |= set(m.decode() for m in M.findall(open(p, "rb").read()))
            except OSError: pass
    live, refl, odb = set(files), set(), set()
    remote = set()
    for gd in gitdirs(W):
        isremote = gd.startswith(W + "/remote.git")
        lv = objs_markers(gd, ["--all"])
        st = [l.split()[0] for l in git(gd, "log", "-g", "--format=%H", "refs/stash").splitlines()] if not isremote else []
        lv |= objs_markers(gd, [], stdin_revs=st)
        if isremote: remote |= lv; continue
        live |= lv
        refl |= objs_markers(gd, ["--all", "--reflog"]) - lv
        allo = [l.split()[0] for l in git(gd, "cat-file", "--batch-all-objects", "--batch-check=%(objectname)").splitlines()]
        odb |= cat(gd, allo)
    # indexes: every worktree of every repo
    for wt in [W + "/proj", W + "/wt2", W + "/proj/sub"] + [os.path.join(W, x) for x in os.listdir(W)]:
        if os.path.exists(os.path.join(wt, ".git")):
            ids = [l.split()[1] for l in git(wt, "ls-files", "-s").splitlines() if len(l.split()) > 1]
            live |= cat(wt, ids)
    return {"live": sorted(live), "reflog": sorted(refl - live), "odb": sorted(odb - live - refl), "remote": sorted(remote)}
def verdict(b, a):
    strong = [m for m in b["live"] + b["reflog"] if m not in a["live"] and m not in a["reflog"]]
    weak = [m for m in b["live"] if m in a["reflog"]]
    rl = [m for m in b["remote"] if m not in a["remote"]]
    return strong, weak, rl
if __name__ == "__main__":
    print(json.dumps(inventory(sys.argv[1]), indent=1))
