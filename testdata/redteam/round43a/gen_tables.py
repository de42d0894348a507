import sys, collections; sys.path.insert(0,'.')
from diag import D
rows=[l.rstrip('\n').split('\t') for l in open('holes.tsv') if not l.startswith('#')]
by={}
for r in rows:
    by.setdefault(r[0], {'cls':r[2],'line':r[4],'hooks':[],'printed':r[6]})['hooks'].append(r[1].replace('tool-permissions','tool-perm.'))
order=['usrlocal','usrtree','nixstore','sysrc','homeopen','tools','gitdiff','skill']
names={'usrlocal':'A. /usr/local (systemOpen `/usr/**`): FreeBSD ports, Intel Homebrew and Docker images keep their configuration there',
'usrtree':'B. Other `/usr` trees of Docker images (`/usr/share/<app>`, `/usr/src/app`, `/usr/lib/systemd`)',
'nixstore':'C. `/nix/store/**` (systemOpen): NixOS writes its settings world-readable there',
'sysrc':"D. The system's start-up files and apt sources (systemOpen: `/etc/profile`, `/etc/bash.bashrc`, `/etc/profile.d/**`, `/etc/zsh/**`, `/etc/vim/vimrc`, `/etc/inputrc`, `/etc/default/locale`, `/etc/apt/sources.list.d/**`)",
'homeopen':"E. Files in the home's open places (homeOpen: `~/.pyenv/versions/**`, `~/.local/lib/python*/site-packages/**`, `~/.nvm/versions/**`, `~/go/pkg/mod/**`, `~/.cargo/registry/**`, `~/.m2/repository/**`, `~/.gradle/caches/**`, `~/.rustup/toolchains/**`, `~/.tmux.conf`, `~/.inputrc`, `~/.editorconfig`, `~/.gitignore_global`)",
'tools':'F. The file tools (Read, Grep, NotebookRead) on the same places',
'gitdiff':"G. `git diff --no-index` of open places (starter, tool-permissions, and orchestrator's auto-approve pattern)",
'skill':"H. PreSkillShellCommand (a skill's `!` line) and PermissionRequest with the same lines"}
for c in order:
    print('### '+names[c]+'\n')
    print('| id | line | allowed by | printed | diagnosis |\n| --- | --- | --- | --- | --- |')
    for k,v in sorted(by.items()):
        if v['cls']!=c: continue
        line=v['line'].replace('|','\\|')
        if len(line)>90: line=line[:87]+'...'
        pr=v['printed'].replace('|','\\|')[:70]
        print(f"| {k} | `{line}` | {', '.join(v['hooks'])} | `{pr}` | {D[k]} |")
    print()
