"""Measurement 1 — scheduling vs the ideal: 2,000 artists, width 8, a fixture server whose
latency is lognormal (median 40 ms, p99 400 ms, seed 7).

ideal = (sum of the latencies the server drew) ÷ width. The server draws one delay per request,
in arrival order, from one SplitMix64 generator seeded with --seed, so the N requests of a run
get exactly the first N delays of that sequence, whatever their order: benchlib.lognormal_latencies
reproduces it bit for bit (checked against the Swift implementation), and N is the length of the
server's request log. Every run starts a fresh server, so every run sees the same sequence.

Rows:
- `deepcut sweep` (the product: sliding window, CurlHTTPClient), process wall time and peak RSS;
- the same sweep by the last release before the libcurl client (URLSessionHTTPClient, commit
  BEFORE_COMMIT, built from `git archive` into build/bench/before): the before/after of issue 19;
- the harness's sliding window and a lockstep-chunk scheduler (the original app's: start `width`
  artists, wait for all of them, start the next chunk), same provider, same client, same seed;
- `curl --parallel --parallel-max 8` over the product run's exact URLs (from the request log),
  same seed: what a client holding 8 connections reaches on this server.

Start-up: `deepcut --version` of both binaries, best and median of 20, process spawn to exit.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import statistics

from benchlib import (BIN, ROOT, RESULTS, WORK, FixtureServer, deepcut_config, fresh, harness, lognormal_latencies, monotonic,
                      run, timed, write_json)
from client import catalog

ARTISTS = 2_000
WIDTH = 8
MEDIAN_MS, P99_MS, SEED = 40, 400, 7
# The last commit on URLSessionHTTPClient.
BEFORE_COMMIT = "0988079"
BEFORE = WORK / "before"
LATENCY = ["--lognormal-median-ms", str(MEDIAN_MS), "--lognormal-p99-ms", str(P99_MS), "--seed", str(SEED)]


def ideal(requests: int, width: int) -> dict:
    delays = lognormal_latencies(requests, MEDIAN_MS, P99_MS, SEED)
    return {"requests": requests, "latencySum": sum(delays), "ideal": sum(delays) / width}


def row(label: str, wall: float, requests: int, width: int = WIDTH, **extra: object) -> dict:
    expected = ideal(requests, width)
    return {"label": label, "wall": wall, "width": width, **expected, "ratio": wall / expected["ideal"], **extra}


def before_binary() -> Path:
    """The release `deepcut` of BEFORE_COMMIT, built once into build/bench/before."""
    binary = BEFORE / ".build" / "release" / "deepcut"
    if not binary.exists():
        source = fresh(BEFORE)
        archive = subprocess.run(["git", "archive", "--format=tar", BEFORE_COMMIT], cwd=ROOT, check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive.stdout, check=True)
        run(["swift", "build", "-c", "release", "--product", "deepcut"], cwd=source)
    return binary


def startup(binary: Path, times: int = 20) -> dict:
    walls = []
    for _ in range(times):
        started = monotonic()
        run([str(binary), "--version"])
        walls.append(monotonic() - started)
    return {"best": min(walls), "median": statistics.median(walls)}


def product_run(folder: Path, catalog_path: Path, binary: Path = BIN / "deepcut",
                label: str = "deepcut sweep (product)", name: str = "product") -> tuple[dict, list[str]]:
    work = fresh(folder / name)
    library = work / "library.csv"
    library.write_text("title,artist\n" + "".join(f"Owned {index},Artist {index:04d}\n" for index in range(1, ARTISTS + 1)))
    with FixtureServer(catalog_path, *LATENCY) as server:
        config = deepcut_config(work, server.url, library=[{"format": "csv", "path": "library.csv"}],
                                concurrency=WIDTH, requests_per_minute=1_000_000)
        result = timed([str(binary), "sweep", "--config", str(config), "--quiet"])
        log = server.log()
    urls = [f"{server.url}{entry['path']}?{entry['query']}" for entry in log]
    first, last = min(entry["receivedAt"] for entry in log), max(entry["receivedAt"] for entry in log)
    return row(label, result["wall"], len(log), exit=result["exit"], requestSpan=last - first, rssMB=result["rssMB"]), urls


def harness_run(folder: Path, catalog_path: Path, scheduler: str, width: int) -> dict:
    with FixtureServer(catalog_path, *LATENCY) as server:
        output = harness("scheduling", {"baseURL": server.url, "artists": [f"Artist {index:04d}" for index in range(1, ARTISTS + 1)],
                                        "width": width, "scheduler": scheduler}, folder / "io")
        requests = len(server.log())
    return row(f"harness: {scheduler} window" if scheduler == "sliding" else f"harness: {scheduler} chunks",
               output["wall"], requests, width, fetched=output["fetched"], failed=output["failed"])


def curl_run(folder: Path, catalog_path: Path, urls: list[str]) -> dict:
    with FixtureServer(catalog_path, *LATENCY) as server:
        rebased = [server.url + url[url.index("/", len("http://")):] for url in urls]
        config = folder / "urls.curl"
        config.write_text("".join(f'url = "{url}"\noutput = "/dev/null"\n' for url in rebased))
        started = monotonic()
        run(["curl", "--silent", "--show-error", "--parallel", "--parallel-max", str(WIDTH), "--config", str(config)])
        wall = monotonic() - started
        requests = len(server.log())
    return row("curl --parallel-max 8, same URLs", wall, requests)


def measure() -> dict:
    folder = fresh(WORK / "schedule")
    catalog_path = catalog(folder, ARTISTS, 10)
    product, urls = product_run(folder, catalog_path)
    before_path = before_binary()
    before, _ = product_run(folder, catalog_path, before_path, f"deepcut sweep before (URLSession, {BEFORE_COMMIT})", "before")
    rows = [product,
            harness_run(folder, catalog_path, "sliding", WIDTH),
            harness_run(folder, catalog_path, "lockstep", WIDTH),
            harness_run(folder, catalog_path, "sliding", 4),
            curl_run(folder, catalog_path, urls)]
    return {"artists": ARTISTS, "width": WIDTH, "latency": {"medianMs": MEDIAN_MS, "p99Ms": P99_MS, "seed": SEED},
            "rows": rows, "before": before, "beforeCommit": BEFORE_COMMIT,
            "startup": {"after": startup(BIN / "deepcut"), "before": startup(before_path)}}


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "schedule.json", result)
    print(json.dumps(result, indent=1))
