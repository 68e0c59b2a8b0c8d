"""Measurement 9 — a household (issue 33): what two profiles that share artists cost against one
sweep, through the release `deepcut` and `deepcut-fixture-server` processes.

- The catalog: 600 iTunes artists with 8–24 releases each (seeded), one in ten 100–299. Before
  the warm sweep every tenth artist gains a release.
- Ana's library holds artists 1–450, Ben's 151–600: 300 artists shared, 600 in all. Four setups,
  each from a fresh state: the household (`profiles`: ana and ben), Ana alone, Ben alone, and one
  library holding both (the union, one person). Each sweeps cold, then warm (a day later in
  catalog terms: the fresh releases are in).
- Requests come from the server's log. Target (issue 33): the household costs the requests of one
  sweep: no more than the union's as one library, and well under Ana's and Ben's apart.
- The rate is set high (6,000 a minute): this measures requests, not time; wall times are listed
  only to show the household adds no waiting of its own.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from benchlib import RESULTS, WORK, FixtureServer, SplitMix64, deepcut, fresh, timed, write_json

ARTISTS = 600
ANA = range(1, 451)
BEN = range(151, 601)
RATE = 6000


def day(days_ago: int) -> str:
    return (datetime.date.today() - datetime.timedelta(days=days_ago)).isoformat()


def catalog(fresh_releases: bool) -> dict:
    random = SplitMix64(33)
    artists = []
    for index in range(1, ARTISTS + 1):
        count = 100 + int(random.unit() * 200) if index % 10 == 5 else 8 + int(random.unit() * 17)
        releases = [{"id": str(1_000_000_000 + index * 1_000 + number), "title": f"Work {index}-{number}",
                     "type": ["album", "album", "ep", "single"][int(random.unit() * 4)],
                     "releaseDate": day(int(random.unit() * 730))} for number in range(1, count + 1)]
        if fresh_releases and index % 10 == 0:
            releases.append({"id": str(1_000_000_000 + index * 1_000 + 999), "title": f"Fresh {index}", "type": "album",
                             "releaseDate": day(1)})
        artists.append({"id": str(900_000_000 + index), "name": f"Artist {index:04d}", "releases": releases})
    return {"artists": artists}


def library(path: Path, artists) -> None:
    path.write_text("title,artist\n" + "".join(f"Owned {i},Artist {i:04d}\n" for i in artists))


def config(work: Path, url: str, setup: str) -> Path:
    value = {"catalog": {"provider": "itunes", "baseURL": url, "concurrency": 4, "timeoutSeconds": 20, "maxAttempts": 3,
                         "requestsPerMinute": RATE},
             "feed": {"types": ["album", "ep", "single", "compilation"], "windowDays": 120},
             "stateDatabase": "state/state.db", "outputDirectory": "feed", "keepSnapshots": 30, "ttlHours": 24}
    if setup == "household":
        value["profiles"] = [{"name": "ana", "library": [{"format": "csv", "path": "ana.csv"}]},
                             {"name": "ben", "library": [{"format": "csv", "path": "ben.csv"}]}]
    else:
        value["library"] = [{"format": "csv", "path": f"{setup}.csv"}]
    return write_json(work / "config.json", value)


def sweeps(folder: Path, setup: str) -> dict:
    work = fresh(folder / setup)
    library(work / "ana.csv", ANA)
    library(work / "ben.csv", BEN)
    library(work / "union.csv", range(1, ARTISTS + 1))
    runs = {}
    for name, fresh_releases in (("cold", False), ("warm", True)):
        path = write_json(work / f"catalog-{name}.json", catalog(fresh_releases))
        with FixtureServer(path, "--lookup-limit", "per-artist") as server:
            config(work, server.url, setup)
            result = timed(deepcut("sweep", "--config", str(work / "config.json"), "--quiet"))
            log = server.log()
        if result["exit"] != 0:
            said = result["stderr"].split("\tCommand being timed")[0].strip()[-600:]
            raise RuntimeError(f"household: the {setup} {name} sweep exited {result['exit']}: {said}")
        runs[name] = {"requests": len(log), "wall": result["wall"], "rss": result.get("maxRSS")}
    if setup == "household":
        for person in ("ana", "ben"):
            feed = json.loads((work / "feed" / person / "latest.json").read_text())
            runs[f"{person}Entries"] = len(feed["entries"])
    return runs


def measure() -> dict:
    folder = fresh(WORK / "household")
    setups = {setup: sweeps(folder, setup) for setup in ("household", "ana", "ben", "union")}
    return {"artists": ARTISTS, "shared": len(set(ANA) & set(BEN)), "rate": RATE, "setups": setups}


def section(result: dict) -> str:
    setups = result["setups"]
    household, union = setups["household"], setups["union"]
    apart = {name: setups["ana"][name]["requests"] + setups["ben"][name]["requests"] for name in ("cold", "warm")}
    met = all(household[name]["requests"] <= union[name]["requests"] for name in ("cold", "warm"))
    labels = {"household": "household (ana + ben profiles)", "ana": "Ana alone (450 artists)", "ben": "Ben alone (450 artists)",
              "union": "one library of both (600 artists)"}
    rows = [f"| {labels[setup]} | {runs['cold']['requests']} | {runs['warm']['requests']} | {runs['cold']['wall']:.1f} s |"
            for setup, runs in setups.items()]
    return f"""
## 9. A household of two profiles (issue 33) — target: the requests of one sweep: {"**met**" if met else "**missed**"}

Reproduce: `scripts/bench --only household`; how it is measured: the docstring of `bench/household.py`.
{result['artists']} iTunes artists; Ana's library holds 450, Ben's 450, {result['shared']} of them shared.

| setup | cold requests | warm requests | cold wall |
| --- | --- | --- | --- |
""" + "\n".join(rows) + f"""

Ana and Ben as two installs would send {apart['cold']} requests cold and {apart['warm']} warm; the household
sends {household['cold']['requests']} and {household['warm']['requests']}, what one library of both sends
({union['cold']['requests']} and {union['warm']['requests']}). The household published {household['anaEntries']} entries
for Ana and {household['benEntries']} for Ben from that one sweep.
"""


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "household.json", result)
    print(json.dumps(result, indent=1))
