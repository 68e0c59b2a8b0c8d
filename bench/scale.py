"""Measurement 4 — scale, offline: 5,000 artists × 50 releases from cached catalog data,
50,000 library albums, 20,000 dismissals.

"Cached catalog data" is the product's own cache: the catalog memory in the state database,
which a repair run reuses. Run A (setup) sweeps every artist over loopback; one artist's search
fails all its attempts, so A is partial. Run B, within `repairWindowMinutes`, answers 4,999
artists from the catalog memory and asks the catalog only for the one that failed: the
whole pipeline with (almost) no network, timed under `/usr/bin/time -v`.

Per-stage times come from the Swift harness (ScaleBenchmark), which runs the same stages
on a copy of run B's state. The diff is compared with the same anti-join in `sqlite3`.
"""

from __future__ import annotations

import csv
import datetime
import json
import re
import textwrap
import sqlite3
import subprocess
from pathlib import Path

from benchlib import (RESULTS, WORK, FixtureServer, deepcut, deepcut_config, fresh, harness, run, timed,
                      write_json)

ARTISTS = 5_000
RELEASES_PER_ARTIST = 50
LIBRARY_PER_ARTIST = 10
DISMISSALS_PER_ARTIST = 4
WINDOW_DAYS = 120
TYPES = ["album", "ep", "single", "compilation"]
WORDS = ["Velvet", "Harbor", "Static", "Bloom", "Northern", "Echo", "Paper", "Lanterns", "Quiet", "Engine",
         "Golden", "Hour", "Midnight", "Garden", "Salt", "River", "Glass", "Houses", "Silver", "Tides"]
# About one name in ten is not ASCII, one in twenty-five a duo: the folding's slow paths are exercised.
ACCENTED = ["Sigur Rós", "Björk", "Motörhead", "Beyoncé", "Mötley Crüe", "Céline", "Zoë", "Måneskin"]


def artist_name(index: int) -> str:
    if index % 10 == 3:
        return f"{ACCENTED[index % len(ACCENTED)]} {index:04d}"
    if index % 25 == 7:
        return f"Duo {index:04d} & Partner"
    return f"Artist {index:04d}"


def release_title(index: int, number: int) -> str:
    if number % 15 == 0:
        return f"Café Nocturne {number:02d}"
    if number % 10 == 0:
        # The deluxe edition of the previous title: one family, folded by the diff.
        return release_title(index, number - 1) + " (Deluxe Edition)"
    return f"{WORDS[(index * 7 + number) % 20]} {WORDS[(index * 3 + number * 11) % 20]} {number:02d}"


def release_type(index: int, number: int) -> str:
    roll = (index * 31 + number * 17) % 20
    return "album" if roll < 9 else "single" if roll < 14 else "ep" if roll < 19 else "compilation"


