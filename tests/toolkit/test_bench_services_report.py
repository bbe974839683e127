"""``python -m bench.services --service NAME`` prints what that run measured: the named services'
start-up and side-by-side rows and their own load averages, never the earlier runs' results the
record keeps for the other services and stages."""

from __future__ import annotations

from typing import Any

import pytest

from bench.services import report


def _side(rps: float) -> dict[str, Any]:
    return {"requests_per_second": rps, "p50_ms": 1.0, "p99_ms": 2.0, "non_2xx": 0}


def _record() -> dict[str, Any]:
    """A record whose shop rows are this run's and whose airline rows and stages are older."""
    versus = {
        name: {"write": {"ours": _side(90), "bare": _side(100), "ours_over_bare": ratio}}
        for name, ratio in (("shop", 0.9), ("airline", 0.42))
    }
    return {
        "startup_seconds": {"shop": {"median": 0.73}, "airline": {"median": 0.61}},
        "versus_bare": {
            "services": versus,
            "load_average_before": [9.9],
            "load_average_after": [9.9],
            "load_average_by_service": {"shop": [[1.5], [3.5]], "airline": [[9.9], [9.9]]},
        },
        "in_process": {"stale": "an earlier run's"},
    }


def test_a_service_run_prints_only_its_services_rows_and_loads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report(_record(), ["shop"])
    printed = capsys.readouterr().out
    assert "shop write: ours / bare" in printed and "0.9x" in printed, printed
    assert "start to healthy: shop (p50)" in printed and "730 ms" in printed, printed
    assert "1.5 / 3.5" in printed, f"expected the shop run's own load averages in:\n{printed}"
    for stale in ("airline", "9.9", "in process"):
        assert stale not in printed, f"an earlier run's {stale!r} was printed:\n{printed}"
