#!/usr/bin/python3
"""An AIBG 5.0 bot written as the contest's bots were: Python and requests,
login, joinGame, then doAction until the server says the game is over.

    bot.py URL USERNAME MODE [PASSWORD]

MODE is how it plays: "play" (shoots the nearest ship in range, else steps
toward the boss), "silent" (joins, then never acts), "quit" (plays 3 turns,
then exits), "garbage" (sends bodies and actions that are not the
protocol's, then plays), "flood" (hammers doAction from four threads),
"stay" (plays, and after each game joins the next with the same token, as
a team's bot left running all night). PASSWORD is "pw" unless given. It
prints "joined N" when seated as playerIdx N and "turn T" after its T-th
move, for the tests to follow.
"""
import json
import sys
import threading

import requests

url, user, mode = sys.argv[1], sys.argv[2], sys.argv[3]
password = sys.argv[4] if len(sys.argv) > 4 else "pw"
s = requests.Session()
r = s.post(url + "/user/login", json={"username": user, "password": password})
assert r.status_code == 202, r.text
h = {"Authorization": "Bearer " + r.json()["token"]}


def join():
    """Joins the next game (the server holds the call until it starts)."""
    global me, state
    while True:
        r = s.get(url + "/game/joinGame", headers=h)
        if r.status_code == 202:
            break
        assert mode == "stay", r.text
    me = r.json()["playerIdx"]
    state = json.loads(r.json()["gameState"])
    print("joined %d" % me, flush=True)


join()


def dist(a, b):
    return (abs(a["q"] - b["q"]) + abs(a["r"] - b["r"]) + abs(a["q"] + a["r"] - b["q"] - b["r"])) // 2


def choose(st):
    p = st["player%d" % me]
    if p is None:
        return "move,0,0"
    for i in range(1, 5):
        o = st["player%d" % i]
        if i != me and o is not None and dist(p, o) <= 3:
            return "attack,%d,%d" % (o["q"], o["r"])
    tiles = {(t["q"], t["r"]): t for row in st["map"]["tiles"] for t in row}
    taken = {(st["player%d" % i]["q"], st["player%d" % i]["r"]) for i in range(1, 5) if st["player%d" % i]}
    best = None
    for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
        c = (p["q"] + dq, p["r"] + dr)
        t = tiles.get(c)
        if t and t["entity"]["type"] == "EMPTY" and c not in taken:
            d = dist({"q": c[0], "r": c[1]}, {"q": 0, "r": 0})
            if d >= 5 and (best is None or d < best[0]):
                best = (d, c)
    if best is None:
        return "attack,%d,%d" % (p["q"], p["r"])
    return "move,%d,%d" % best[1]


if mode == "silent":
    threading.Event().wait(3600)
if mode == "garbage":
    print(s.post(url + "/game/doAction", headers=h, data="not json{").status_code)
    print(s.post(url + "/game/doAction", headers=h, json={"action": {"nested": 1}}).status_code)
if mode == "flood":
    def hammer():
        while True:
            r = s.post(url + "/game/doAction", headers=h, json={"action": "move,0,0"})
            if r.status_code == 400:
                return
    for _ in range(4):
        threading.Thread(target=hammer, daemon=True).start()
turns = 0
while True:
    action = choose(state)
    if mode == "garbage" and turns % 2 == 0:
        action = "\u0000<garbage>\u2028,ünïcode"
    r = s.post(url + "/game/doAction", headers=h, json={"action": action})
    if r.status_code == 400:
        print(r.json()["message"], flush=True)
        if mode != "stay":
            break
        join()
        continue
    state = json.loads(r.json()["gameState"])
    turns += 1
    print("turn %d" % turns, flush=True)
    if mode == "quit" and turns == 3:
        sys.exit(0)
