"""``invoke bench``: a benchmark missing a tool says so in one line, an unknown name is refused
with the list of names, and nothing is measured in either case."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_services_without_wrk_names_it_and_how_to_get_it(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.services", "--quick"],
        cwd=ROOT,
        env={"PATH": str(tmp_path)},  # an empty folder: no wrk, no npm
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("bench: missing `wrk`")
    assert "apt-get install wrk" in done.stderr and "apt-get install npm" in done.stderr


def test_invoke_bench_refuses_an_unknown_benchmark_with_the_known_ones() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "invoke", "bench", "servces"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert (
        "bench: no benchmark 'servces'; expected one of services, images, validate, reliability"
        in (done.stderr)
    )
