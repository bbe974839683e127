"""``--sweep`` (``invoke test --sweep``): a test marked ``sweep(sample=...)`` runs its sampled
cases in the suite and every case when sweeping; other tests are untouched."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.services.test_conformance import FUZZ_SAMPLE, SERVICES

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.process  # runs pytest in a subprocess


def _collected(*extra: str) -> list[str]:
    conformance = "tests/services/test_conformance.py"
    quiet = ("--collect-only", "-q", "-p", "no:cacheprovider")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", conformance, *quiet, *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return re.findall(r"::(\w+)\[([\w-]+)\]", run.stdout)


def test_the_suite_fuzzes_its_sample_and_a_sweep_every_service() -> None:
    fuzzed = "test_schemathesis_finds_nothing"
    sampled, swept = _collected(), _collected("--sweep")
    assert sorted(s for t, s in sampled if t == fuzzed) == sorted(FUZZ_SAMPLE)
    assert sorted(s for t, s in swept if t == fuzzed) == sorted(SERVICES)
    others = [(t, s) for t, s in swept if t != fuzzed]
    assert others and [(t, s) for t, s in sampled if t != fuzzed] == others
