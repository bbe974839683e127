"""What ``invoke oracle`` prints beyond the trial table: the checkpoints the null agent earns
(free credit), and for wrong solutions the task x checkpoint matrix, each task's coverage (the
share of its checkpoints that fail on at least one wrong solution), its highest wrong score and
its correct alternatives' scores."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from taskkit import registries
from taskkit.agents import (
    ALTERNATIVE_PREFIX,
    EVERY_WRONG,
    NULL,
    WRONG_PREFIX,
    planned_trials,
)
from taskkit.run_resume import CannotResume, finished_trials
from taskkit.runview.record import current_commit, start_run
from taskkit.task_load import TaskConfigError, load_task_config
from taskkit.trial import TrialResult, free_credit


def runner_main(
    args: argparse.Namespace,
    run_many: Callable[..., list[TrialResult]],
    table: Callable[[list[TrialResult]], str],
    **options: Any,
) -> int:
    """What every runner's ``main`` does: the chosen tasks (:func:`chosen_tasks`), their trials
    by the runner's ``run_many`` (given ``options`` too), the report; exit 0 when every trial
    is ``ok``, 2 on an unknown task."""
    try:
        chosen = chosen_tasks(args)
    except registries.UnknownTask as exc:
        print(f"oracle: {exc}", file=sys.stderr)
        return 2
    missing = [str(p) for p in chosen if not (p / "task.toml").exists()]
    if missing or not chosen:
        where = ", ".join(missing) or str(getattr(args, "tasks_dir", None))
        print(f"oracle: no such task: {where}", file=sys.stderr)
        return 2
    invalid = invalid_configs(chosen)
    if invalid:
        print("oracle: invalid task.toml (`invoke validate` checks the rest):", file=sys.stderr)
        print("\n".join(invalid), file=sys.stderr)
        return 2
    if getattr(args, "env", None):  # e.g. the stand-in judge's variables (--judge local)
        options = {**options, "env": args.env}
    runner, agents = getattr(args, "runner", "local"), runner_agents(args)
    planned = planned_trials(chosen, agents)
    resumed: list[TrialResult] = []
    if getattr(args, "resume", False):
        try:
            resumed = resumed_trials(args.record, runner, planned)
        except CannotResume as exc:
            print(f"oracle: --resume: {exc}", file=sys.stderr)
            return 2
        options = {**options, "done": {(r.task, r.agent) for r in resumed}}
    elif getattr(args, "record", None):
        try:
            start_run(
                args.record,
                runner=runner,
                agent=", ".join(agents),
                command=command_run(sys.argv[1:], runner),
                commit=current_commit(args.root),
            )
        except FileExistsError as exc:
            print(f"oracle: --record: {exc}", file=sys.stderr)
            return 2
    if getattr(args, "record", None):
        options = {**options, "record": args.record}
    results = in_planned_order(
        [*resumed, *run_many(chosen, agents=agents, jobs=args.jobs, root=args.root, **options)],
        planned,
    )
    print(report(results, table(results), as_json=args.json, wrong=wrong_tasks(args, chosen)))
    return 0 if all(r.ok for r in results) else 1


def resumed_trials(
    record: Path | None, runner: str, planned: list[tuple[Path, str]]
) -> list[TrialResult]:
    """The planned trials the run in ``record`` holds, finished (``run_resume``); says on
    stderr how many of the plan are left."""
    if record is None:
        raise CannotResume("it goes on with the run in --record DIR: name the folder")
    wanted = {(task.name, agent) for task, agent in planned}
    resumed = [r for r in finished_trials(record, runner) if (r.task, r.agent) in wanted]
    print(
        f"oracle: --resume: {len(resumed)} of {len(planned)} trials finished in {record} "
        f"already; running the other {len(planned) - len(resumed)}",
        file=sys.stderr,
    )
    return resumed


def in_planned_order(
    results: list[TrialResult], planned: list[tuple[Path, str]]
) -> list[TrialResult]:
    """``results`` (recorded and new) in the order the run planned its trials."""
    place = {(task.name, agent): index for index, (task, agent) in enumerate(planned)}
    return sorted(results, key=lambda r: place.get((r.task, r.agent), len(place)))


RUNNER_WORDS = {"--docker": 1, "--harbor": 1, "--runner": 2}
"""The words that chose the runner, each with how many words it takes."""


def command_run(words: list[str], runner: str) -> str:
    """What was really run, as a run folder records it: ``python -m taskkit`` and ``words``
    with the runner named once as it was chosen (``invoke oracle --harbor`` passes both the
    default ``--runner local`` and ``--harbor``: the Harbor runner ran)."""
    kept, index = [], 0
    while index < len(words):
        word = words[index]
        if word.startswith("--runner="):
            index += 1
            continue
        kept += [] if word in RUNNER_WORDS else [word]
        index += RUNNER_WORDS.get(word, 1)
    return shlex.join(["python", "-m", "taskkit", *kept, "--runner", runner])


def invalid_configs(tasks: list[Path]) -> list[str]:
    """Every problem of every task.toml that does not load, one ``file:line: problem`` each."""
    problems = []
    for task in tasks:
        try:
            load_task_config(task / "task.toml")
        except TaskConfigError as exc:
            problems += str(exc).splitlines()
    return problems


def runner_agents(args: argparse.Namespace) -> list[str]:
    """The agents a runner's command line asks for (``--wrong``: every wrong solution)."""
    return [EVERY_WRONG] if getattr(args, "wrong", False) else [args.agent]


