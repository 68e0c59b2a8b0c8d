"""Run B of measurement 4 for two builds side by side, on this machine in the same minutes: the
release `deepcut` of this checkout and one built elsewhere (a git worktree of an earlier commit),
each against its own fixture server (the failing artist's fault is per server), run A once and run
B three times from a copy of run A's state. The machine is shared: when measurement 4 misses, this
says whether the build or the machine moved.

Usage: `python3 bench/scale_ab.py /path/to/other/.build/release LABEL` (after `scripts/bench --only
scale` has built this checkout); writes `build/bench/results/scale-ab.json`, which the report reads.
"""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
import sys
from pathlib import Path

import scale
from benchlib import BIN, RESULTS, ROOT, WORK, FixtureServer, deepcut_config, fresh, run, timed, write_json


def run_b(binaries: Path, folder: Path, data: dict) -> dict:
    """Run A, then run B three times from run A's state, with the `deepcut` in `binaries`."""
    with FixtureServer(data["catalog"]) as server:
        config = deepcut_config(folder, server.url, library=[{"format": "csv", "path": "library.csv"}], concurrency=8,
                                window_days=scale.WINDOW_DAYS, max_attempts=3, extra={"repairWindowMinutes": 600})
        executable = str(binaries / "deepcut")
        run([executable, "dismissals", "import", str(folder / "dismissals.json"), "--config", str(config)])
        cold = timed([executable, "sweep", "--config", str(config), "--quiet"])
        for name in ("state", "feed"):
            shutil.copytree(folder / name, folder / f"{name}-after-a")
        walls, rss = [], []
        for _ in range(3):
            for name in ("state", "feed"):
                shutil.rmtree(folder / name)
                shutil.copytree(folder / f"{name}-after-a", folder / name)
            offline = timed([executable, "sweep", "--config", str(config), "--quiet"])
            if offline["exit"] != 0 or cold["exit"] != 3:
                raise RuntimeError(f"scale_ab: run A exited {cold['exit']} (3 expected), run B {offline['exit']} (0 expected)")
            walls.append(offline["wall"])
            rss.append(offline["rssMB"])
    return {"runA": cold["wall"], "runB": walls, "rssMB": max(rss)}


def main() -> None:
    other, label = Path(sys.argv[1]), sys.argv[2]
    folder = fresh(WORK / "scale-ab")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    results = {"measuredAt": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "builds": []}
    for name, binaries in ((label, other), (commit, BIN)):
        work = fresh(folder / name)
        data = scale.generate(work, datetime.date.today())
        results["builds"].append({"build": name, **run_b(binaries, work, data)})
    write_json(RESULTS / "scale-ab.json", results)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
