"""Runs the five measurements and writes BENCHMARKS.md (called by scripts/bench).

usage: run.py [--only NAME[,NAME…]] [--build-seconds N]
NAME: schedule, client, polite, scale, peer, catalog, libraryxml, sources, household (default: all, in that order).
Results of measurements not run this time are kept from the last run (build/bench/results).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))

import catalog  # noqa: E402
import client  # noqa: E402
import household  # noqa: E402
import libraryxml  # noqa: E402
import peer  # noqa: E402
import polite  # noqa: E402
import report  # noqa: E402
import scale  # noqa: E402
import schedule  # noqa: E402
import sources  # noqa: E402
from benchlib import RESULTS, ROOT, monotonic, write_json  # noqa: E402

MEASUREMENTS = {"schedule": schedule, "client": client, "polite": polite, "scale": scale, "peer": peer, "catalog": catalog,
                "libraryxml": libraryxml, "sources": sources,
                "household": household}


def machine() -> dict:
    def output(*command: str) -> str:
        return subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout.strip()
    return {"nproc": output("nproc"), "kernel": platform.release(),
            "swift": output("swift", "--version").splitlines()[0] if output("swift", "--version") else "?",
            "cpu": next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?"),
            "commit": output("git", "rev-parse", "--short", "HEAD"),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default=",".join(MEASUREMENTS))
    parser.add_argument("--build-seconds", type=float, default=None)
    arguments = parser.parse_args()
    chosen = [name for name in arguments.only.split(",") if name]
    unknown = [name for name in chosen if name not in MEASUREMENTS]
    if unknown:
        sys.exit(f"bench: unknown measurement {', '.join(unknown)} (choose from {', '.join(MEASUREMENTS)})")
    started = monotonic()
    meta = {**machine(), "loadBefore": os.getloadavg(), "buildSeconds": arguments.build_seconds, "measured": {}}
    for name in chosen:
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        began = monotonic()
        result = MEASUREMENTS[name].measure()
        result["seconds"] = monotonic() - began
        write_json(RESULTS / f"{name}.json", result)
        meta["measured"][name] = result["seconds"]
        print(f"bench: {name} done in {result['seconds']:.0f} s", file=sys.stderr, flush=True)
    meta["loadAfter"] = os.getloadavg()
    meta["runSeconds"] = monotonic() - started
    write_json(RESULTS / "machine.json", meta)
    (ROOT / "BENCHMARKS.md").write_text(report.render(RESULTS, previous=ROOT / "BENCHMARKS.md"))
    print(f"bench: BENCHMARKS.md written ({meta['runSeconds']:.0f} s of measuring)", file=sys.stderr)
    json.dump(meta, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