def chosen_tasks(args: argparse.Namespace) -> list[Path]:
    """The task directories a runner's command line names: ``--task`` names under ``tasks/``
    (default: every task there), or under ``--tasks-dir`` (default: every task in it); raises
    ``registries.UnknownTask`` for a name with no folder."""
    tasks_dir = getattr(args, "tasks_dir", None)
    folder = args.root / "tasks" if tasks_dir is None else tasks_dir
    named = [registries.find_task(folder, name) for name in args.task]
    if named or tasks_dir is None:
        return named or registries.task_dirs(args.root)
    return sorted(p.parent for p in tasks_dir.glob("*/task.toml"))


def wrong_tasks(args: argparse.Namespace, tasks: list[Path]) -> list[str] | None:
    """The tasks whose wrong solutions the command line asks for (``--wrong``), else None."""
    return [task.name for task in tasks] if getattr(args, "wrong", False) else None


def checkpoint_scores(result: TrialResult) -> dict[str, float]:
    """Per-checkpoint scores of a trial; a multi-step task's are named ``<step>.<checkpoint>``."""
    several = len(result.steps) > 1 or (result.steps and result.steps[0].name != "main")
    return {
        (f"{step.name}.{name}" if several else name): score
        for step in result.steps
        for name, score in step.checkpoints.items()
    }


def null_credit(results: list[TrialResult]) -> str:
    """What the null agent earns, per task and checkpoint; ``FREE`` marks free credit
    (``taskkit.trial.free_credit``, which the viewer's matrix calls too)."""
    lines = [
        "null agent, per checkpoint (FREE: it adds to the reward on the untouched seed; a goal "
        "passed beside a missed one adds nothing):"
    ]
    for result in results:
        if result.not_scored:
            lines.append(f"  {result.task}: not scored: {result.not_scored}")
            continue
        several = len(result.steps) > 1
        free = [
            f"{step.name}.{name}" if several else name
            for step in result.steps
            for name in free_credit(step.checkpoints, step.goals)
        ]
        scores = checkpoint_scores(result)
        shown = ", ".join(
            f"{name} {score:g}{' FREE' if name in free else ''}" for name, score in scores.items()
        )
        lines.append(f"  {result.task}: {shown or 'no checkpoint scores'}")
    return "\n".join(lines)


def coverage(results: list[TrialResult]) -> tuple[list[str], set[str]]:
    """A task's checkpoints (as its wrong solutions' trials name them) and those that failed
    on at least one."""
    names: list[str] = []
    failed: set[str] = set()
    for result in results:
        for name, score in checkpoint_scores(result).items():
            if name not in names:
                names.append(name)
            if score < 1:
                failed.add(name)
    return names, failed


HIGH_WRONG = 0.8
"""A wrong solution scoring this or more is a near miss of the verifier (under 5% may)."""


