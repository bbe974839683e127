"""Checkpoints with weights and rationales, aggregated into one reward.

    verifier = Verifier("flight-change-notice")

    @verifier.checkpoint(weight=2, rationale="the flight change email was read")
    def found_change() -> bool: ...

    if __name__ == "__main__":
        verifier.main()

A checkpoint returns a bool, a number in [0, 1], a ``Result`` (score and detail) or the
``Findings`` of an SDK rule. One that raises scores 0 with the error as its detail. ``main``
writes the reward files, prints ``Score: X.X/1.0`` and exits 0 iff the score >= 0.5; if the
verifier itself breaks it still writes a reward of 0 with the reason, and exits 2.
``verify.py --describe`` prints the checkpoints as JSON instead, scoring nothing.

Goal gates: a checkpoint declared ``goal=True`` is what the task is for. While every goal
scores 1.0 the reward is the weighted mean of all checkpoints; once a goal scores less, the
reward is ``GOAL_CAP`` times the weighted mean of the secondary checkpoints alone, so a run
that misses its goal fails (exit 1) however tidy the rest.

Not scored: a checkpoint that needs what is not configured here (an LLM judge) raises
``NotScorable(reason)``, and the run is not scored: the reward files say 0 (Harbor needs a
number) and ``_meta_not_scored`` gives the reason, which the runners report as "not scored",
never as a 0 or a failure. A checkpoint of a layer that never runs here (an imported task's
live site) returns ``Result(0, reason, scored=False)`` instead: it is left out of the reward
and of ``reward.json``, and ``reward_meta.json`` marks it ``"scored": false``. When a goal or
every checkpoint is left out, the run is not scored, as above, unless a goal that was scored
is missed: that fails the run whatever could not be scored (as a product of factors is 0 once
one factor is).
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mock_services.verify.evidence import cached_helpers, recording, watching_helpers
from mock_services.verify.reward import (
    META_PREFIX,
    NOT_SCORED_KEY,
    NotScorable,
    VerifierFault,
    exit_code,
    format_reward,
    score_line,
    write_reward,
)

CRASH_EXIT = 2
NOT_SCORED_EXIT = 3
# A run that misses a goal scores below the 0.5 pass line (exit code 1, and under the null
# agent's bar), whatever its secondary checkpoints earn.
GOAL_CAP = 0.49
DESCRIBE_FLAG = "--describe"
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Result:
    """A checkpoint's score and why. ``extra``: numbers it adds to ``reward.json`` beside its
    score (an LLM judge's per-criterion grades); ``meta``: what it adds to
    ``reward_meta.json`` (``_meta_<key>``: the judge's model and rationale)."""

    score: float
    detail: str = ""
    scored: bool = True
    extra: dict[str, float] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    judge: dict[str, str] | None = None
    """Where a judge scored it: its ``model`` and ``rationale``, kept apart from ``detail``."""
    evidence: dict[str, Any] | None = field(default=None, compare=False)
    """What the checkpoint read (``evidence.Evidence.as_meta``), set by ``Checkpoint.run``."""


@dataclass
class Checkpoint:
    name: str
    weight: float
    rationale: str
    check: Callable[[], Any]
    goal: bool = False

    def __post_init__(self) -> None:
        if not _KEY.match(self.name) or self.name == "reward":
            raise ValueError(f"checkpoint name {self.name!r}: expected an identifier, not 'reward'")
        if isinstance(self.weight, bool) or not self.weight > 0:
            raise ValueError(f"checkpoint {self.name!r}: weight {self.weight!r} must be > 0")
        if not self.rationale.strip():
            raise ValueError(f"checkpoint {self.name!r}: give a rationale (why it matters)")

    def run(self) -> Result:
        """The check's result, with what it read (the audit entries, the tables) as its
        evidence."""
        with recording() as evidence, watching_helpers(cached_helpers(self.check), evidence):
            result = self._run()
        return replace(result, evidence=evidence.as_meta())

    def _run(self) -> Result:
        try:
            outcome = self.check()
        except AssertionError as exc:
            return Result(0.0, f"assertion failed: {exc}" if str(exc) else "assertion failed")
        except VerifierFault:
            raise
        except Exception as exc:
            return Result(0.0, f"{type(exc).__name__}: {exc}")
        return _as_result(self.name, outcome)


def _as_result(name: str, outcome: Any) -> Result:
    if hasattr(outcome, "as_result"):  # the Findings of an SDK rule, a judge's Grade
        outcome = outcome.as_result()
    if isinstance(outcome, Result):
        _check_range(name, outcome.score)
        return outcome
    if isinstance(outcome, tuple) and len(outcome) == 2:
        score, detail = outcome
    else:
        score, detail = outcome, ""
    if outcome is None:
        raise TypeError(f"checkpoint {name!r} returned None; return a bool, a number or Result")
    _check_range(name, float(score))
    return Result(float(score), str(detail))


def _check_range(name: str, score: float) -> None:
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"checkpoint {name!r} scored {score!r}; expected a number in [0, 1]")


@dataclass
class Outcome:
    """Per-checkpoint scores and the weighted reward."""

    reward: float | None
    scores: dict[str, Result]
    rationales: dict[str, str]
    goals: tuple[str, ...] = ()
    weights: dict[str, float] = field(default_factory=dict)

    @property
    def goals_missed(self) -> list[str]:
        return [n for n in self.goals if self.scores[n].scored and self.scores[n].score < 1]

    @property
    def not_scored(self) -> dict[str, str]:
        """The checkpoints that could not be scored here, with why."""
        return {name: r.detail for name, r in self.scores.items() if not r.scored}

    @property
    def unscorable(self) -> str | None:
        """Why the run as a whole is not scored (a goal or every checkpoint not scored), else
        None. A goal scored and missed decides the run whatever else was left out: it fails."""
        if self.goals_missed:
            return None
        left_out = self.not_scored
        goals = [n for n in self.goals if n in left_out]
        if goals or (left_out and len(left_out) == len(self.scores)):
            named = goals or list(left_out)
            return "; ".join(f"{n}: {left_out[n]}" for n in named)
        return None

    def rewards(self, task: str) -> dict[str, Any]:
        """The reward dict: the scored checkpoints and the reward, or for a run that is not
        scored a reward of 0 with the reason under ``_meta_not_scored``."""
        values: dict[str, Any] = {n: r.score for n, r in self.scores.items() if r.scored}
        for name, result in self.scores.items():
            clash = sorted(k for k in result.extra if k == "reward" or k in values)
            if clash:
                raise ValueError(f"checkpoint {name!r}: its extra rewards {clash} clash")
            values.update(result.extra if result.scored else {})
        if self.reward is None:
            values = {"reward": 0.0, NOT_SCORED_KEY: self.unscorable}
        else:
            values["reward"] = self.reward
        for result in self.scores.values():
            values.update({f"{META_PREFIX}{k}": v for k, v in result.meta.items()})
        values[f"{META_PREFIX}task"] = task
        values[f"{META_PREFIX}checkpoints"] = {
            name: {
                "score": r.score,
                "detail": r.detail,
                "rationale": self.rationales[name],
                "weight": self.weights.get(name, 1.0),
                "goal": name in self.goals,
                **({} if r.scored else {"scored": False}),
                **({} if r.judge is None else {"judge": r.judge}),
                **({} if r.evidence is None else {"evidence": r.evidence}),
            }
            for name, r in self.scores.items()
        }
        if self.goals_missed:
            values[f"{META_PREFIX}goals_missed"] = self.goals_missed
            values[f"{META_PREFIX}goal_cap"] = GOAL_CAP
        return values


@dataclass
class Verifier:
    """A task's checkpoints; ``main()`` is the whole of a verify.py's ``__main__``."""

    task: str
    checkpoints: list[Checkpoint] = field(default_factory=list)

    def checkpoint(
        self, *, weight: float = 1.0, rationale: str, name: str | None = None, goal: bool = False
    ) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
        def register(function: Callable[[], Any]) -> Callable[[], Any]:
            self.add(
                name or function.__name__, function, weight=weight, rationale=rationale, goal=goal
            )
            return function

        return register

    def add(
        self,
        name: str,
        check: Callable[[], Any],
        *,
        weight: float,
        rationale: str,
        goal: bool = False,
    ) -> None:
        if any(c.name == name for c in self.checkpoints):
            raise ValueError(f"checkpoint {name!r} is defined twice")
        self.checkpoints.append(Checkpoint(name, weight, rationale, check, goal))

    def evaluate(self) -> Outcome:
        if not self.checkpoints:
            raise RuntimeError(f"verifier {self.task!r} has no checkpoints")
        scores = {c.name: c.run() for c in self.checkpoints}
        goals = tuple(c.name for c in self.checkpoints if c.goal)
        rationales = {c.name: c.rationale for c in self.checkpoints}
        weights = {c.name: c.weight for c in self.checkpoints}
        outcome = Outcome(0.0, scores, rationales, goals, weights)
        scored = [c for c in self.checkpoints if scores[c.name].scored]
        if outcome.unscorable:
            outcome.reward = None
        elif outcome.goals_missed:
            secondary = [c for c in scored if not c.goal]
            outcome.reward = round(GOAL_CAP * _weighted_mean(secondary, scores), 6)
        else:
            outcome.reward = round(_weighted_mean(scored, scores), 6)
        return outcome

    def describe(self) -> dict[str, Any]:
        """The checkpoints without scoring them: what ``verify.py --describe`` prints."""
        return {
            "task": self.task,
            "goal_cap": GOAL_CAP,
            "checkpoints": [
                {"name": c.name, "weight": c.weight, "goal": c.goal, "rationale": c.rationale}
                for c in self.checkpoints
            ],
        }

    def main(self, directory: Path | None = None, argv: list[str] | None = None) -> int:
        """Score, write the reward files, print the result; exits with the seed's code.
        With ``--describe``, print the checkpoints as JSON and exit 0, scoring nothing."""
        arguments = sys.argv[1:] if argv is None else argv
        if arguments == [DESCRIBE_FLAG]:
            print(json.dumps(self.describe(), indent=2))
            sys.exit(0)
        if arguments:
            sys.exit(f"usage: verify.py [{DESCRIBE_FLAG}]; got {arguments}")
        code = run_scored(lambda: self._score(directory), self.task, directory)
        sys.exit(code)

    def _score(self, directory: Path | None) -> float | None:
        outcome = self.evaluate()
        for name, result in outcome.scores.items():
            mark = "PASS" if result.score >= 1 else "PART" if result.score > 0 else "FAIL"
            mark = mark if result.scored else "N/S "
            detail = f" - {result.detail}" if result.detail else ""
            goal = " (goal)" if name in outcome.goals else ""
            print(f"[{mark}] {name}{goal} {format_reward(result.score)}{detail}")
        if outcome.goals_missed:
            missed = ", ".join(outcome.goals_missed)
            print(f"goal missed ({missed}): the reward is capped at {GOAL_CAP}")
        write_reward(outcome.rewards(self.task), directory)
        return outcome.reward


def _weighted_mean(checkpoints: list[Checkpoint], scores: dict[str, Result]) -> float:
    """0.0 for no checkpoints (a task whose every checkpoint is a goal earns nothing)."""
    total = sum(c.weight for c in checkpoints)
    return sum(c.weight * scores[c.name].score for c in checkpoints) / total if total else 0.0


def run_scored(score: Callable[[], float | None], task: str, directory: Path | None = None) -> int:
    """Run ``score`` (which writes its reward files); on a crash write reward 0 with why.

    Returns the exit code: 0 iff score >= 0.5, 1 below, 2 when the verifier crashed, 3 when
    the run is not scored (``score`` returned None, or raised ``NotScorable``).
    """
    try:
        value = score()
    except Exception as exc:
        reason = f"{type(exc).__name__}: {exc}"
        values = {
            "reward": 0.0,
            f"{META_PREFIX}error": reason,
            f"{META_PREFIX}traceback": traceback.format_exc(limit=8),
            f"{META_PREFIX}task": task,
        }
        if isinstance(exc, NotScorable):  # Harbor needs a number; the runners read this
            values[NOT_SCORED_KEY] = str(exc)
        write_reward(values, directory)
        if isinstance(exc, NotScorable):
            print(f"not scored: {exc}")
            return NOT_SCORED_EXIT
        print(f"verifier crashed: {reason}", file=sys.stderr)
        print(score_line(0.0))
        return CRASH_EXIT
    if value is None:
        print("Score: not scored (see _meta_not_scored in reward_meta.json)")
        return NOT_SCORED_EXIT
    print(score_line(value))
    return exit_code(value)
