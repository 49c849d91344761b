#!/usr/bin/python3
"""Prints the installed package's figures beside their native references, in one run.

Called by scripts/bench-install.sh, which builds and installs what it needs and gives this a
display (Xvfb) and a session bus. Figures only: nothing here fails on a slow machine.

  sizes    .deb and installed size of Pastimes against GNOME Mines, Swell Foop and KDE Bovo
           (the three native games it replaces; target: installed size <= their sum)
  start    from exec to the window mapped, to Bubble Breaker's score in the window title (the
           screen drawn and its game dealt), and to the Minesweeper board answering a click
           (an Expert game: the first click opens cells and the backend saves the move, which
           is what is watched for), median of N starts; GNOME Mines' time to a mapped window,
           and the blank Tauri 2 window's time until its page's first IPC call has answered
  memory   PSS (/proc/PID/smaps_rollup) of every process of each app together, with an Expert
           board open, against a blank Tauri 2 window (same release profile) and GNOME Mines
"""

import argparse
import json
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

POLL = 0.005  # seconds between looks at the window list or the database
SETTLE = 5  # seconds an app is left to settle before its memory is read


def kib(text):
    return int(text.strip())


def apt_sizes(package):
    """(installed KiB, .deb bytes) of a package from apt's index (installed or not)."""
    out = subprocess.run(["apt-cache", "show", "--no-all-versions", package],
                         capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line and not line.startswith(" "))
    return kib(fields["Installed-Size"]), int(fields["Size"])


def dpkg_installed_size(deb):
    """The installed size of a .deb in KiB as dpkg-gencontrol counts it for Debian's packages
    (each file rounded up to 1 KiB, 1 KiB per directory). Tauri's own Installed-Size field
    counts 4 KiB per directory instead; this is the figure comparable with the peers'."""
    listing = subprocess.run(["dpkg-deb", "--contents", deb], capture_output=True, text=True, check=True).stdout
    total = 0
    for line in listing.splitlines():
        mode, _, size = line.split()[:3]
        total += 1 if mode.startswith("d") else -(-int(size) // 1024)
    return total


def visible_window(pattern, by="--name"):
    """The id of a mapped window whose name (or class) matches, or None."""
    out = subprocess.run(["xdotool", "search", "--onlyvisible", by, pattern],
                         capture_output=True, text=True).stdout.split()
    return out[-1] if out else None


def wait_window(pattern, by, started, limit=60.0):
    while True:
        window = visible_window(pattern, by)
        if window:
            return window, time.perf_counter() - started
        if time.perf_counter() - started > limit:
            raise SystemExit(f"no window {pattern} after {limit} s")
        time.sleep(POLL)


def process_tree(root):
    """root and all its descendants, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, []))
    return tree


def memory(root):
    """{name: (PSS KiB, RSS KiB)} of each process of the tree under root, and the PSS sum."""
    found = {}
    for pid in process_tree(root):
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        values = {line.split(":")[0]: int(line.split()[1]) for line in rollup.splitlines()[1:]}
        key = name if name not in found else f"{name}#{pid}"
        found[key] = (values.get("Pss", 0), values.get("Rss", 0))
    return found, sum(pss for pss, _ in found.values())


def stop(process):
    """Ends a process started in its own session, and every process of its group."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    # WebKit's helpers may outlive the app by a moment: wait for the group to be empty.
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def spawn(argv, env=None):
    environment = dict(os.environ, NO_AT_BRIDGE="1", **(env or {}))
    return subprocess.Popen(argv, env=environment, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pastimes_template(binary, folder, screen="minesweeper", params=("minesweeperParams", {"level": "expert"})):
    """A data dir in which Pastimes opens straight on a fresh game of `screen` (by default an
    Expert Minesweeper board)."""
    folder.mkdir(parents=True)
    app = spawn([binary], {"PASTIMES_DATA_DIR": str(folder)})
    wait_window("^Pastimes$", "--name", time.perf_counter())
    time.sleep(1.0)
    stop(app)
    db = sqlite3.connect(folder / "pastimes.sqlite3")
    with db:
        for key, value in (("lastScreen", screen), params):
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, json.dumps(value)))
        db.execute("DELETE FROM saved_games")
    # Everything into the main file, so that a copy of the folder is the whole database.
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def minesweeper_moves(database):
    """How many moves the saved Minesweeper game has, or None while there is none."""
    if not database.exists():
        return None
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=0.05) as db:
            row = db.execute("SELECT moves FROM saved_games WHERE game = 'minesweeper'").fetchone()
    except sqlite3.Error:
        return None
    return len(json.loads(row[0])) if row else None


