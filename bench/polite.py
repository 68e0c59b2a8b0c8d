"""Measurement 3 — politeness: a real `deepcut sweep` at `catalog.requestsPerMinute` R against a
zero-latency fixture server, judged from the server's own request log (`receivedAt`, CLOCK_MONOTONIC).

- Peak rate: the most requests the server received in any 10 s window [t, t + 10 s), t at a
  request, scaled to a minute (× 6). Target ≤ R.
- Total time: the sweep's process wall time, and the span from the first request received to
  the last, against the ideal requests ÷ R. Target ≤ 1.01 × ideal (issue 31).
"""

from __future__ import annotations

import bisect
import json
from pathlib import Path

from benchlib import RESULTS, WORK, FixtureServer, deepcut, deepcut_config, fresh, timed, write_json
from client import catalog

RATE = 600
MARGIN_RATE = 599
ARTISTS = 250
WINDOW_SECONDS = 10.0


def peak_in_window(times: list[float], window: float) -> int:
    times = sorted(times)
    return max((bisect.bisect_left(times, start + window) - index for index, start in enumerate(times)), default=0)


def shortest_span(times: list[float], count: int) -> float | None:
    """The shortest time in which the server received `count` consecutive requests."""
    times = sorted(times)
    return min((times[index + count - 1] - times[index] for index in range(len(times) - count + 1)), default=None)


def sweep(folder: Path, configured_rate: int) -> dict:
    """One sweep at `configured_rate`, judged against RATE."""
    work = fresh(folder / f"rate-{configured_rate}")
    (work / "library.csv").write_text("title,artist\n" + "".join(f"Owned {index},Artist {index:04d}\n"
                                                                 for index in range(1, ARTISTS + 1)))
    with FixtureServer(folder / "catalog.json") as server:
        config = deepcut_config(work, server.url, library=[{"format": "csv", "path": "library.csv"}],
                                concurrency=4, requests_per_minute=configured_rate)
        result = timed(deepcut("sweep", "--config", str(config), "--quiet"))
        log = server.log()
    times = [entry["receivedAt"] for entry in log]
    requests = len(times)
    ideal = requests / RATE * 60
    span = max(times) - min(times)
    peak = peak_in_window(times, WINDOW_SECONDS)
    per_window = int(RATE * WINDOW_SECONDS / 60)
    gaps = sorted(later - earlier for earlier, later in zip(sorted(times), sorted(times)[1:]))
    return {
        "configuredRate": configured_rate, "requests": requests, "exit": result["exit"],
        "wall": result["wall"], "span": span, "ideal": ideal,
        "wallRatio": result["wall"] / ideal, "spanRatio": span / ideal,
        "peakIn10s": peak, "peakPerMinute": peak * 60 / WINDOW_SECONDS,
        # The densest run of one request more than a window allows: how much too early its last one came.
        "shortestSpanOverAllowance": shortest_span(times, per_window + 1),
        "minGap": gaps[0] if gaps else None, "medianGap": gaps[len(gaps) // 2] if gaps else None,
        "statuses": sorted({entry["status"] for entry in log if entry["status"] is not None}),
    }


def measure() -> dict:
    folder = fresh(WORK / "polite")
    catalog(folder, ARTISTS, 5)
    # The configured rate, and 0.2 % under it: what a safety margin in the limiter would do.
    return {"rate": RATE, "artists": ARTISTS, "windowSeconds": WINDOW_SECONDS,
            **sweep(folder, RATE), "margin": sweep(folder, MARGIN_RATE)}


if __name__ == "__main__":
    result = measure()
    write_json(RESULTS / "polite.json", result)
    print(json.dumps(result, indent=1))
