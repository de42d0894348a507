import csv, sys, re
files = {"tool-permissions": ["o_go_tp.tsv","o_py_tp.tsv","o_npm_tp.tsv","o_mk_tp.tsv","o_cargo_tp.tsv","o_leak_tp.tsv","o_leakcargo_tp.tsv","o_setlink_tp.tsv","o_setlink2_tp.tsv","o_leaknpm_tool-permissions.tsv","o_out_tool-permissions.tsv","o_out2_tp.tsv","o_out3_tp.tsv","o_goout_tool-permissions.tsv","o_goout2_tool-permissions.tsv","o_gofz_tool-permissions.tsv","o_lock_tp.tsv","o_misc_tp.tsv","o_ninja_tp.tsv"],
         "starter": ["o_go_starter.tsv","o_mk_starter.tsv","o_goout_starter.tsv","o_goout2_starter.tsv","o_gofz_starter.tsv"],
         "orchestrator": ["o_all_orch.tsv","o_leaknpm_orchestrator.tsv"]}
design = {"npm-baseline","npm-prepost","npm-script-abs","make-include-abs","cmake-include-abs","cargo-pathattr-abs","cargo-include-abs","go-cgo-include"}
NOISE = ("/home/.config/go/telemetry", "/home/.npm/_logs", "/home/.npm/_update-notifier")
out = open("holes.tsv","w"); notes = open("bydesign.tsv","w")
cnt = {}
for pol, fs in files.items():
    for f in fs:
        for row in open(f):
            p = row.rstrip("\n").split("\t")
            if len(p) < 5 or p[1] != "allow": continue
            cls, verdict, line, det = p[0], p[2], p[3], p[4]
            flags = [x for x in verdict.split(",") if x not in ("INW","harmless","")]
            if "OUTW" in flags and "PWN" not in flags:
                w = det.split(" W:")[-1] if " W:" in det else ""
                real = [x for x in w.split(",") if x and not x.startswith(NOISE) and not x.startswith("/proj")]
                if not real: flags.remove("OUTW")
            if cls == "leak-link-make" and "LEAK" in flags:
                cls = "make-include-secret"; design.add(cls)
            if cls == "ninja-clean" and "-/proj/work.txt" in det: flags.append("LOSS")
            if not flags: continue
            setup = ""
            if line.startswith("setup:"):
                setup, line = line[6:].split(" ;;; ", 1)
            rec = "\t".join([pol, cls, ",".join(flags), line, ("setup: " + setup) if setup else ""])
            if cls in design: notes.write(rec + "\n")
            else:
                out.write(rec + "\n"); cnt[(pol, cls)] = cnt.get((pol, cls), 0) + 1
for k, v in sorted(cnt.items()): print(k, v)
print("total", sum(cnt.values()))
