import json
TOK = "git config http.https://github.com/.extraheader 'AUTHORIZATION: basic CANARY_GITCFG_1'"
R = [
 ({"pattern": "CANARY", "path": "@P@/.git"}, "Grep"),
 ({"pattern": "CANARY", "path": "@P@/.git", "glob": "config"}, "Grep"),
 ({"pattern": "CANARY", "path": "@P@/.git", "glob": "conf*", "output_mode": "content"}, "Grep"),
 ({"pattern": "CANARY", "path": "@P@/.git", "glob": "*", "output_mode": "content"}, "Grep"),
 ({"pattern": "CANARY", "path": "@P@/.git", "type": "config", "output_mode": "content"}, "Grep"),
 ({"pattern": "extraheader", "path": "@P@/.git/", "output_mode": "content", "-A": 2}, "Grep"),
 ({"pattern": "CANARY", "path": "@P@/.git/.", "output_mode": "content"}, "Grep"),
 ({"pattern": "CANARY", "path": "@P@/.git/config"}, "Grep"),
 ({"file_path": "@P@/.git/config"}, "Read"),
 ({"file_path": "@P@/.git/./config"}, "Read"),
 ({"file_path": "@P@/.git/CONFIG"}, "Read"),
]
for inp, tool in R:
    print(f"tool-gitcfg\tjson:{tool}\t{json.dumps(inp)}\tsetup:{TOK}")
