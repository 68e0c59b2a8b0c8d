"""Measurement 6 — complete against the real catalogs (issue 15), through the release `deepcut`
and `deepcut-fixture-server` processes.

- Warm requests per artist: 600 artists with heavy-tailed discographies (most 8–40 collections,
  one in ten 100–400), a cold sweep, then two warm sweeps, each after the catalog gained one new
  release for every tenth artist; under each reading of a multi-id lookup's `limit`
  (`--lookup-limit per-answer|per-artist`). Figures are the second warm sweep's requests ÷ artists
  (the first may still be finding out the reading), and whether every new release was found.
  Targets ≤ 0.05 per artist, ≤ 0.15 per answer. Issue 26: the same against a catalog that
  ignores `sort=recent` (`--lookup-sort oldest-first|shuffled`): every new release must still be
  found, and the requests per artist are reported beside the honoured figures.
- A stricter catalog: the fixture accepts a tenth of `catalog.requestsPerMinute` (600 of 6000 a
  minute, `--accept-per-minute`) and refuses the rest with iTunes' empty 403. Cold sweep of 200
  artists: exit code, share of requests refused (target ≤ 30 %), and the span from first to last
  request against the ideal at the server's pace, answered requests ÷ 600 a minute (target ≤ 2×).
- The library's ids: measurement 5's beets library (12 artists, `mb_albumartistid` and
  `mb_releasegroupid` on every album; written with sqlite3 and beets' schema from shared/samples,
  as no beets is installed offline) swept with the `musicbrainz` provider: requests against beets'
  `missing -a`, one per artist (measurement 5).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import peer
from benchlib import RESULTS, ROOT, WORK, FixtureServer, SplitMix64, deepcut, deepcut_config, fresh, timed, write_json

ARTISTS = 600
STRICT_ARTISTS = 200
CONFIGURED_RATE = 6000
SERVER_RATE = 600
SCHEMA = Path("/work/shared/samples/beets_library_schema_derived.sql")


def day(days_ago: int) -> str:
    import datetime
    return (datetime.date.today() - datetime.timedelta(days=days_ago)).isoformat()


def heavy_tailed(extra_round: int) -> dict:
    """600 artists; one in ten with 100–400 collections; `extra_round` new releases added so far."""
    random = SplitMix64(15)
    artists = []
    for index in range(1, ARTISTS + 1):
        count = 100 + int(random.unit() * 300) if index % 10 == 0 else 8 + int(random.unit() * 32)
        releases = [{"id": str(1_000_000_000 + index * 1_000 + number), "title": f"Work {index}-{number}", "type": "album",
                     "releaseDate": day(200 + number * 3)} for number in range(count)]
        releases.append({"id": str(1_000_000_000 + index * 1_000 + 999), "title": f"Recent {index}", "type": "album",
                         "releaseDate": day(20)})
        for round in range(1, extra_round + 1):
            if index % 10 == round:
                releases.append({"id": str(2_000_000_000 + index * 10 + round), "title": f"Fresh {index}-{round}",
                                 "type": "album", "releaseDate": day(1)})
        artists.append({"id": str(900_000_000 + index), "name": f"Heavy {index:04d}", "releases": releases})
    return {"artists": artists}


def sweep(work: Path) -> tuple[dict, list[str]]:
    result = timed(deepcut("sweep", "--config", str(work / "config.json"), "--quiet"))
    current = work / "feed" / "current.json"
    ids = [entry["id"] for entry in json.loads(current.read_text())["entries"]] if current.exists() else []
    return result, ids


def warm(folder: Path, reading: str, sort: str = "honoured") -> dict:
    work = fresh(folder / f"{reading}-{sort}")
    (work / "library.csv").write_text("title,artist\n" + "".join(f"Owned {i},Heavy {i:04d}\n" for i in range(1, ARTISTS + 1)))
    runs = []
    for round in range(0, 3):
        catalog = write_json(work / f"catalog-{round}.json", heavy_tailed(round))
        with FixtureServer(catalog, "--lookup-limit", reading, "--lookup-sort", sort) as server:
            deepcut_config(work, server.url, library=[{"format": "csv", "path": "library.csv"}], concurrency=4)
            result, ids = sweep(work)
            requests = len(server.log())
        fresh_ids = {str(2_000_000_000 + index * 10 + round) for index in range(1, ARTISTS + 1) if index % 10 == round}
        runs.append({"exit": result["exit"], "requests": requests, "perArtist": requests / ARTISTS,
                     "newFound": len(fresh_ids & set(ids)), "newAdded": len(fresh_ids) if round else 0})
    return {"cold": runs[0], "warm1": runs[1], "warm2": runs[2]}


def strict(folder: Path) -> dict:
    work = fresh(folder / "strict")
    (work / "library.csv").write_text("title,artist\n" + "".join(f"Owned {i},Heavy {i:04d}\n" for i in range(1, STRICT_ARTISTS + 1)))
    catalog = heavy_tailed(0)
    catalog["artists"] = catalog["artists"][:STRICT_ARTISTS]
    path = write_json(work / "catalog.json", catalog)
    with FixtureServer(path, "--accept-per-minute", str(SERVER_RATE)) as server:
        deepcut_config(work, server.url, library=[{"format": "csv", "path": "library.csv"}], concurrency=4,
                       requests_per_minute=CONFIGURED_RATE, max_attempts=1)
        result, _ = sweep(work)
        log = server.log()
    times = sorted(entry["receivedAt"] for entry in log)
    answered = sum(1 for entry in log if entry["status"] == 200)
    refused = sum(1 for entry in log if entry["status"] == 403)
    ideal = answered / SERVER_RATE * 60
    span = times[-1] - times[0]
    health = json.loads((work / "feed" / "health.json").read_text())
    return {"exit": result["exit"], "requests": len(log), "answered": answered, "refused": refused,
            "refusedShare": refused / len(log), "span": span, "ideal": ideal, "spanRatio": span / ideal,
            "pace": health["sweep"].get("pace"), "status": health["status"]}


def beets_library(folder: Path) -> Path:
    path = folder / "library.db"
    connection = sqlite3.connect(path)
    connection.executescript(SCHEMA.read_text())
    for album in peer.owned():
        connection.execute("INSERT INTO albums (album, albumartist, mb_albumartistid, mb_releasegroupid) VALUES (?, ?, ?, ?)",
                           (album["album"], album["albumartist"], album["mb_albumartistid"], album["mb_releasegroupid"]))
    connection.commit()
    connection.close()
    return path


def library_ids(folder: Path) -> dict:
    work = fresh(folder / "beets")
    library = beets_library(work)
    with FixtureServer(peer.catalog(work)) as server:
        deepcut_config(work, server.url, library=[{"format": "beets", "path": str(library)}], provider="musicbrainz",
                       concurrency=4, window_days=36_500, types=["album", "compilation"],
                       extra_catalog={"contact": "bench@example.org"})
        result, ids = sweep(work)
        log = server.log()
    return {"exit": result["exit"], "artists": peer.ARTISTS, "requests": len(log),
            "searches": sum(1 for entry in log if entry["route"] == "musicbrainz.artist"),
            "beetsRequests": peer.ARTISTS, "missingReported": len(ids)}


def measure() -> dict:
    folder = fresh(WORK / "catalog")
    return {"artists": ARTISTS, "perArtist": warm(folder, "per-artist"), "perAnswer": warm(folder, "per-answer"),
            "sortIgnored": {"perArtistOldestFirst": warm(folder, "per-artist", "oldest-first"),
                            "perArtistShuffled": warm(folder, "per-artist", "shuffled"),
                            "perAnswerOldestFirst": warm(folder, "per-answer", "oldest-first")},
            "strict": {"configuredRate": CONFIGURED_RATE, "serverRate": SERVER_RATE, "artists": STRICT_ARTISTS, **strict(folder)},
            "libraryIDs": library_ids(folder)}


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "catalog.json", result)
    print(json.dumps(result, indent=1))