def generate(folder: Path, today: datetime.date) -> dict:
    """The catalog (fixture JSON), the library CSV and the dismissals file."""
    artists, library, dismissals = [], [], []
    for index in range(1, ARTISTS + 1):
        name = artist_name(index)
        releases = []
        for number in range(1, RELEASES_PER_ARTIST + 1):
            serial = index * RELEASES_PER_ARTIST + number
            days_ago = serial * 37 % 120 if serial % 25 == 0 else 120 + serial * 53 % 3530
            releases.append({"id": str(1_000_000_000 + index * 1_000 + number), "title": release_title(index, number),
                             "type": release_type(index, number),
                             "releaseDate": (today - datetime.timedelta(days=days_ago)).isoformat()})
        releases.sort(key=lambda release: release["releaseDate"], reverse=True)
        artists.append({"id": str(900_000_000 + index), "name": name, "releases": releases})
        by_number = {int(release["id"][-3:]): release for release in releases}
        # Five owned albums the catalog lists (one with different case and spacing), five it does not.
        for number in range(1, 6):
            title = by_number[number]["title"]
            library.append((f"  {title.upper()} " if number == 1 else title, name))
        for number in range(1, LIBRARY_PER_ARTIST - 4):
            library.append((f"Old Record {number:02d}", name))
        # Two dismissals of listed releases, two of releases the catalog no longer lists.
        for number, title in [(6, by_number[6]["title"]), (7, by_number[7]["title"]),
                              (900, "Withdrawn One"), (901, "Withdrawn Two")]:
            dismissals.append({"releaseID": str(1_000_000_000 + index * 1_000 + number),
                               "albumKey": f"{title.strip().lower()}\u001f{name.strip().lower()}",
                               "dismissedAt": "2026-01-02T03:04:05Z"})
    # Artist 0002's search fails every attempt in run A (maxAttempts 3) and answers in run B.
    artists[1]["fault"] = {"kind": "status", "code": 500, "on": "search", "times": 3}
    catalog = write_json(folder / "catalog.json", {"artists": artists})
    with open(folder / "library.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["title", "artist"])
        writer.writerows(library)
    write_json(folder / "dismissals.json", dismissals)
    return {"catalog": catalog, "releases": ARTISTS * RELEASES_PER_ARTIST, "library": len(library),
            "dismissals": len(dismissals)}


def sqlite_anti_join(folder: Path, state: Path, today: datetime.date) -> dict:
    """The diff's anti-join in sqlite3 on the same data: releases from the catalog memory, owned
    albums from the library CSV, dismissals from the state database. Keys are computed in SQL
    (`lower(trim(..))`, the legacy key) from the same raw titles and artists the diff reads."""
    database = folder / "antijoin.sqlite"
    database.unlink(missing_ok=True)
    connection = sqlite3.connect(database)
    connection.executescript(f"""
        ATTACH '{state}' AS state;
        CREATE TABLE releases AS SELECT release_id AS id, title, credited_artist AS artist, type, release_date
            FROM state.catalog_releases WHERE withdrawn_at IS NULL;
        CREATE TABLE dismissed AS SELECT album_key AS key FROM state.dismissals;
        CREATE TABLE owned (title TEXT, artist TEXT);
    """)
    with open(folder / "library.csv", encoding="utf-8") as file:
        rows = list(csv.reader(file))[1:]
    connection.executemany("INSERT INTO owned VALUES (?, ?)", rows)
    connection.commit()
    connection.close()
    oldest = (today - datetime.timedelta(days=WINDOW_DAYS)).isoformat()
    query = textwrap.dedent(f"""\
        .timer on
        SELECT count(*), max(newest) FROM (
          SELECT lower(trim(title)) || char(31) || lower(trim(artist)) AS key, max(release_date) AS newest
          FROM releases
          WHERE lower(trim(title)) || char(31) || lower(trim(artist)) NOT IN
                  (SELECT lower(trim(title)) || char(31) || lower(trim(artist)) FROM owned)
            AND lower(trim(title)) || char(31) || lower(trim(artist)) NOT IN (SELECT key FROM dismissed)
            AND type IN ('album', 'ep', 'single', 'compilation')
            AND release_date BETWEEN '{oldest}' AND '{today.isoformat()}'
          GROUP BY key ORDER BY newest DESC);
    """)
    timings = []
    output = ""
    for _ in range(3):
        output = run(["sqlite3", str(database)], input_text=query).stdout
        real = re.search(r"Run Time: real ([0-9.]+)", output)
        timings.append(float(real.group(1)))
    entries = int(output.splitlines()[0].split("|")[0])
    version = run(["sqlite3", "--version"]).stdout.split()[0]
    return {"seconds": min(timings), "runs": timings, "entries": entries, "query": query.strip(), "version": version}


def measure() -> dict:
    folder = fresh(WORK / "scale")
    today = datetime.date.today()
    data = generate(folder, today)
    config = deepcut_config(folder, "http://127.0.0.1:1", library=[{"format": "csv", "path": "library.csv"}],
                            concurrency=8, window_days=WINDOW_DAYS, max_attempts=3,
                            extra={"repairWindowMinutes": 600})
    with FixtureServer(data["catalog"]) as server:
        settings = json.loads(config.read_text())
        settings["catalog"]["baseURL"] = server.url
        config.write_text(json.dumps(settings))
        run(deepcut("dismissals", "import", str(folder / "dismissals.json"), "--config", str(config)))
        cold = timed(deepcut("sweep", "--config", str(config), "--quiet"))
        warm = timed(deepcut("sweep", "--config", str(config), "--quiet"), rss_every=0.05)
        requests = len(server.log())
    health = json.loads((folder / "feed" / "health.json").read_text())
    state = folder / "state" / "state.db"
    stages = harness("scale", {"config": str(config), "state": str(state), "scratch": str(folder / "harness")},
                     folder / "harness-io")
    sqlite = sqlite_anti_join(folder, state, today)
    return {
        "data": {key: data[key] for key in ("releases", "library", "dismissals")}, "artists": ARTISTS,
        "cold": {key: cold[key] for key in ("wall", "exit", "rssMB")},
        "offline": {key: warm[key] for key in ("wall", "exit", "rssMB", "rssSamples")},
        "offlineReused": len(health["sweep"].get("reusedArtists", [])),
        "offlineEntries": health["diff"]["entries"], "requestsBothRuns": requests,
        "stages": stages, "sqlite": sqlite,
    }


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "scale.json", result)
    print(json.dumps(result, indent=1)[:4000])
