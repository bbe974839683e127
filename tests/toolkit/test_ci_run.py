"""``.ci/run`` lints, checks formatting (the ruff rules in pyproject.toml) and types (mypy) before
pytest."""

from __future__ import annotations

from pathlib import Path

CI_RUN = Path(__file__).resolve().parents[2] / ".ci" / "run"


CHECKS_IN_ORDER = (
    "python -m ruff check .",
    "python -m ruff format --check .",
    "python -m mypy",
    "python -m pytest -n auto",
)


def test_ci_runs_ruff_then_mypy_before_the_tests() -> None:
    commands = [line.split("#")[0].strip() for line in CI_RUN.read_text().splitlines()]
    missing = [c for c in CHECKS_IN_ORDER if c not in commands]
    assert not missing, f"expected .ci/run to run {missing}"
    order = [commands.index(c) for c in CHECKS_IN_ORDER]
    assert order == sorted(order), f"expected {CHECKS_IN_ORDER} in this order, got lines {order}"
