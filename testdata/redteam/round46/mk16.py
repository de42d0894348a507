key="-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY_R46_b3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
open("/tmp/r46/cyr16.bin","wb").write(("Привет мир, это заметки проекта. "*5+"\n"+key).encode("utf-16le"))
open("/tmp/r46/cyr16be.bin","wb").write(("Привет мир, это заметки проекта. "*5+"\n"+key).encode("utf-16be"))
open("/tmp/r46/emoji16.bin","wb").write(("😀🔑 "*60+"\n"+key).encode("utf-16le"))
open("/tmp/r46/mixed.bin","wb").write(("# notes file, written by the deploy script on the build host\n"*5).encode()+("\n"+key).encode("utf-16le"))
open("/tmp/r46/latin16.bin","wb").write(("Élève àéèêëîïôöùûüÿç réservé "*5+"\n"+key).encode("utf-16le"))
