#!/usr/bin/python3
"""Loopback peer for h36.py, run inside the bwrap net namespace.
TCP 80, 443, 8765, 9418, 22: records every byte received to CAP (one file),
answers HTTP: first request without Authorization -> 401 Basic (so clients
send credentials), otherwise 404. UDP 53: DNS stub, records the query name,
answers A 127.0.0.1. Ready marker: CAP.ready."""
import socket, sys, threading, struct, os
CAP = sys.argv[1]
lock = threading.Lock()
def rec(tag, data):
    with lock:
        with open(CAP, "ab") as f:
            f.write(b"\n[" + tag.encode() + b"] " + data)
def serve_tcp(port):
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        return
    s.listen(20)
    while True:
        c, _ = s.accept()
        threading.Thread(target=handle, args=(c, port), daemon=True).start()
def handle(c, port):
    c.settimeout(3)
    buf = b""
    try:
        while True:
            d = c.recv(65536)
            if not d: break
            rec("tcp%d" % port, d); buf += d
            if port in (80, 8765) and b"\r\n\r\n" in buf:
                head = buf.split(b"\r\n\r\n", 1)[0]
                if b"authorization:" in head.lower():
                    c.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                else:
                    c.sendall(b"HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"x\"\r\nContent-Length: 0\r\n\r\n")
                buf = b""
    except Exception:
        pass
    c.close()
def serve_dns():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try: s.bind(("127.0.0.1", 53))
    except OSError: return
    while True:
        d, a = s.recvfrom(2048)
        try:
            i = 12; labels = []
            while d[i]:
                labels.append(d[i+1:i+1+d[i]]); i += 1 + d[i]
            name = b".".join(labels); qtype = struct.unpack(">H", d[i+1:i+3])[0]
            rec("dns", name)
            q = d[12:i+5]
            if qtype == 1:
                r = d[:2] + b"\x81\x80\x00\x01\x00\x01\x00\x00\x00\x00" + q + b"\xc0\x0c\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x04\x7f\x00\x00\x01"
            else:
                r = d[:2] + b"\x81\x80\x00\x01\x00\x00\x00\x00\x00\x00" + q
            s.sendto(r, a)
        except Exception:
            pass
for p in (80, 443, 8765, 9418, 22):
    threading.Thread(target=serve_tcp, args=(p,), daemon=True).start()
threading.Thread(target=serve_dns, daemon=True).start()
import time; time.sleep(0.2)
open(CAP + ".ready", "w").close()
while True: time.sleep(60)
