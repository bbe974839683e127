"""Parity of imported tasks with their upstream benchmark: the same trajectories (the oracle,
the null agent, each wrong solution) scored by our verifier and by upstream's own evaluator,
run from the pinned checkout in its own environment (``python -m taskkit parity``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

AGREEMENT_TOLERANCE = 0.01


class ParityUnavailable(RuntimeError):
    """Upstream's evaluator cannot run here; the message says what is missing."""


@dataclass(frozen=True)
class ParityCase:
    """One kept trial to score: the imported task, what the agent left, and upstream's code."""

    task_dir: Path  # task.toml, tests/, solution/, wrong/
    trial_dir: Path  # workspace/ (incl. output/), mock-data/ (service DBs), logs/, home/
    checkout: Path  # the upstream checkout at the pin
    work: Path  # the bridge's scratch and venv folder
    agent: str  # oracle | null | wrong:<name>
    judge_env: dict[str, str]  # JUDGE_* of the stand-in judge reachable from the host, or {}


@dataclass(frozen=True)
class UpstreamScore:
    score: float | None  # None: upstream cannot score it here either
    detail: str = ""


class UpstreamBridge(Protocol):
    """Runs one source's upstream evaluator on our trials."""

    source: str

    def prepare(self, checkout: Path, work: Path) -> None:
        """Make upstream's evaluator runnable (its venv under ``work``), idempotently; raise
        ``ParityUnavailable`` when it cannot run here."""

    def score(self, case: ParityCase) -> UpstreamScore:
        """Upstream's own evaluator's score of what the agent left in the trial."""


def agree(ours: float | None, upstream: float | None) -> bool:
    """Both not scored, or both scored within ``AGREEMENT_TOLERANCE``."""
    if ours is None or upstream is None:
        return ours is None and upstream is None
    return abs(ours - upstream) <= AGREEMENT_TOLERANCE