def start_pastimes(binary, template, scratch, keep=False):
    """Starts Pastimes on a copy of the template; returns (process, mapped s, interactive s)."""
    data = Path(tempfile.mkdtemp(dir=scratch))
    shutil.rmtree(data)
    shutil.copytree(template, data)
    database = data / "pastimes.sqlite3"
    started = time.perf_counter()
    app = spawn([binary], {"PASTIMES_DATA_DIR": str(data)})
    window, mapped = wait_window("^Pastimes$", "--name", started)
    # Click the middle of the board until the backend has the move: the board is interactive.
    clicks = 0
    while True:
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                                  capture_output=True, text=True).stdout
        size = dict(line.split("=") for line in geometry.split())
        x, y = int(size.get("WIDTH", 760)) // 2, int(size.get("HEIGHT", 620)) * 3 // 5
        subprocess.run(["xdotool", "mousemove", "--window", window, str(x), str(y), "click", "1"],
                       capture_output=True)
        clicks += 1
        wait_until = time.perf_counter() + 0.03
        while time.perf_counter() < wait_until:
            if minesweeper_moves(database):
                interactive = time.perf_counter() - started
                if not keep:
                    stop(app)
                return app, mapped, interactive
            time.sleep(POLL)
        if time.perf_counter() - started > 60:
            subprocess.run(["import", "-window", "root", str(scratch / "start-timeout.png")])
            raise SystemExit(f"the board never answered {clicks} clicks (see {scratch}/start-timeout.png)")


def start_pastimes_titled(binary, template, scratch):
    """Starts Pastimes on a copy of a Bubble Breaker template: s until its score is in the window
    title (the screen drawn, its game dealt: the measure the issue "One game, one place" set)."""
    data = Path(tempfile.mkdtemp(dir=scratch))
    shutil.rmtree(data)
    shutil.copytree(template, data)
    started = time.perf_counter()
    app = spawn([binary], {"PASTIMES_DATA_DIR": str(data)})
    _, titled = wait_window("points - Bubble Breaker$", "--name", started)
    stop(app)
    return titled


def start_blank(blank):
    """The blank Tauri 2 window: (mapped s, s until its page's first IPC call has renamed it)."""
    started = time.perf_counter()
    app = spawn([blank])
    _, mapped = wait_window("^BlankTauri$", "--name", started)
    _, ready = wait_window("^BlankTauri ready$", "--name", started)
    stop(app)
    return mapped, ready


def start_mines(mines, keep=False):
    started = time.perf_counter()
    app = spawn([mines, "--big"])
    _, mapped = wait_window("gnome-mines", "--class", started)
    if not keep:
        stop(app)
    return app, mapped


def fmt_ms(seconds):
    return f"{seconds * 1000:.0f} ms"


def fmt_bytes(count):
    return f"{count / 1e6:.2f} MB"


def fmt_kib(kib_count):
    """KiB (as dpkg and /proc count) in decimal MB, the unit of the targets."""
    return fmt_bytes(kib_count * 1024)


