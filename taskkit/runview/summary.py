"""What the run page computes from the trials: each task's summary over repeated trials, the
task x checkpoint matrix, a trial's net changes against the seed, and two runs compared."""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass, field
from typing import Any

from taskkit.runview.load import with_details
from taskkit.runview.model import Call, CitedCall, Evidence, RowDiff, Run, Trial, Verdict
from taskkit.trial import NULL_AGENTS, free_credit


@dataclass
class TaskSummary:
    task: str
    agent: str
    trials: int
    mean: float | None
    low: float | None
    high: float | None
    spread: float | None
    """The population standard deviation of the rewards (0 for one trial)."""
    unscored: int = 0
    """Trials without a reward (an error, not scored): left out of the mean and spread."""
    scored_errors: int = 0
    """Trials in error that still got a reward (the agent exited non-zero): counted."""


def summaries(run: Run) -> list[TaskSummary]:
    groups: dict[tuple[str, str], list[Trial]] = {}
    for trial in run.trials:
        groups.setdefault((trial.task, trial.agent), []).append(trial)
    found = []
    for (task, agent), trials in sorted(groups.items()):
        rewards = [t.reward for t in trials if t.reward is not None]
        found.append(
            TaskSummary(
                task,
                agent,
                len(trials),
                statistics.fmean(rewards) if rewards else None,
                min(rewards, default=None),
                max(rewards, default=None),
                statistics.pstdev(rewards) if rewards else None,
                len(trials) - len(rewards),
                sum(t.scored_error for t in trials),
            )
        )
    return found


@dataclass
class MatrixCell:
    verdict: str
    """pass, fail, not scored, free, or mixed (repeated trials that disagree)."""
    label: str


@dataclass
class MatrixRow:
    """One agent's trials of a task: a cell per checkpoint (``step/name`` where the task has
    steps) over all of them."""

    agent: str
    trials: list[Trial]
    cells: dict[str, MatrixCell] = field(default_factory=dict)


@dataclass
class TaskMatrix:
    task: str
    checkpoints: list[str]
    rows: list[MatrixRow]


def cell_name(step: str, name: str, steps: set[str]) -> str:
    return f"{step}/{name}" if len(steps) > 1 else name


def _verdicts(trial: Trial, names: list[str], steps: set[str]) -> dict[str, Verdict]:
    if trial.not_scored:
        return dict.fromkeys(names, "not scored")
    free = free_checkpoints(trial)
    return {
        cell_name(c.step, c.name, steps): "free" if (c.step, c.name) in free else c.verdict
        for c in trial.checkpoints
    }


def free_checkpoints(trial: Trial) -> set[tuple[str, str]]:
    """The (step, checkpoint) pairs of a null agent's trial that earn free credit, as
    ``taskkit.trial.free_credit`` defines it (the same as ``invoke oracle --null`` marks FREE);
    none for any other agent, or a trial not scored. The matrix and the trial's page both
    mark these."""
    if trial.agent not in NULL_AGENTS or trial.not_scored:
        return set()
    found = set()
    for step in dict.fromkeys(c.step for c in trial.checkpoints):
        scored = [c for c in trial.checkpoints if c.step == step and c.scored]
        scores = {c.name: c.score for c in scored}
        found |= {(step, name) for name in free_credit(scores, [c.name for c in scored if c.goal])}
    return found


def _cell(verdicts: list[Verdict]) -> MatrixCell:
    if len(set(verdicts)) == 1:
        word = verdicts[0]
        return MatrixCell(word, word if len(verdicts) == 1 else f"{word}, all {len(verdicts)}")
    passed = sum(v in ("pass", "free") for v in verdicts)
    return MatrixCell("mixed", f"{passed} of {len(verdicts)} pass")


def matrices(run: Run) -> list[TaskMatrix]:
    """Per task, its agents x its checkpoints, over repeated trials. A checkpoint that earns
    the null agent credit is free (``free_checkpoints``); a trial not scored has every cell
    so."""
    by_task: dict[str, list[Trial]] = {}
    for trial in run.trials:
        by_task.setdefault(trial.task, []).append(trial)
    found = []
    for task, trials in sorted(by_task.items()):
        steps = {c.step for t in trials for c in t.checkpoints}
        names = list(
            dict.fromkeys(cell_name(c.step, c.name, steps) for t in trials for c in t.checkpoints)
        )
        by_agent: dict[str, list[Trial]] = {}
        for trial in sorted(trials, key=lambda t: (t.agent, t.id)):
            by_agent.setdefault(trial.agent, []).append(trial)
        rows = []
        for agent, theirs in by_agent.items():
            verdicts = [_verdicts(t, names, steps) for t in theirs]
            cells = {
                name: _cell([v[name] for v in verdicts if name in v])
                for name in names
                if any(name in v for v in verdicts)
            }
            rows.append(MatrixRow(agent, theirs, cells))
        found.append(TaskMatrix(task, names, rows))
    return found


def state_diff(calls: list[Call]) -> list[RowDiff]:
    """Where a folder kept no ``state.json``: the rows its calls left changed, each row's
    first ``before`` against its last ``after``; a row changed and changed back is not
    listed (writes that bypassed the services are not seen)."""
    first: dict[tuple[str, str, str], dict[str, Any] | None] = {}
    last: dict[tuple[str, str, str], dict[str, Any] | None] = {}
    for call in calls:
        for change in call.changes:
            key = (call.service, change.table, change.row_id)
            first.setdefault(key, change.before)
            last[key] = change.after
    return [
        RowDiff(service=key[0], table=key[1], row_id=key[2], before=first[key], after=last[key])
        for key in sorted(first, key=lambda k: (k[0], k[1], _row_order(k[2])))
        if first[key] != last[key]
    ]


