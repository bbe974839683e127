"""``.ci/run`` lints and checks formatting (the ruff rules in pyproject.toml) before pytest."""

from __future__ import annotations

from pathlib import Path

CI_RUN = Path(__file__).resolve().parents[2] / ".ci" / "run"


def test_ci_runs_ruff_check_and_format_check_before_the_tests() -> None:
    commands = [line.split("#")[0].strip() for line in CI_RUN.read_text().splitlines()]
    order = [
        commands.index(c)
        for c in ("python -m ruff check .", "python -m ruff format --check .", "python -m pytest")
    ]
    assert order == sorted(order)
