#!/usr/bin/env python3
# class 2: the payload's cwd and project dir (ctx: prefix, see harness.py)
ctxs = {
 "home": "cwd=@H@",
 "home-sshdir": "cwd=@H@/.ssh",
 "home-awsdir": "cwd=@H@/.aws",
 "home-config": "cwd=@H@/.config",
 "linkdir": "cwd=@P@/vendor/keys",
 "linkdotdot": "cwd=@P@/vendor/keys/..",
 "linkdotdot2": "cwd=@P@/vendor/keys/../.config",
 "rel-dot": "cwd=.;hookcwd=@H@",
 "rel-home": "cwd=../home;hookcwd=@P@",
 "rel-proj-hookhome": "cwd=proj;hookcwd=@H@/..;runcwd=@P@",
 "rel-empty-hookhome": "cwd=;hookcwd=@H@;runcwd=@H@",
 "omit-hookhome": "cwd=omit;hookcwd=@H@;runcwd=@H@",
 "noproj-home": "cwd=@H@;proj=unset",
 "noproj-omit": "cwd=omit;proj=unset;hookcwd=@H@;runcwd=@H@",
 "proj-home": "cwd=@H@;proj=@H@",
 "proj-root": "cwd=@H@;proj=/",
 "proj-slash-cwd-root": "cwd=/;proj=/;runcwd=@H@",
 "proj-rel": "cwd=@H@;proj=.",
 "proj-empty": "cwd=@H@;proj=",
 "proj-dotdot": "cwd=@H@;proj=@P@/..",
 "proj-link": "cwd=@P@/vendor/keys;proj=@P@/vendor/keys",
 "proj-sub-cwd-home": "cwd=@H@;proj=@P@/src",
 "cwd-trailing": "cwd=@H@/",
 "cwd-double": "cwd=@H@//.ssh",
 "cwd-proc": "cwd=/proc/self/cwd;hookcwd=@H@;runcwd=@H@",
 "cwd-deleted": "cwd=@P@/gone;runcwd=@H@",
 "cwd-nul": "cwd=@H@/.ssh/./;runcwd=@H@/.ssh",
}
cmds = {
 "home": ["cat .netrc", "cat .aws/credentials", "cat .ssh/id_rsa", "cat .config/gh/hosts.yml", "grep -r CANARY .", "grep -r oauth .config", "rg -uu CANARY", "rg --hidden CANARY", "cat .*", "head -n3 .*/*", "grep -rn password .", "find . -type f", "wc -c .netrc", "tail -n+1 .aws/*", "sort .netrc", "git status", "du -a .", "cat */*", "cat .config/*/*", "less .netrc", "awk 1 .netrc", "sed -n p .netrc", "jq -R . .netrc", "diff .netrc .bashrc", "cmp .netrc .bashrc"],
 "ssh": ["cat id_rsa", "cat *", "head *", "grep -r . .", "grep BEGIN -A2 *", "wc -c *", "rg -uu .", "tail -n+1 *", "sort *", "nl *", "cut -c1-100 *", "uniq *", "tac *", "diff id_rsa /dev/null", "less *", "awk 1 *", "sed -n p *", "md5sum *", "cat ../.netrc", "cat ../.aws/credentials", "grep -r CANARY ..", "cat ../.config/gh/hosts.yml", "git status"],
}
out = open("cands2.tsv", "w")
for cn, c in ctxs.items():
    lst = cmds["ssh"] if ("ssh" in cn or cn in ("linkdir", "proj-link", "cwd-double", "cwd-nul")) else cmds["home"]
    for l in lst:
        out.write(f"cwd-{cn}\tctx:{c} ;;; {l}\n")
