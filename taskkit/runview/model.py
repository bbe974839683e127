"""What the viewer reads, as pydantic models: a run folder's trials, each with its calls (the
services' audit log, rows changed per call) and its checkpoints' verdicts."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Verdict = Literal["pass", "fail", "not scored", "free"]


class Change(BaseModel):
    """One row a call added, changed or removed (``before``/``after``: its columns)."""

    model_config = ConfigDict(extra="ignore")

    table: str
    row_id: str
    action: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None

    @property
    def columns(self) -> list[tuple[str, Any, Any]]:
        return changed_columns(self.before, self.after)


class Call(BaseModel):
    """One request a service answered during the trial (HTTP, MCP, a UI form or page)."""

    model_config = ConfigDict(extra="ignore")

    service: str
    id: int
    at: str
    method: str
    path: str
    operation: str | None = None
    params: Any = None
    username: str | None = None
    status: int | None = None
    body: Any = None
    via: str = "http"
    fault: str | None = None
    logged_ns: int | None = None
    changes: list[Change] = Field(default_factory=list)


class RowDiff(BaseModel):
    """One row whose end state differs from the seed's (``before`` None: added; ``after``
    None: removed)."""

    model_config = ConfigDict(extra="ignore")

    service: str
    table: str
    row_id: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None

    @property
    def action(self) -> str:
        if self.before is None:
            return "added"
        return "removed" if self.after is None else "changed"

    @property
    def columns(self) -> list[tuple[str, Any, Any]]:
        """Each column that differs: (name, before, after); every column of an added or
        removed row."""
        return changed_columns(self.before, self.after)


def changed_columns(
    before: dict[str, Any] | None, after: dict[str, Any] | None
) -> list[tuple[str, Any, Any]]:
    """The columns of a row that differ between two versions (all of them where one is
    missing), as (name, before, after)."""
    old, new = before or {}, after or {}
    names = list(dict.fromkeys([*old, *new]))
    if before is not None and after is not None:
        names = [n for n in names if old.get(n) != new.get(n)]
    return [(n, old.get(n), new.get(n)) for n in names]


class Checkpoint(BaseModel):
    """One checkpoint's verdict in one step."""

    step: str
    name: str
    score: float
    goal: bool = False
    rationale: str = ""
    detail: str = ""

    @property
    def verdict(self) -> Verdict:
        return "pass" if self.score >= 1.0 else "fail"


class RunInfo(BaseModel):
    """``run.json``: how the run was made."""

    model_config = ConfigDict(extra="ignore")

    runner: str = "unknown"
    agent: str = ""
    started: str = ""
    command: str = ""
    commit: str = ""


class Trial(BaseModel):
    """One trial as the viewer shows it (``id``: its folder's name, unique in the run)."""

    id: str
    task: str
    agent: str
    reward: float | None = None
    not_scored: str | None = None
    error: str | None = None
    seconds: float | None = None
    stages: dict[str, float] = Field(default_factory=dict)
    checkpoints: list[Checkpoint] = Field(default_factory=list)
    calls: list[Call] | None = None
    """None: the folder holds no audit log (an old folder, or Harbor's)."""
    state: list[RowDiff] | None = None
    """The rows the trial left different from the seed (None: not known)."""
    call_count: int | None = None
    logs: dict[str, str] = Field(default_factory=dict)
    """The agent's and verifier's output, by file name."""
    folder: str = ""
    """Where a trial of ours was read from (its calls are read from there on demand)."""
    detailed: bool = True
    """Whether ``calls`` and ``state`` were read (False: see ``load.with_details``)."""


class Run(BaseModel):
    info: RunInfo
    trials: list[Trial]
    source: str
    """The folder read, and what kind it is ("ours" or "harbor")."""
