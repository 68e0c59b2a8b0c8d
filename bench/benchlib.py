"""Shared pieces of the benchmarks: paths, the fixture server process, the seeded latency
sequence, timed child processes and the in-process Swift harness.

Every benchmark drives the real release executables (`deepcut`, `deepcut-fixture-server`);
only what needs internal API (the lockstep scheduler, the bare HTTP client, per-stage timings)
runs in the Swift harness: Tests/DeepCutTests/Benchmarks, enabled by DEEPCUT_BENCH.
"""

from __future__ import annotations

import json
import math
import os
import re
import signal
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "bench"
RESULTS = WORK / "results"
BIN = ROOT / ".build" / "release"
HARNESS_BUILD = ROOT / ".build" / "bench"
BEETS_VENV = ROOT / "build" / "beets-venv"


def monotonic() -> float:
    """CLOCK_MONOTONIC, the clock the fixture server stamps `receivedAt` with."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


# MARK: - The seeded latency sequence

_MASK = (1 << 64) - 1
_P99_STANDARD_SCORE = 2.326_347_874


class SplitMix64:
    """SplitMix64 in Sources/DeepCutFixtures/Catalog/FixtureCatalog+Generated.swift, bit for bit."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def unit(self) -> float:
        """Swift's `Double.random(in: 0..<1, using:)`: the low 53 bits times 2^-53."""
        return (self.next() & ((1 << 53) - 1)) * 2.0**-53


def lognormal_latencies(count: int, median_ms: float, p99_ms: float, seed: int) -> list[float]:
    """The first `count` delays (seconds) the fixture server draws for `--lognormal-median-ms
    --lognormal-p99-ms --seed`: FixtureLatency in Sources/DeepCutFixtures/Server/FixtureServerOptions.swift (Box–Muller), reproduced exactly.

    The server draws one delay per request from one generator under a lock, so whatever order
    concurrent requests arrive in, N requests get exactly these N delays.
    """
    random = SplitMix64(seed)
    sigma = (math.log(p99_ms) - math.log(median_ms)) / _P99_STANDARD_SCORE
    delays = []
    for _ in range(count):
        uniform = 1 - random.unit()
        angle = random.unit()
        standard_normal = math.sqrt(-2 * math.log(uniform)) * math.cos(2 * math.pi * angle)
        delays.append(median_ms * math.exp(sigma * standard_normal) / 1000)
    return delays


# MARK: - The fixture server