def row(name, ours, reference, ratio):
    print(f"  {name:<44} {ours:>10}   {reference:<44} {ratio}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--deb", required=True)
    parser.add_argument("--binary", default="/usr/bin/pastimes")
    parser.add_argument("--blank", required=True, help="the blank Tauri 2 window's binary")
    parser.add_argument("--mines", default="/usr/games/gnome-mines")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--before", help="an earlier build's binary, measured against this one in the same run")
    parser.add_argument("--scratch", required=True)
    args = parser.parse_args()
    scratch = Path(args.scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)

    print("Pastimes installed package, against native GNOME games, in one run")
    print(f"  machine: {os.cpu_count()} cores, {os.uname().release}; display {os.environ.get('DISPLAY')}")
    print()

    # Sizes.
    deb_bytes = os.path.getsize(args.deb)
    declared = kib(subprocess.run(["dpkg-deb", "-f", args.deb, "Installed-Size"],
                                  capture_output=True, text=True, check=True).stdout)
    installed = dpkg_installed_size(args.deb)
    peers = {name: apt_sizes(name) for name in ("gnome-mines", "swell-foop", "bovo")}
    peers_installed = sum(size for size, _ in peers.values())
    peers_deb = sum(b for _, b in peers.values())
    print("Size (MB = 10^6 bytes; installed sizes are dpkg's Installed-Size)")
    row("Pastimes .deb", fmt_bytes(deb_bytes), f"gnome-mines .deb {fmt_bytes(peers['gnome-mines'][1])}",
        f"x{deb_bytes / peers['gnome-mines'][1]:.2f}")
    row("Pastimes .deb", fmt_bytes(deb_bytes), f"the three peers' .debs {fmt_bytes(peers_deb)}",
        f"x{deb_bytes / peers_deb:.2f}")
    row("Pastimes installed", fmt_kib(installed), f"gnome-mines {fmt_kib(peers['gnome-mines'][0])}",
        f"x{installed / peers['gnome-mines'][0]:.2f}")
    row("Pastimes installed", fmt_kib(installed), f"gnome-mines + swell-foop + bovo {fmt_kib(peers_installed)}",
        f"x{installed / peers_installed:.2f}  (target <= x1.00: {'met' if installed <= peers_installed else 'NOT met'})")
    for name, (size, deb) in peers.items():
        print(f"    {name}: installed {size} KiB, .deb {deb} bytes")
    print(f"    pastimes: installed {installed} KiB counted as dpkg does (the control file, written by"
          f" Tauri, says {declared} KiB), .deb {deb_bytes} bytes")
    print()

    # Start times, alternating the two programs so that both see the same machine.
    template = scratch / "template"
    pastimes_template(args.binary, template)
    start_pastimes(args.binary, template, scratch)  # warm-up, not counted
    start_mines(args.mines)
    start_blank(args.blank)
    bubbles = scratch / "template-bubbles"
    pastimes_template(args.binary, bubbles, "bubbles", ("bubblesParams", {"style": "megashift"}))
    start_pastimes_titled(args.binary, bubbles, scratch)  # warm-up, not counted
    ours_mapped, ours_ready, ours_titled, mines_mapped, blank_ready = [], [], [], [], []
    for _ in range(args.runs):
        _, mapped, ready = start_pastimes(args.binary, template, scratch)
        ours_mapped.append(mapped)
        ours_ready.append(ready)
        ours_titled.append(start_pastimes_titled(args.binary, bubbles, scratch))
        mines_mapped.append(start_mines(args.mines)[1])
        blank_ready.append(start_blank(args.blank)[1])
    print(f"Start (median of {args.runs}; page cache warm, each start a new process; "
          "GNOME Mines with --big)")
    m_ours, m_ready, m_mines, m_blank = (statistics.median(v) for v in (ours_mapped, ours_ready, mines_mapped, blank_ready))
    row("Pastimes exec -> window mapped", fmt_ms(m_ours), f"gnome-mines exec -> window mapped {fmt_ms(m_mines)}",
        f"x{m_ours / m_mines:.2f}")
    row("Pastimes exec -> Expert board answers a click", fmt_ms(m_ready),
        f"gnome-mines exec -> window mapped {fmt_ms(m_mines)}",
        f"x{m_ready / m_mines:.2f}  (target <= x1.00: {'met' if m_ready <= m_mines else 'NOT met'})")
    row("Pastimes exec -> Expert board answers a click", fmt_ms(m_ready),
        f"blank Tauri 2 exec -> its page's first IPC {fmt_ms(m_blank)}", f"x{m_ready / m_blank:.2f}")
    m_titled = statistics.median(ours_titled)
    row("Pastimes exec -> Bubble Breaker's score in its title", fmt_ms(m_titled),
        f"blank Tauri 2 exec -> its page's first IPC {fmt_ms(m_blank)}",
        f"x{m_titled / m_blank:.2f}  (target <= x1.10: {'met' if m_titled <= 1.1 * m_blank else 'NOT met'})")
    print("    Pastimes ready, each run: " + " ".join(f"{v * 1000:.0f}" for v in ours_ready) + " ms")
    print("    Pastimes Bubble Breaker titled, each run: " + " ".join(f"{v * 1000:.0f}" for v in ours_titled) + " ms")
    print("    GNOME Mines mapped, each run: " + " ".join(f"{v * 1000:.0f}" for v in mines_mapped) + " ms")
    print("    blank Tauri 2 page's first IPC, each run: " + " ".join(f"{v * 1000:.0f}" for v in blank_ready) + " ms")
    print()

    # Memory: each app alone, settled for a few seconds.
    # Three rounds, alternating, the median of each; a picture of each app is kept in scratch/.
    samples = {"ours": [], "blank": [], "mines": []}
    for _ in range(3):
        app, _, _ = start_pastimes(args.binary, template, scratch, keep=True)
        time.sleep(SETTLE)
        samples["ours"].append(memory(app.pid))
        subprocess.run(["import", "-window", "root", str(scratch / "pastimes-expert.png")])
        stop(app)
        blank = spawn([args.blank])
        wait_window("^BlankTauri$", "--name", time.perf_counter())
        time.sleep(SETTLE)
        samples["blank"].append(memory(blank.pid))
        subprocess.run(["import", "-window", "root", str(scratch / "blank-tauri.png")])
        stop(blank)
        mines, _ = start_mines(args.mines, keep=True)
        time.sleep(SETTLE)
        samples["mines"].append(memory(mines.pid))
        subprocess.run(["import", "-window", "root", str(scratch / "gnome-mines.png")])
        stop(mines)
    median = lambda runs: sorted(runs, key=lambda run: run[1])[len(runs) // 2]
    (ours, ours_pss), (theirs, blank_pss), (native, mines_pss) = (median(samples[k]) for k in ("ours", "blank", "mines"))
    print(f"Memory: PSS of all the app's processes together, {SETTLE} s after start, median of 3 "
          f"(pictures in {scratch})")
    extra = (ours_pss - blank_pss) * 1024
    row("Pastimes, Expert board open", fmt_kib(ours_pss), f"blank Tauri 2 window {fmt_kib(blank_pss)}",
        f"x{ours_pss / blank_pss:.2f}, {extra / 1e6:+.1f} MB  (target <= +10 MB: {'met' if extra <= 10e6 else 'NOT met'})")
    row("Pastimes, Expert board open", fmt_kib(ours_pss), f"gnome-mines --big {fmt_kib(mines_pss)}",
        f"x{ours_pss / mines_pss:.2f}")
    for label, found in (("Pastimes", ours), ("blank Tauri", theirs), ("GNOME Mines", native)):
        parts = ", ".join(f"{name} PSS {pss} KiB (RSS {rss})" for name, (pss, rss) in found.items())
        print(f"    {label}: {parts}")
    if args.before:
        compare_builds(args, template, scratch)


def compare_builds(args, template, scratch):
    """This build against an earlier one, alternating, on the same template: the start to an
    interactive Expert board and the memory with it open (the 5 % a change may cost)."""
    ready = {"before": [], "after": []}
    start_pastimes(args.before, template, scratch)  # warm-up, not counted
    for _ in range(args.runs):
        for name, binary in (("before", args.before), ("after", args.binary)):
            ready[name].append(start_pastimes(binary, template, scratch)[2])
    pss = {"before": [], "after": []}
    for _ in range(3):
        for name, binary in (("before", args.before), ("after", args.binary)):
            app, _, _ = start_pastimes(binary, template, scratch, keep=True)
            time.sleep(SETTLE)
            pss[name].append(memory(app.pid)[1])
            stop(app)
    print()
    print(f"This build against {args.before} (alternating; start: median of {args.runs}; PSS: median of 3)")
    for label, runs, show in (("exec -> Expert board answers a click", ready, fmt_ms), ("PSS, Expert board open", pss, fmt_kib)):
        before, after = statistics.median(runs["before"]), statistics.median(runs["after"])
        change = after / before - 1
        row(f"Pastimes {label}", show(after), f"before {show(before)}",
            f"{change:+.1%}  (target within 5 %: {'met' if change <= 0.05 else 'NOT met'})")
    print("    start, each run (before/after): " + " ".join(
        f"{b * 1000:.0f}/{a * 1000:.0f}" for b, a in zip(ready["before"], ready["after"])) + " ms")


if __name__ == "__main__":
    sys.exit(main())
