"""Trial throughput of ``invoke oracle --harbor --jobs N`` (``python -m bench.trials [--quick]``):
the real ``harbor run -a oracle -e docker`` per trial, on a small subset of tasks (the machine
is shared with other jobs, so the whole set three times over would take most of an hour).

- trials per minute for N = 1, 2, 4 (the trials' own wall time: first trial start to last
  trial end, from Harbor's ``result.json``; the command's wall time beside it);
- where each trial's time goes, cut at Harbor's stage timestamps: environment start
  (``compose up``), the healthcheck wait (Harbor's ``docker compose exec`` of our healthcheck
  until it passes), agent (setup and the oracle's ``solve.sh``), verifier (``tests/`` upload
  and ``test.sh``), teardown (the rest: ``compose down``, log collection);
- our own overhead: image start to ready (``docker run`` to the entrypoint's readiness line,
  every service answering ``/health``) and the verifier (``test.sh`` alone, timed with bash's
  ``time`` inside a ready container; our Docker runner's verifier stage, ``docker exec`` and
  copies included, beside it); target under 2 s in all. Harbor's verifier stage
  (upload of ``tests/`` through ``docker compose cp`` and a ``compose exec``) is recorded beside.

``--ours`` measures only our overhead (no Harbor, a few minutes); the levels are kept.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.common import previous_results, print_table, require_docker, summary, write_results
from bench.images import start_to_ready
from taskkit.images.layout import task_image

# Not shop-delivery-reminder or expense-report-csv: other sessions' Harbor tests run those, and
# clean up their containers by name.
SUBSET = [
    "airline-checkin-passport",
    "email-duplicate-cleanup",
    "health-dose-catchup",
    "calendar-import-cleanup",
]
JOBS = (1, 2, 4)
STAGES = ("env_start", "healthcheck_wait", "agent", "verifier", "teardown")
OVERHEAD_TARGET_SECONDS = 2.0


def _at(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def _span(section: dict[str, Any] | None) -> tuple[datetime, datetime] | None:
    if not section or not section.get("started_at") or not section.get("finished_at"):
        return None
    return _at(section["started_at"]), _at(section["finished_at"])


def _trial_span(result: dict[str, Any]) -> tuple[datetime, datetime]:
    span = _span(result)
    assert span is not None, f"{result.get('trial_name')}: no start or end"
    return span


def trial_stages(result: dict[str, Any]) -> dict[str, float]:
    """Seconds per stage of one Harbor ``result.json``, cut at Harbor's stage timestamps so the
    stages add up to the trial: ``env_start`` up to the end of ``compose up``,
    ``healthcheck_wait`` from there to the agent's start (Harbor execs our healthcheck until it
    passes), ``agent`` (setup and run), ``verifier`` (from the agent's end: the upload of
    ``tests/`` and ``test.sh``), ``teardown`` (the rest). A stage that did not run is 0."""
    trial = _trial_span(result)
    environment = _span(result.get("environment_setup"))
    agent = [a for k in ("agent_setup", "agent_execution") if (a := _span(result.get(k)))]
    verifier = _span(result.get("verifier"))
    cuts = [trial[0]]
    for point in (
        environment[1] if environment else None,
        agent[0][0] if agent else None,
        agent[-1][1] if agent else None,
        verifier[1] if verifier else None,
    ):
        cuts.append(max(cuts[-1], point) if point else cuts[-1])
    cuts.append(max(cuts[-1], trial[1]))
    names = ("env_start", "healthcheck_wait", "agent", "verifier", "teardown")
    stages = {
        n: (b - a).total_seconds() for n, a, b in zip(names, cuts[:-1], cuts[1:], strict=True)
    }
    stages["total"] = (trial[1] - trial[0]).total_seconds()
    return {name: round(value, 3) for name, value in stages.items()}


def run_level(tasks: list[Path], jobs: int, root: Path) -> dict[str, Any]:
    """Every task's oracle through ``invoke oracle --harbor --jobs jobs``'s runner."""
    from taskkit.oracle_harbor import run_many

    with tempfile.TemporaryDirectory(prefix=f"bench-trials-{jobs}-") as folder:
        started = time.perf_counter()
        results = run_many(tasks, agents=["oracle"], jobs=jobs, root=root, jobs_dir=Path(folder))
        command_seconds = time.perf_counter() - started
        documents = [json.loads(p.read_text()) for p in Path(folder).glob("*/*/result.json")]
    spans = [_trial_span(d) for d in documents]
    wall = (max(s[1] for s in spans) - min(s[0] for s in spans)).total_seconds()
    per_trial = [{"task": d["task_name"], **trial_stages(d)} for d in documents]
    return {
        "jobs": jobs,
        "trials": len(documents),
        "rewards": sorted((r.task, r.reward, r.error) for r in results),
        "trials_wall_seconds": round(wall, 2),
        "command_wall_seconds": round(command_seconds, 2),
        "trials_per_minute": round(len(documents) / wall * 60, 2),
        "stage_median_seconds": {
            stage: round(statistics.median(t[stage] for t in per_trial), 2)
            for stage in (*STAGES, "total")
        },
        "per_trial": per_trial,
    }


def run(quick: bool) -> dict[str, Any]:
    from taskkit.oracle_harbor import ROOT

    subset = SUBSET[:2] if quick else SUBSET
    repeats = 2
    _build(subset)  # once, so no level pays for a build
    tasks = [ROOT / "tasks" / task for task in subset] * repeats
    load_before = os.getloadavg()
    levels = [run_level(tasks, jobs, ROOT) for jobs in JOBS]
    harbor_verifier = [t["verifier"] for level in levels for t in level["per_trial"]]
    ours = our_overhead(subset, quick)
    ours["harbor_verifier_stage_seconds"] = summary(harbor_verifier)
    return {
        "tasks": subset,
        "trials_per_level": len(tasks),
        "shared_machine": "2 cores shared with other sessions' builds and trials",
        "load_average_1_5_15": {"before": load_before, "after": os.getloadavg()},
        "levels": levels,
        "ours": ours,
    }


def _build(subset: list[str]) -> None:
    from taskkit.oracle_docker import build_task_images
    from taskkit.oracle_harbor import ROOT

    built = build_task_images(subset, root=ROOT)
    failed = {task: error for task, (_s, error) in built.items() if error}
    if failed:
        raise SystemExit(f"bench: images did not build: {failed}")


def our_overhead(subset: list[str], quick: bool) -> dict[str, Any]:
    """Our part of a trial: image start to ready, and ``test.sh`` in our Docker runner."""
    import docker

    from taskkit.oracle_harbor import ROOT

    _build(subset)
    client = docker.from_env()
    load_before = os.getloadavg()
    ready = {t: summary(start_to_ready(client, task_image(t), 3 if quick else 5)) for t in subset}
    ours = docker_trials(ROOT, subset)
    exec_stage = [t.stages["verifier"] for t in ours]
    inside = [s for task in subset for s in test_sh_inside(client, task, 3 if quick else 5)]
    ready_median = statistics.median(r["median"] for r in ready.values())
    return {
        "start_to_ready_seconds": ready,
        "verifier_test_sh_seconds": summary(inside),
        "verifier_docker_runner_stage_seconds": summary(exec_stage),
        "verifier_rewards": {t.task: t.reward for t in ours},
        "start_to_ready_plus_verifier_median_seconds": round(
            ready_median + statistics.median(inside), 2
        ),
        "target_seconds": OVERHEAD_TARGET_SECONDS,
        "load_average_1_5_15": {"before": load_before, "after": os.getloadavg()},
    }


def test_sh_inside(client: Any, task: str, runs: int) -> list[float]:
    """``tests/test.sh`` timed inside a ready container of the task (bash's ``time``): the
    verifier's own cost, without the ``docker exec`` and copies around it."""
    from taskkit.oracle_docker import DockerEnv, wait_until_ready
    from taskkit.oracle_harbor import ROOT

    container = client.containers.run(task_image(task), detach=True)
    try:
        wait_until_ready(container, 120)
        DockerEnv(container).put_dir(ROOT / "tasks" / task / "tests", "/tests")
        timed = "TIMEFORMAT=%R; { time bash /tests/test.sh >/dev/null 2>&1; } 2>&1"
        return [
            float(container.exec_run(["bash", "-c", timed]).output.decode().split()[-1])
            for _ in range(runs)
        ]
    finally:
        container.remove(force=True)


def docker_trials(root: Path, subset: list[str]) -> list[Any]:
    """The subset's oracle in our Docker runner, one at a time: its verifier stage is
    ``test.sh`` alone (one ``docker exec``), without Harbor's upload and compose overhead."""
    from taskkit.oracle_docker import run_many

    results = run_many([root / "tasks" / t for t in subset], agents=["oracle"], jobs=1, root=root)
    failed = [f"{r.task}: {r.error}" for r in results if not r.ok]
    if failed:
        raise SystemExit("bench: the Docker runner's oracle failed: " + "; ".join(failed))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="two tasks, fewer ready runs")
    parser.add_argument(
        "--ours", action="store_true", help="only our part (start to ready, test.sh), no Harbor"
    )
    args = parser.parse_args()
    require_docker()
    if args.ours:
        previous = previous_results("trials", quick=args.quick)
        subset = SUBSET[:2] if args.quick else SUBSET
        harbor = previous.get("ours", {}).get("harbor_verifier_stage_seconds")
        ours = {**our_overhead(subset, args.quick), "harbor_verifier_stage_seconds": harbor}
        results = {**previous, "ours": ours}
    else:
        results = run(args.quick)
    rows = []
    for level in results["levels"]:
        stages = level["stage_median_seconds"]
        split = ", ".join(f"{s} {stages[s]:.1f}" for s in STAGES)
        rows.append(
            (
                f"--jobs {level['jobs']} ({level['trials']} trials)",
                f"{level['trials_per_minute']:.2f}/min",
                f"median s: {split}; total {stages['total']:.1f}",
            )
        )
    ours = results["ours"]
    rows.append(
        (
            "ours: start to ready + verifier (medians)",
            f"{ours['start_to_ready_plus_verifier_median_seconds']:.2f} s",
            f"target < {OVERHEAD_TARGET_SECONDS:.0f} s",
        )
    )
    print_table(f"harbor trials ({', '.join(results['tasks'])}; shared machine)", rows)
    print(f"\nwrote {write_results('trials', results, quick=args.quick)}")


if __name__ == "__main__":
    main()