class FixtureServer:
    """`deepcut-fixture-server` as a child process; `url` is its base URL. A context manager, or
    `start()` and `stop()` where a `with` block does not fit; `binaries` is the folder holding the
    executable (default: the release build)."""

    def __init__(self, catalog: Path, *extra: str, binaries: Path = BIN) -> None:
        self.catalog = catalog
        self.extra = list(extra)
        self.binaries = Path(binaries)
        self.process: subprocess.Popen | None = None
        self.url = ""

    def __enter__(self) -> "FixtureServer":
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    def start(self) -> "FixtureServer":
        self.process = subprocess.Popen(
            [str(self.binaries / "deepcut-fixture-server"), "--catalog", str(self.catalog), *self.extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"listening on (\S+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"fixture server did not start: {line!r} {self.process.stderr.read()}")
        self.url = match.group(1)
        return self

    def stop(self) -> None:
        """Ends the server (SIGTERM, then SIGKILL after 10 s); does nothing when it is not running."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log(self) -> list[dict]:
        """Every catalog request so far (`/_fixture/log`), oldest first."""
        with urllib.request.urlopen(self.url + "/_fixture/log", timeout=60) as response:
            return json.load(response)


# MARK: - Child processes

def run(command: list[str], *, env: dict | None = None, check: bool = True, cwd: Path | None = None,
        input_text: str | None = None) -> subprocess.CompletedProcess:
    merged = {**os.environ, **(env or {})}
    result = subprocess.run(command, env=merged, cwd=cwd, text=True, capture_output=True, input=input_text)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result


def timed(command: list[str], *, env: dict | None = None, cwd: Path | None = None, rss_every: float | None = None) -> dict:
    """Runs `command` under `/usr/bin/time -v`: wall seconds (measured here), exit code, peak RSS,
    and with `rss_every` the command's RSS (MB) sampled from /proc every that many seconds."""
    merged = {**os.environ, **(env or {})}
    started = monotonic()
    process = subprocess.Popen(["/usr/bin/time", "-v", *command], env=merged, cwd=cwd, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    samples = []
    if rss_every:
        while process.poll() is None:
            samples.append((monotonic() - started, _rss_of_child(process.pid)))
            time.sleep(rss_every)
    stdout, stderr = process.communicate()
    wall = monotonic() - started
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
    return {"wall": wall, "exit": process.returncode, "rssMB": int(rss.group(1)) / 1024 if rss else None,
            "stdout": stdout, "stderr": stderr, "rssSamples": [(round(t, 2), mb) for t, mb in samples if mb]}


def _rss_of_child(pid: int) -> float | None:
    """VmRSS (MB) of the process `/usr/bin/time` (pid) runs."""
    try:
        child = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        status = Path(f"/proc/{child[0]}/status").read_text() if child else ""
    except OSError:
        return None
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    return round(int(match.group(1)) / 1024) if match else None


def deepcut(*arguments: str, binaries: Path = BIN) -> list[str]:
    """The `deepcut` command line; `binaries` is the folder holding the executable (default: the release build)."""
    return [str(Path(binaries) / "deepcut"), *arguments]


# MARK: - The Swift harness (Tests/DeepCutTests/Benchmarks)

def harness(name: str, request: dict, workdir: Path) -> dict:
    """Runs the harness benchmark `name` (suite `<Name>Benchmark`) with `request` as its input;
    returns its output JSON."""
    workdir.mkdir(parents=True, exist_ok=True)
    input_path, output_path = workdir / f"{name}.input.json", workdir / f"{name}.output.json"
    input_path.write_text(json.dumps(request))
    output_path.unlink(missing_ok=True)
    run(["swift", "test", "--skip-build", "-c", "release", "--build-path", str(HARNESS_BUILD),
         "--filter", f"{name[0].upper()}{name[1:]}Benchmark"],
        env={"DEEPCUT_BENCH": name, "DEEPCUT_BENCH_INPUT": str(input_path), "DEEPCUT_BENCH_OUTPUT": str(output_path)},
        cwd=ROOT)
    if not output_path.exists():
        raise RuntimeError(f"harness {name} wrote no output")
    return json.loads(output_path.read_text())


# MARK: - Data

def write_json(path: Path, value: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value))
    return path


def deepcut_config(folder: Path, base_url: str, *, library: list[dict], provider: str = "itunes",
                   concurrency: int = 8, requests_per_minute: int = 1_000_000, timeout: int = 20,
                   max_attempts: int = 3, window_days: int = 120, types: list[str] | None = None,
                   extra_catalog: dict | None = None, extra: dict | None = None) -> Path:
    catalog = {"provider": provider, "baseURL": base_url, "country": "us", "concurrency": concurrency,
               "requestsPerMinute": requests_per_minute, "timeoutSeconds": timeout, "maxAttempts": max_attempts,
               **(extra_catalog or {})}
    config = {"library": library, "catalog": catalog,
              "feed": {"types": types or ["album", "ep", "single", "compilation"], "windowDays": window_days},
              "stateDatabase": "state/state.db", "outputDirectory": "feed", "keepSnapshots": 30, "ttlHours": 24,
              **(extra or {})}
    return write_json(folder / "config.json", config)


def fresh(folder: Path) -> Path:
    """An empty folder (its old contents removed)."""
    if folder.exists():
        subprocess.run(["rm", "-rf", str(folder)], check=True)
    folder.mkdir(parents=True)
    return folder


def seconds(value: float) -> str:
    return f"{value:.2f} s" if value >= 0.1 else f"{value * 1000:.0f} ms"
