"""``invoke bench trials``: the stage split of a Harbor trial (``bench/trials.py``), read from a
``result.json`` of Harbor's shape, and the benchmark's place in ``invoke bench``."""

from __future__ import annotations

from bench.trials import STAGES, trial_stages
from taskkit.cli_dev import BENCHMARKS

RESULT = {
    "trial_name": "shop__abc",
    "started_at": "2026-12-01T06:00:00.000000Z",
    "environment_setup": {
        "started_at": "2026-12-01T06:00:00.500000Z",
        "finished_at": "2026-12-01T06:00:04.500000Z",
    },
    "agent_setup": {  # 1.5 s after compose up: Harbor's healthcheck until it passed
        "started_at": "2026-12-01T06:00:06.000000Z",
        "finished_at": "2026-12-01T06:00:06.500000Z",
    },
    "agent_execution": {
        "started_at": "2026-12-01T06:00:06.500000Z",
        "finished_at": "2026-12-01T06:00:08.500000Z",
    },
    "verifier": {  # 0.25 s after the agent: the upload of tests/
        "started_at": "2026-12-01T06:00:08.750000Z",
        "finished_at": "2026-12-01T06:00:09.750000Z",
    },
    "finished_at": "2026-12-01T06:00:12.750000Z",
}


def test_a_trial_splits_into_stages_that_add_up_to_it() -> None:
    stages = trial_stages(RESULT)
    assert stages == {
        "env_start": 4.5,
        "healthcheck_wait": 1.5,
        "agent": 2.5,
        "verifier": 1.25,
        "teardown": 3.0,
        "total": 12.75,
    }
    assert sum(stages[s] for s in STAGES) == stages["total"]


def test_a_trial_without_a_verifier_puts_the_rest_in_teardown() -> None:
    failed = {k: v for k, v in RESULT.items() if k not in ("agent_execution", "verifier")}
    stages = trial_stages(failed)
    assert stages["verifier"] == 0 and stages["agent"] == 0.5
    assert stages["teardown"] == 6.25
    assert sum(stages[s] for s in STAGES) == stages["total"]


def test_invoke_bench_knows_the_trials_benchmark() -> None:
    assert "trials" in BENCHMARKS