def _row_order(row_id: str) -> tuple[int, str]:
    return (int(row_id), "") if row_id.isdigit() else (0, row_id)


CHANNELS = {"http": "API", "mcp": "MCP", "ui": "UI", "world": "world"}
"""How a call reached its service (the audit log's ``via``), as the pages name it."""


def channel(via: str) -> str:
    """The channel a call came through, by the audit log's ``via`` ("API" for "http")."""
    return CHANNELS.get(via, via)


def call_aspects(call: Call) -> dict[str, Any]:
    """What two trajectories compare call by call, by name: who made the call, through which
    channel, to which service and operation (the MCP tool, the route's), by which method and
    route, with what arguments, how it ended and the rows it changed."""
    return {
        "service": call.service,
        "user": call.username,
        "channel": channel(call.via),
        "operation": call.operation,
        "route": f"{call.method} {call.path}",
        "arguments": json.dumps([call.params, call.body], sort_keys=True, default=str),
        "status": call.status,
        "rows changed": sorted(  # in any order: a call's changes are not logged in one
            json.dumps(
                [c.table, c.row_id, c.action, c.before, c.after], sort_keys=True, default=str
            )
            for c in call.changes
        ),
    }


def differing(left: Call, right: Call) -> list[str]:
    """The aspects (``call_aspects``) in which two calls differ, in that order."""
    one, other = call_aspects(left), call_aspects(right)
    return [name for name in one if one[name] != other[name]]


@dataclass
class TrialPair:
    key: str
    before: Trial | None
    after: Trial | None
    first_divergence: int | None
    """The index of the first call where the two trajectories differ (None: the same calls,
    or no calls to compare)."""
    differs: list[str] = field(default_factory=list)
    """What differs in that call (``call_aspects``' names); empty where one trajectory ended
    there."""

    @property
    def status(self) -> str:
        """changed outcome, changed score, same, or only in one run."""
        if self.before is None or self.after is None:
            return "only in one run"
        if self.before.outcome != self.after.outcome:
            return "changed outcome"
        return "changed score" if self.before.reward != self.after.reward else "same"


def compare(one: Run, other: Run) -> list[TrialPair]:
    """The trials of two runs paired by task, agent and order of appearance; by task and
    order alone where each run has one agent and they differ (one agent's run against
    another's). A task is named by its own name in both (Harbor's "liveclawbench/shop-dup" is
    read as "shop-dup", ``load``)."""
    agents = ({t.agent for t in one.trials}, {t.agent for t in other.trials})
    by_agent = not (len(agents[0]) == len(agents[1]) == 1 and agents[0] != agents[1])

    def keyed(run: Run) -> dict[str, Trial]:
        seen: dict[str, int] = {}
        found = {}
        for trial in sorted(run.trials, key=lambda t: (t.task, t.agent, t.id)):
            group = f"{trial.task} · {trial.agent}" if by_agent else trial.task
            seen[group] = seen.get(group, 0) + 1
            found[f"{group} · #{seen[group]:02d}"] = trial
        return found

    first, second = keyed(one), keyed(other)
    pairs = []
    for key in sorted({*first, *second}):
        a, b = first.get(key), second.get(key)
        a = with_details(a) if a is not None else None
        b = with_details(b) if b is not None else None
        divergence, differs = None, []
        if a is not None and b is not None and a.calls is not None and b.calls is not None:
            left, right = a.calls, b.calls
            divergence = next(
                (i for i, (x, y) in enumerate(zip(left, right, strict=False)) if differing(x, y)),
                None if len(left) == len(right) else min(len(left), len(right)),
            )
            if divergence is not None and divergence < min(len(left), len(right)):
                differs = differing(left[divergence], right[divergence])
        pairs.append(TrialPair(key, a, b, divergence, differs))
    return pairs


@dataclass
class ReadCalls:
    """The calls of one service a checkpoint read and passed over: all the service's calls in
    the trial (``whole``, shown as a count), or these."""

    service: str
    calls: list[CitedCall]
    whole: bool
    total: int
    """How many calls the service logged in the trial."""


def read_calls(
    evidence: Evidence, calls: list[Call] | None, failed_on: set[tuple[str, int]]
) -> list[ReadCalls]:
    """A checkpoint's calls read and passed over, by service, but those it failed on (listed
    as such); a service whose every call it read (an ``audit_log`` of the whole trial) is one
    line, not thousands of links."""
    by_service: dict[str, list[CitedCall]] = {}
    for cited in evidence.calls:
        by_service.setdefault(cited.service, [])
        if not cited.matched and (cited.service, cited.id) not in failed_on:
            by_service[cited.service].append(cited)
    totals: dict[str, int] = {}
    for call in calls or []:
        totals[call.service] = totals.get(call.service, 0) + 1
    found = []
    for service, examined in by_service.items():
        read = sum(1 for c in evidence.calls if c.service == service)
        whole = calls is not None and read == totals.get(service, -1) and len(examined) > 5
        if examined:
            found.append(ReadCalls(service, examined, whole, totals.get(service, 0)))
    return found
