import sys, subprocess, re
line = sys.argv[1]
full = 'LANGUAGE=../../..@P@/loc ' + line
r = subprocess.run(['python3','/tmp/rt14/brun.py', full, 'rm -rf loc .git; cp -r /tmp/rt14/lx/probe loc; git init -q 2>/dev/null; echo x > README.md; git add README.md; git -c user.email=a@b -c user.name=a commit -qm i >/dev/null'], capture_output=True, text=True)
out = r.stdout
for m in re.finditer(r'@@([a-z]+:\d+)@@([^\n]*)', out):
    idx = m.group(1); slots = m.group(2).split('|')
    # find env run: after a small int argc followed by pointers
    res = None
    for i in range(len(slots)-3):
        s = slots[i]
        if re.fullmatch(r'0x[0-9a-f]{1,2}', s):
            argc = int(s, 16)
            j = i+1
            if all(slots[j+k].startswith('0x7ff') for k in range(argc)) and slots[j+argc] == '(nil)':
                e0 = j+argc+1; e1 = e0
                while e1 < len(slots) and slots[e1].startswith('0x7ff'): e1 += 1
                if e1 - e0 > 10:
                    res = (argc, e0+1, e1)  # 1-based slots e0+1 .. e1
                    break
    print(idx, res, '|'.join(slots[:3]))
if '@@' not in out: print('NO', out[:300].replace('\n',' '))
