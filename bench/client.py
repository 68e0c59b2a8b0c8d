"""Measurement 2 — client overhead vs curl: the same 2,000 iTunes lookup URLs fetched 8 at a
time by deepcut's HTTP layer (`URLSessionHTTPClient` in the Swift harness, sliding window) and
by `curl --parallel --parallel-max 8 --config urls.curl`, from a zero-latency fixture server,
so what is left is the clients' own cost (and the server's, which both pay alike).
"""

from __future__ import annotations

import json
from pathlib import Path

from benchlib import RESULTS, WORK, FixtureServer, fresh, harness, monotonic, run, write_json
from scale import release_title, release_type

ARTISTS = 2_000
RELEASES_PER_ARTIST = 20
WIDTH = 8
REPEATS = 3


def catalog(folder: Path, artists: int, releases: int, names=lambda index: f"Artist {index:04d}") -> Path:
    """A fixture catalog of `artists` × `releases`, dates spread over two years."""
    return write_json(folder / "catalog.json", {"artists": [
        {"id": str(900_000_000 + index), "name": names(index), "releases": [
            {"id": str(1_000_000_000 + index * 1_000 + number), "title": release_title(index, number),
             "type": release_type(index, number),
             "releaseDate": f"20{24 + number % 2}-{1 + (index + number) % 12:02d}-{1 + number % 28:02d}"}
            for number in range(1, releases + 1)]}
        for index in range(1, artists + 1)]})


def lookup_urls(base: str, artists: int) -> list[str]:
    return [f"{base}/lookup?id={900_000_000 + index}&entity=album&limit=200&country=us" for index in range(1, artists + 1)]


def curl(config: Path) -> float:
    started = monotonic()
    run(["curl", "--silent", "--show-error", "--fail", "--parallel", "--parallel-max", str(WIDTH), "--config", str(config)])
    return monotonic() - started


def measure() -> dict:
    folder = fresh(WORK / "client")
    with FixtureServer(catalog(folder, ARTISTS, RELEASES_PER_ARTIST)) as server:
        urls = lookup_urls(server.url, ARTISTS)
        (folder / "urls.txt").write_text("\n".join(urls) + "\n")
        (folder / "urls.curl").write_text("".join(f'url = "{url}"\noutput = "/dev/null"\n' for url in urls))
        curl(folder / "urls.curl")  # warm-up: page cache, server threads
        curl_runs, deepcut_runs, deepcut = [], [], {}
        for _ in range(REPEATS):
            curl_runs.append(curl(folder / "urls.curl"))
            deepcut = harness("client", {"urls": str(folder / "urls.txt"), "width": WIDTH, "repeats": 1}, folder / "io")
            deepcut_runs += deepcut["runs"]
        served = len(server.log())
    best_curl, best_deepcut = min(curl_runs), min(deepcut_runs)
    return {"urls": len(urls), "width": WIDTH, "curlRuns": curl_runs, "deepcutRuns": deepcut_runs,
            "curl": best_curl, "deepcut": best_deepcut, "ratio": best_deepcut / best_curl,
            "deepcutStatuses": deepcut["statuses"], "bytesPerRun": deepcut["bytes"], "served": served,
            "curlVersion": run(["curl", "--version"]).stdout.splitlines()[0]}


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "client.json", result)
    print(json.dumps(result, indent=1))
