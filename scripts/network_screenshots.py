#!/usr/bin/env python3
"""Photographs network play at 1280x800: the lobby, and a game with table talk and a player
who dropped (docs/screenshots/network-*.png). Two `fief` processes, each with a home of its
own under OUT, play on loopback (FIEF_NET=local) under an Xvfb display the caller starts, and
are driven through FIEF_DRIVE=1 (src/ui/app/drive.rs) and xdotool.

    Xvfb :78 -screen 0 1280x800x24 &
    python3 scripts/network_screenshots.py en :78 target/debug/fief /tmp/shots
    (German: de and another display)
"""
import subprocess, json, time, os, sys, shutil
LANG, D, BIN, OUT = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
root = f"{OUT}/{LANG}"
shutil.rmtree(root, ignore_errors=True)
def home(n):
    h = f"{root}/{n}"
    os.makedirs(h + "/config/fief", exist_ok=True)
    open(h + "/config/fief/preferences.json", "w").write('{"default_seats":["Human","Remote",{"Bot":"Normal"},{"Bot":"Normal"}],"pace":"instant","confirm_attack":false}')
    return h
env0 = dict(os.environ, DISPLAY=D, FIEF_NET="local", FIEF_DRIVE="1", GTK_A11Y="none")
if LANG == "de":
    env0.update(LANGUAGE="de", LANG="de_DE.UTF-8")
class App:
    def __init__(s, name):
        h = home(name)
        env = dict(env0, HOME=h, XDG_DATA_HOME=h + "/data", XDG_CONFIG_HOME=h + "/config")
        s.p = subprocess.Popen([BIN], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    def cmd(s, line):
        s.p.stdin.write(line + "\n"); s.p.stdin.flush()
        return s.p.stdout.readline().strip()
    def state(s):
        return json.loads(s.cmd("state"))
    def wait(s, pred, secs=60):
        end = time.time() + secs
        while time.time() < end:
            st = s.state()
            if pred(st): return st
            time.sleep(0.2)
        raise SystemExit("timeout " + str(s.state())[:500])
def xdo(*a):
    subprocess.run(["xdotool", *a], env=dict(os.environ, DISPLAY=D))
def shot(name):
    subprocess.run(["import", "-window", "root", f"{OUT}/{name}-{LANG}.png"], env=dict(os.environ, DISPLAY=D))
host = App("alice")
host.wait(lambda s: "new-game" in s["windows"])
time.sleep(1)
xdo("mousemove", "386", "304", "click", "1"); time.sleep(0.3); xdo("type", "--delay", "60", "Alice"); time.sleep(1)
host.cmd("click start-game")
st = host.wait(lambda s: s["net"] and s["net"]["status"] and ("Connected" in s["net"]["status"] or "Verbunden" in s["net"]["status"]))
inv = st["net"]["invitation"]
time.sleep(1)
shot("lobby")
guest = App("bob")
guest.wait(lambda s: "new-game" in s["windows"])
guest.cmd("click join-from-new-game")
time.sleep(1)
print(guest.cmd("text join-code " + inv)); print(guest.cmd("click join-look"))
time.sleep(3)
print(guest.cmd("click join-seat-1")); print(guest.cmd("text join-name Bob")); print(guest.cmd("click join-seat"))
host.wait(lambda s: s["net"]["playing"] and s["net"]["started"])
guest.wait(lambda s: s["net"]["playing"] and s["net"]["started"])
# play into round 2
end = time.time() + 240
while host.state()["round"] < 2 and time.time() < end:
    for a in (host, guest):
        if a.state()["my_turn"]:
            a.cmd("decide")
    time.sleep(0.05)
guest.cmd("say Good evening, my lord." if LANG == "en" else "say Guten Abend, edle Herrin.")
time.sleep(1)
# kill the guest: host shows him dropped
guest.p.kill(); guest.p.wait()
host.wait(lambda s: "ropped" in s["who"][1] or "getrennt" in s["who"][1], 40)
time.sleep(1)
xdo("mousemove", "1207", "361", "click", "1")
time.sleep(2)
shot("dropped-chat")
print(json.dumps(host.state()["who"]))
host.p.kill()
