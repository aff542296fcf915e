#!/usr/bin/python3
"""An AIC21 unit written like the official Python template: the server's
address from AICHostIP/AICHostPort/AICToken, connection retries, the token
frame first, NUL-ended JSON frames written as the JSON and then the NUL,
one move (and now and then a chat message) and END_TURN a GAME_STATUS.
Like the template, it never exits by itself: on a closed socket its
receive loop spins.

    unit.py [MODE]

MODE: "play" (the default), "silent" (never answers), "quit" (closes its
socket after 3 turns and exits), "garbage" (frames that are not the
protocol's, then plays), "flood" (a 12 MiB frame and 500 moves a turn),
"mortal" (plays, and on KILL closes its socket and exits at once, as the
teams' clients did), "hijack" (plays, and opens four more connections, each answering
whatever it gets with the chat "hijack": right after its token, with the
original's public token twice and a guessed token; after its INIT, with
its own token, used by then).
"""
import json
import os
import random
import socket
import sys
import threading
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "play"
if os.environ.get("AICHostIP") is None:
    ip, port, token = "127.0.0.1", 7099, "0" * 32
else:
    ip, port, token = os.environ["AICHostIP"], int(os.environ["AICHostPort"]), os.environ["AICToken"]
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
for attempt in range(10):
    try:
        s.connect((ip, port))
        break
    except OSError:
        time.sleep(2)


def send(msg):
    s.send((msg if isinstance(msg, str) else json.dumps(msg)).encode("UTF-8"))
    s.send(b"\x00")


buf = b""


def receive():
    global buf
    while True:
        buf += s.recv(1024)
        if b"\x00" in buf:
            i = buf.index(b"\x00")
            frame, buf = buf[:i], buf[i + 1:]
            return json.loads(frame.decode("UTF-8"))


send({"type": "token", "turn": 0, "info": {"token": token}})


def hijack(tok):
    """One more connection, as a bot that would play another unit."""
    h = socket.create_connection((ip, port))
    h.sendall(json.dumps({"type": "token", "turn": 0, "info": {"token": tok}}).encode("UTF-8") + b"\x00")
    while True:
        data = h.recv(1 << 16)
        if not data:
            return
        for _ in range(data.count(b"\x00")):
            h.sendall(json.dumps({"type": 2, "info": {"message": "hijack", "value": 9}}).encode("UTF-8") + b"\x00")
            h.sendall(json.dumps({"type": 1, "info": {"direction": 3}}).encode("UTF-8") + b"\x00")
            h.sendall(json.dumps({"type": 6, "info": {}}).encode("UTF-8") + b"\x00")


def hijacks(*tokens):
    for tok in tokens:
        threading.Thread(target=hijack, args=(tok,), daemon=True).start()


if mode == "hijack":
    hijacks("0" * 32, "0" * 32, "%032x" % random.getrandbits(128))
init = receive()
if init["type"] != "3":
    raise IOError("first message was not init")
if mode == "hijack":
    hijacks(token)
rng = random.Random(os.getpid())
turn = 0
while True:
    m = receive()
    if m["type"] == "7" and mode == "mortal":
        s.close()
        sys.exit(0)
    if m["type"] != "4" or mode == "silent":
        continue
    turn += 1
    if mode == "quit" and turn == 3:
        s.close()
        sys.exit(0)
    if mode == "garbage":
        send("not json")
        send({"type": "1", "info": {"direction": "x"}})
        send({"type": 2, "info": {"value": 3}})
        send({"type": 9})
        send(["type", 1])
    if mode == "flood":
        if turn == 2:
            send("x" * (12 << 20))
        for _ in range(500):
            send({"type": 1, "info": {"direction": 1}})
    send({"type": 1, "info": {"direction": rng.randint(1, 4)}})
    if turn % 4 == 0:
        send({"type": 2, "info": {"message": "saw \u00e9 <&> %d" % turn, "value": rng.randint(1, 9)}})
    send({"type": 6, "info": {}})
