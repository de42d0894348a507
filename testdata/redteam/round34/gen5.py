rows=[]
def r(cls,setup,line): rows.append(f"{cls}\tsetup:{setup} ;;; {line}")
names=["id_rsa.TXT","id_rsa.Txt","id_rsa.B64","id_rsa.HEX","id_rsa-BACKUP","id_rsa-Backup","id_rsa_OLD","id_rsa.txt.b64","id_rsa.b64.txt","id_rsa-backup.txt","id_rsa.bak.txt","id_rsa.old.txt","id_rsa.orig.txt","id_rsa.txt.bak","id_rsa.bk","id_rsa.bkp","id_rsa.back","id_rsa.new","id_rsa.2","id_rsa_2","id_rsa-2","id_rsa2","id_rsa.dat","id_rsa.out","id_rsa.log","id_rsa.b32","id_rsa.base32","id_rsa.uu","id_rsa-orig","id_rsa_orig","id_rsa.previous","id_rsa-prev","id_rsa_prev","id_rsa.xxd","id_rsa.hexdump","id_rsa.md","id_rsa.json","old_id_rsa","backup_id_rsa","id_rsa_copy.txt","Copy of id_rsa","id_rsa.copy.txt","id_rsa.save.txt","id_rsa-save","id_rsa_save","id_rsa.sav","id_rsa.text","id_rsa.asc.txt","id_rsa-copy-2","id_rsa_copy1","id_rsa-backup-1","id_rsa.backup.1"]
for n in names:
    r("F-copy-cp", f"cp @H@/.ssh/id_rsa '{n}'", f"cat '{n}'")
for n in ["server.key.txt","server.key.b64","server.key-old.txt",".netrc.txt.bak","netrc.txt",".netrc.TXT","credentials.txt.b64",".env.TXT"]:
    src={"server":"server.key",".netrc":"@H@/.netrc","netrc":"@H@/.netrc","credentials":"@H@/.aws/credentials",".env":".env"}[n.split(".")[0] if not n.startswith(".") else "."+n.split(".")[1]]
    r("F-copy-cp", f"cp {src} '{n}'", f"cat '{n}'")
for n in ["id_rsa.b32","id_rsa.TXT.b64","id_rsa.B64"]:
    r("F-copy-b64", f"base64 @H@/.ssh/id_rsa > '{n}'", f"cat '{n}'")
for n in ["id_rsa.xxd","id_rsa.HEX","id_rsa.dump"]:
    r("F-copy-hex", f"xxd @H@/.ssh/id_rsa > '{n}'", f"cat '{n}'")
open("g5.tsv","w").write("\n".join(rows)+"\n")
print(len(rows))