def wrong_matrix(results: list[TrialResult], tasks: list[str] | None = None) -> str:
    """Per task (``tasks``, default: those of ``results``): each wrong solution's and each
    correct alternative's reward and checkpoints (x failed, . passed, - not scored: its step
    never ran), then the coverage and a summary line; a task without wrong solutions is
    listed as such, a coverage gap in plain sight."""
    lines = []
    for task in dict.fromkeys([*(tasks or []), *(r.task for r in results)]):
        trials = [r for r in results if r.task == task]
        wrongs = [r for r in trials if r.agent.startswith(WRONG_PREFIX)]
        if not wrongs:
            lines.append(f"{task}: no wrong solutions (coverage unknown; add them in wrong/)")
        if not trials:
            continue
        names, failed = coverage(wrongs)
        names += [n for n in coverage(trials)[0] if n not in names]
        width = max(len(_shown_agent(r.agent)) for r in trials)
        lines.append(f"{task}: wrong solutions x checkpoints (x failed, . passed, - not scored)")
        lines += [
            f"  {'':<{width}} {'':>7}  {index + 1:>2} {name}" for index, name in enumerate(names)
        ]
        for result in trials:
            scores = checkpoint_scores(result)
            cells = " ".join(
                f"{'-' if n not in scores else 'x' if scores[n] < 1 else '.':>2}" for n in names
            )
            reward = "-" if result.reward is None else f"{result.reward:.3f}"
            why = f"  not scored: {result.not_scored}" if result.not_scored else ""
            lines.append(f"  {_shown_agent(result.agent):<{width}} {reward:>7}  {cells}{why}")
        if wrongs:
            share = len(failed) / len(names) if names else 0.0
            uncovered = [n for n in names if n not in failed]
            lines.append(
                f"  coverage: {len(failed)}/{len(names)} checkpoints fail on a wrong solution "
                f"({share:.0%})" + (f"; never failed: {', '.join(uncovered)}" if uncovered else "")
            )
        lines.append("  " + summary_line(trials))
    return "\n".join(lines)


def _shown_agent(agent: str) -> str:
    """A wrong solution by its name, an alternative as ``alt:<name>``."""
    if agent.startswith(ALTERNATIVE_PREFIX):
        return "alt:" + agent.removeprefix(ALTERNATIVE_PREFIX)
    return agent.removeprefix(WRONG_PREFIX)


def summary_line(trials: list[TrialResult]) -> str:
    """One task's numbers for its README: wrong solutions, the highest wrong score, how many
    reach 0.8 and 1.0, and its correct alternatives at 1.0."""
    wrong = [r.reward for r in trials if r.agent.startswith(WRONG_PREFIX) and r.reward is not None]
    alts = [r for r in trials if r.agent.startswith(ALTERNATIVE_PREFIX)]
    perfect = sum(1 for r in alts if r.reward is not None and r.reward >= 1.0)
    highest = f"{max(wrong):.3g}" if wrong else "-"
    return (
        f"{len(wrong)} wrong, highest wrong score {highest}, "
        f"{sum(w >= HIGH_WRONG for w in wrong)} at or above {HIGH_WRONG}, "
        f"{sum(w >= 1.0 for w in wrong)} at 1.0; alternatives: {perfect}/{len(alts)} at 1.0"
    )


def report(
    results: list[TrialResult], table: str, *, as_json: bool, wrong: list[str] | None = None
) -> str:
    """The trial table, the null agent's credit and the wrong-solution matrix; ``wrong``: the
    tasks run with ``--wrong`` (each appears in the matrix, with or without wrong solutions).
    Correct alternatives alone (``--browser-alternatives``) get the table only: a matrix
    would report their tasks as having no wrong solutions."""
    if as_json:
        return json.dumps([asdict(r) for r in results], indent=2)
    parts = [table]
    nulls = [r for r in results if r.agent == NULL]
    wrongs = [r for r in results if r.agent.startswith((WRONG_PREFIX, ALTERNATIVE_PREFIX))]
    if nulls:
        parts.append(null_credit(nulls))
    if wrong or any(r.agent.startswith(WRONG_PREFIX) for r in wrongs):
        parts.append(wrong_matrix(wrongs, wrong))
    return "\n\n".join(parts)
