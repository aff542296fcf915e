#!/usr/bin/python3
"""A GuardAIns bot written as the contest's template: python-socketio,
the login in the handshake's auth header, an `action` handler that emits
one action (python-socketio then acks the view).

    bot.py URL PLAYER MODE [FILE]

MODE: "play" (moves a live guardian to a neighbour it sees, or holds;
writes every view, compact, to FILE), "payload" (the same, logging in with
the CONNECT payload instead of the header), "silent" (never answers: the
handler blocks, so no ack), "quit" (plays 3 rounds, then disconnects),
"resume" (disconnects after round 2, logs in again 0.5 s later), "garbage"
(malformed actions), "flood" (200 actions a view), "drawflood" (plays, with 600 debug marks
and a marks event that is none a view), "probe:CASE" (one login:
no-auth, wrong-password, wrong-room, not-a-seat, or good and then a second
one; prints what happened). Every event received is printed, one per line. Like the
template, it never exits by itself.
"""
import json
import os
import sys
import threading
import time

import socketio

url, player, mode = sys.argv[1], sys.argv[2], sys.argv[3]
out = open(sys.argv[4], "w") if len(sys.argv) > 4 else None
auth = {"player_id": player, "password": player, "room": "gameRoom"}
sio = socketio.Client()
rounds = [0]


lock = threading.Lock()


def log(*args):
    with lock:
        sys.stdout.write(" ".join(str(a) for a in args) + "\n")
        sys.stdout.flush()


@sio.on("connected")
def connected(data):
    log("connected", json.dumps(data))


@sio.event
def disconnect():
    log("disconnected")


@sio.on("game_status")
def game_status(data):
    log("game_status", data)


@sio.on("action")
def action(view):
    r = view["round_no"]
    if out:
        out.write(json.dumps(view, separators=(",", ":")) + "\n")
        out.flush()
    if mode == "silent":
        threading.Event().wait(3600)
    if mode == "garbage":
        for bad in ("MOVE Gamora 0 0", 7, [1, 2], {"action_type": "move", "troop": "Gamora", "target": "(0, 0)", "player_id": player, "round_no": r}, None):
            sio.emit("action", bad)
        return
    if mode == "flood":
        for _ in range(200):
            sio.emit("action", {"action_type": "ATTACK", "troop": "Nobody", "target": "(0, 0)", "player_id": player, "round_no": r})
        return
    if mode == "drawflood":
        for _ in range(12):
            sio.emit("marks", [{"kind": "cell", "at": [0, 0]}] * 50)
        sio.emit("marks", "not marks")
    move = None
    for name, g in view["movegen"].items():
        if g["health"] > 0:
            near = [c for line in g["neighbour_cells"] for c in line[:1]]
            target = near[r % len(near)]["coordinates"] if near else g["current_cell"]["coordinates"]
            move = {"action_type": "MOVE", "troop": name, "target": target, "player_id": player, "round_no": r}
            break
    sio.emit("action", move)
    rounds[0] += 1


def connect(**kw):
    try:
        c = socketio.Client()
        c.connect(url, wait_timeout=1, **kw)
        return c, "ok"
    except socketio.exceptions.ConnectionError as e:
        return None, "refused: %s" % e


if mode.startswith("probe:"):
    # One login attempt; "good" then stays connected and tries again.
    case = mode[len("probe:"):]
    kw = {
        "no-auth": {},
        "wrong-password": {"headers": {"auth": json.dumps(dict(auth, password="x"))}},
        "wrong-room": {"headers": {"auth": json.dumps(dict(auth, room="room12"))}},
        "not-a-seat": {"headers": {"auth": json.dumps({"player_id": "player2", "password": "player2", "room": "gameRoom"})}},
        "good": {"headers": {"auth": json.dumps(auth)}},
    }[case]
    c, what = connect(**kw)
    log(case, what)
    if case == "good":
        c2, what = connect(**kw)
        log("second", what)
    os._exit(0)

if mode == "payload":
    sio.connect(url, auth=auth, wait_timeout=5)
else:
    sio.connect(url, headers={"auth": json.dumps(auth)}, wait_timeout=5)
if mode in ("quit", "resume"):
    while rounds[0] < (3 if mode == "quit" else 2):
        time.sleep(0.01)
    sio.disconnect()
    if mode == "quit":
        os._exit(0)
    time.sleep(0.5)
    sio.connect(url, headers={"auth": json.dumps(auth)}, wait_timeout=5)
    log("resumed")
sio.wait()
