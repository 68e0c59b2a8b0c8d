"""Measurement 5 — the peer: beets 2.14.1 `beet missing -a` against deepcut (`beets` library
source, `musicbrainz` provider), both reading the same beets library.db and asking the same
loopback fake MusicBrainz WS/2 (the fixture server's `/ws/2/` routes).

- at equal politeness (1 request/s: beets `musicbrainz.ratelimit: 1`, deepcut
  `catalog.requestsPerMinute: 60`) and unthrottled;
- requests made (the fixture's request log) and whether both report the same missing release
  groups (beets by release-group id; deepcut's feed ids are release-group ids too);
- a failing artist (malformed JSON for its release groups): beets' exit code and output vs deepcut's.

beets runs in a venv under build/ (`pip install beets==2.14.1`), configured through BEETSDIR, with
one bench-only plugin (bench/beetsplug/benchua.py) that puts beets' contact URL in parentheses,
the User-Agent form the fixture insists on.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from benchlib import (BEETS_VENV, RESULTS, ROOT, WORK, FixtureServer, deepcut, deepcut_config, fresh, run, timed,
                      write_json)

ARTISTS = 12
GROUPS_PER_ARTIST = 40
BEETS_VERSION = "2.14.1"
FAILING_ARTIST = 3


def mbid(numeric: str) -> str:
    """MusicBrainzID in Sources/DeepCutFixtures/Routes/MusicBrainzRoute.swift."""
    digits = numeric.rjust(32, "0")
    return "-".join([digits[0:8], digits[8:12], digits[12:16], digits[16:20], digits[20:32]])


def group_type(index: int, number: int) -> str:
    # Odd artists have 34 album-type groups (more than the 25 beets reads), even ones 20.
    albums = 34 if index % 2 else 20
    if number > albums:
        return "single" if number % 2 else "ep"
    return "compilation" if number % 9 == 0 else "album"


def catalog(folder: Path, failing: int | None = None) -> Path:
    artists = []
    for index in range(1, ARTISTS + 1):
        artist = {"id": str(900_000_000 + index), "name": f"Peer Artist {index:02d}", "releases": [
            {"id": str(1_000_000_000 + index * 1_000 + number), "title": f"Record {index:02d}-{number:02d}",
             "type": group_type(index, number),
             "releaseDate": f"{1990 + number}-{1 + index % 12:02d}-{1 + number % 28:02d}"}
            for number in range(1, GROUPS_PER_ARTIST + 1)]}
        if index == failing:
            artist["fault"] = {"kind": "malformed", "on": "lookup"}
        artists.append(artist)
    return write_json(folder / ("catalog-failing.json" if failing else "catalog.json"), {"artists": artists})


def owned() -> list[dict]:
    """Each artist's groups 1–3 and 30–31 (beyond beets' first 25 for the odd artists)."""
    return [{"albumartist": f"Peer Artist {index:02d}", "album": f"Record {index:02d}-{number:02d}",
             "mb_albumartistid": mbid(str(900_000_000 + index)),
             "mb_releasegroupid": mbid(str(1_000_000_000 + index * 1_000 + number))}
            for index in range(1, ARTISTS + 1) for number in (1, 2, 3, 30, 31)]


def ensure_beets() -> Path:
    beet = BEETS_VENV / "bin" / "beet"
    if not beet.exists() or BEETS_VERSION not in run([str(beet), "version"], check=False,
                                                    env={"BEETSDIR": str(WORK / "beets-probe")}).stdout:
        run(["python3", "-m", "venv", str(BEETS_VENV)])
        run([str(BEETS_VENV / "bin" / "pip"), "install", "--quiet", f"beets=={BEETS_VERSION}"])
    return beet


def beets_config(folder: Path, base_url: str, rate_limit: int) -> dict:
    host = re.sub(r"^https?://", "", base_url)
    beetsdir = folder / f"beetsdir-{rate_limit}"
    beetsdir.mkdir(exist_ok=True)
    (beetsdir / "config.yaml").write_text(
        f"directory: {folder / 'music'}\nlibrary: {folder / 'library.db'}\n"
        f"pluginpath: [{ROOT / 'bench' / 'beetsplug'}]\nplugins: [musicbrainz, missing, benchua]\n"
        f"musicbrainz:\n  host: {host}\n  https: no\n  ratelimit: {rate_limit}\n  ratelimit_interval: 1\n")
    return {"BEETSDIR": str(beetsdir)}


def run_beets(beet: Path, folder: Path, catalog_path: Path, rate_limit: int) -> dict:
    with FixtureServer(catalog_path) as server:
        result = timed([str(beet), "missing", "-a", "--release-types", "album", "-f", "$mb_releasegroupid"],
                       env=beets_config(folder, server.url, rate_limit))
        log = server.log()
    return {"wall": result["wall"], "exit": result["exit"], "requests": len(log),
            "missing": sorted(line.strip() for line in result["stdout"].splitlines() if line.strip()),
            "stderr": result["stderr"].split("\tCommand being timed")[0].strip()}


def run_deepcut(folder: Path, catalog_path: Path, requests_per_minute: int, label: str) -> dict:
    work = fresh(folder / f"deepcut-{label}")
    with FixtureServer(catalog_path) as server:
        config = deepcut_config(work, server.url, library=[{"format": "beets", "path": str(folder / "library.db")}],
                                provider="musicbrainz", concurrency=4, requests_per_minute=requests_per_minute,
                                window_days=36_500, types=["album", "compilation"],
                                extra_catalog={"contact": "bench@example.org"})
        result = timed(deepcut("sweep", "--config", str(config), "--quiet"))
        log = server.log()
    current = work / "feed" / "current.json"
    entries = json.loads(current.read_text())["entries"] if current.exists() else []
    return {"wall": result["wall"], "exit": result["exit"], "requests": len(log),
            "missing": sorted(entry["id"] for entry in entries),
            "stderr": result["stderr"].split("\tCommand being timed")[0].strip()}


def measure() -> dict:
    folder = fresh(WORK / "peer")
    beet = ensure_beets()
    good, failing = catalog(folder), catalog(folder, failing=FAILING_ARTIST)
    write_json(folder / "owned.json", owned())
    run([str(BEETS_VENV / "bin" / "python"), str(ROOT / "bench" / "beets_library.py"), str(folder / "owned.json"),
         str(folder / "library.db")], env={"BEETSDIR": str(folder / "beetsdir-setup")})
    results = {
        "politeBeets": run_beets(beet, folder, good, rate_limit=1),
        "politeDeepcut": run_deepcut(folder, good, 60, "polite"),
        "fastBeets": run_beets(beet, folder, good, rate_limit=1_000),
        "fastDeepcut": run_deepcut(folder, good, 1_000_000, "fast"),
        "failingBeets": run_beets(beet, folder, failing, rate_limit=1_000),
        "failingDeepcut": run_deepcut(folder, failing, 1_000_000, "failing"),
    }
    expected = sorted(mbid(str(1_000_000_000 + index * 1_000 + number))
                      for index in range(1, ARTISTS + 1) for number in range(1, GROUPS_PER_ARTIST + 1)
                      if group_type(index, number) in ("album", "compilation") and number not in (1, 2, 3, 30, 31))
    beets_found, deepcut_found = set(results["politeBeets"]["missing"]), set(results["politeDeepcut"]["missing"])
    return {
        "artists": ARTISTS, "groupsPerArtist": GROUPS_PER_ARTIST, "ownedAlbums": len(owned()),
        "expectedMissing": len(expected), **results,
        "agreement": {"beets": len(beets_found), "deepcut": len(deepcut_found), "both": len(beets_found & deepcut_found),
                      "onlyDeepcut": len(deepcut_found - beets_found), "onlyBeets": len(beets_found - deepcut_found),
                      "deepcutEqualsExpected": sorted(deepcut_found) == expected,
                      "beetsMissedBeyond25": len(set(expected) - beets_found)},
        "failingArtist": f"Peer Artist {FAILING_ARTIST:02d}",
    }


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "peer.json", result)
    print(json.dumps({key: value for key, value in result.items()}, indent=1)[:6000])
