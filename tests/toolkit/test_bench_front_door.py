"""``invoke bench``: a benchmark missing a tool says so in one line, an unknown name is refused
with the list of names, and nothing is measured in either case."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.process  # runs a subprocess
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


@pytest.mark.process  # runs a subprocess
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


@pytest.mark.process  # runs a subprocess
def test_a_quick_run_writes_under_the_git_ignored_quick_folder() -> None:
    from bench.common import RESULTS, results_path

    quick = results_path("services", quick=True)
    assert results_path("services", quick=False) == RESULTS / "services.json"
    assert quick.parent != RESULTS, "a --quick run must never replace a tracked result"
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", str(quick.relative_to(ROOT))], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, f"{quick.relative_to(ROOT)} should be git-ignored"


def test_every_benchmark_with_quick_writes_its_quick_runs_apart() -> None:
    calls = re.compile(r"(?<!def )write_results\((?:[^()]|\([^()]*\))*\)", re.DOTALL)
    for module in sorted((ROOT / "bench").glob("*.py")):
        text = module.read_text()
        if "--quick" not in text:
            continue
        for call in calls.findall(text):
            assert "quick=" in call, f"{module.name}: {call!r} does not pass quick="


def test_a_stage_prints_a_line_when_it_starts_and_when_it_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.common import stage

    with stage("services 1/7: startup_seconds"):
        pass
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "> services 1/7: startup_seconds ...", lines
    assert lines[1].startswith("  services 1/7: startup_seconds: done in "), lines
