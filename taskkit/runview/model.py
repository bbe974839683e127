"""What the viewer reads, as pydantic models: a run folder's trials, each with its calls (the
services' audit log, rows changed per call) and its checkpoints' verdicts."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from taskkit.runview.record import folder_parts
from taskkit.trial import scored_as_expected

Verdict = Literal["pass", "fail", "not scored", "free"]
Outcome = Literal["full marks", "partial", "zero", "not scored", "error"]
OUTCOMES: tuple[Outcome, ...] = ("full marks", "partial", "zero", "not scored", "error")


class RowVersions(BaseModel):
    """A row of a table before and after (``before`` None: added; ``after`` None: removed)."""

    model_config = ConfigDict(extra="ignore")

    table: str
    row_id: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None

    @property
    def columns(self) -> list[tuple[str, Any, Any]]:
        """Each column that differs: (name, before, after); every column of an added or
        removed row."""
        return changed_columns(self.before, self.after)


class Change(RowVersions):
    """One row a call added, changed or removed."""

    action: str


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
    event: str | None = None
    """The world event (or persona answer, ``<persona>/<rule>``) a ``via: world`` call was."""
    logged_ns: int | None = None
    """When the service logged it, on the wall clock (ns since the epoch): the real order."""
    changes: list[Change] = Field(default_factory=list)

    @property
    def wall(self) -> str | None:
        """When it was logged, on the wall clock, in the pages' one format (``2026-12-05
        02:01:45 UTC``); None where the audit log predates ``logged_ns``."""
        if self.logged_ns is None:
            return None
        return f"{datetime.fromtimestamp(self.logged_ns / 1e9, UTC):%Y-%m-%d %H:%M:%S} UTC"


class RowDiff(RowVersions):
    """One row whose end state differs from the seed's, in ``service``."""

    service: str

    @property
    def action(self) -> str:
        if self.before is None:
            return "added"
        return "removed" if self.after is None else "changed"


_MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")


def moment(value: Any) -> str | None:
    """A timestamp as every page shows it, ``2026-03-02 09:00:01 UTC`` (a naive one is UTC,
    as the services store them; an aware one is turned to UTC), or None for anything else
    (a date alone, a number, free text)."""
    if not isinstance(value, str) or not _MOMENT.match(value):
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(UTC).replace(tzinfo=None)
    return f"{parsed:%Y-%m-%d %H:%M:%S} UTC"


def plural(count: int, word: str) -> str:
    """``1 trial``, ``2 trials``: a count and its word, as every page and message says it."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def shown(value: Any) -> str:
    """A column's value on a page: a timestamp in the pages' one format, else its JSON."""
    return moment(value) or json.dumps(value, ensure_ascii=False)


def stored_alike(logged: Any, stored: Any) -> bool:
    """Whether a value as the audit log wrote it (JSON: ``true``, ``"2026-03-10T14:00:04"``,
    a JSON column parsed) and as SQLite holds it (``1``, ``"2026-03-10 14:00:04.000000"``, its
    text) are the same value."""
    if logged == stored:
        return True
    if moment(logged) is not None:
        return moment(logged) == moment(stored)
    if isinstance(stored, str) and not isinstance(logged, str):
        try:
            return bool(json.loads(stored) == logged)
        except ValueError:
            return False
    return False


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


def duration(seconds: Any) -> str:
    """A span of world time as a seed writes it (``90`` is ``1m30s``); text as given."""
    if not isinstance(seconds, int):
        return str(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{hours}h" if hours else "", f"{minutes}m" if minutes else ""]
    return "".join([*parts, f"{seconds}s" if seconds or not any(parts) else ""])


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class DeclaredEvent(BaseModel):
    """A world event the task's seed declared (``world.json``), as the services were seeded
    with it; the calls of the world whose ``event`` is its id are its occurrences."""

    model_config = ConfigDict(extra="ignore")

    id: str
    service: str
    operation: str
    when: dict[str, Any]
    repeat: dict[str, Any] | None = None

    @property
    def times(self) -> int:
        """How many times it fires in all (``repeat``)."""
        return int((self.repeat or {}).get("times", 1))

    @property
    def trigger(self) -> str:
        """When it fires, in words ("after the agent's 1st call of add_cart_item")."""
        when, repeat = self.when, self.repeat or {}
        calls = when.get("after_operation")
        if "at" in when:
            said = f"at {moment(when['at']) or when['at']} on the task clock"
        elif "after" in when:
            said = f"{duration(when['after'])} into the agent phase"
        elif isinstance(calls, dict):
            named = calls.get("operation")
            names = [named] if isinstance(named, str) else list(named or [])
            which = names[0] if len(names) == 1 else f"any of {', '.join(map(str, names))}"
            said = f"after the agent's {ordinal(int(calls.get('count', 1)))} call of {which}"
            where = [f"{k} {json.dumps(v)}" for k, v in (calls.get("where") or {}).items()]
            said += f" with {', '.join(where)}" if where else ""
            said += f", counted once {calls['since']} fired" if calls.get("since") else ""
        else:
            said = json.dumps(when)
        if "times" in repeat:
            every = repeat.get("every")
            again = f"every {duration(every)}" if every else "every as many calls again"
            said += f"; {repeat['times']} times, {again}"
        return said


class CitedCall(BaseModel):
    """An audit entry a checkpoint read (``matched``: it picked the entry out)."""

    model_config = ConfigDict(extra="ignore")

    service: str
    id: int
    matched: bool = False


class StateRead(BaseModel):
    """A table a checkpoint read: the rows by id, or None for the whole table."""

    model_config = ConfigDict(extra="ignore")

    service: str
    table: str
    rows: list[str] | None = None


class CallRef(BaseModel):
    """An audit entry by its service and id."""

    model_config = ConfigDict(extra="ignore")

    service: str
    id: int


class FailedOn(BaseModel):
    """What a rule of the SDK found wrong while the checkpoint ran: calls (a process rule's
    hits) and rows by id (an unexpected row or field)."""

    model_config = ConfigDict(extra="ignore")

    calls: list[CallRef] = Field(default_factory=list)
    rows: list[StateRead] = Field(default_factory=list)


class Evidence(BaseModel):
    """What a checkpoint looked at, as the verifier SDK recorded it (both empty: nothing)."""

    model_config = ConfigDict(extra="ignore")

    calls: list[CitedCall] = Field(default_factory=list)
    state: list[StateRead] = Field(default_factory=list)
    failed_on: FailedOn | None = None
    """None: no rule found anything wrong, or an older verifier that did not say."""
    computed: list[str] = Field(default_factory=list)
    """The verifier's cached helpers it ran (what they read is in ``calls`` and ``state``)."""
    cached: list[str] = Field(default_factory=list)
    """The cached helpers whose answers it reused (read under the checkpoint that ran them)."""

    @property
    def matched(self) -> list[CitedCall]:
        return [c for c in self.calls if c.matched]


class JudgeNote(BaseModel):
    """Where a judge (an LLM, or the stand-in judge) scored a checkpoint: which, and why."""

    model_config = ConfigDict(extra="ignore")

    model: str = ""
    rationale: str


class Checkpoint(BaseModel):
    """One checkpoint's verdict in one step."""

    step: str
    name: str
    score: float
    goal: bool = False
    rationale: str = ""
    detail: str = ""
    weight: float | None = None
    """Its weight in the reward (None: the folder does not say)."""
    scored: bool = True
    judge: JudgeNote | None = None
    evidence: Evidence | None = None
    """None: the folder predates the record of what checkpoints looked at."""

    @property
    def anchor(self) -> str:
        """The id of its row on the trial page."""
        return f"checkpoint-{self.step}-{self.name}"

    @property
    def verdict(self) -> Verdict:
        if not self.scored:
            return "not scored"
        return "pass" if self.score >= 1.0 else "fail"


class RunInfo(BaseModel):
    """``run.json``: how the run was made."""

    model_config = ConfigDict(extra="ignore")

    runner: str = "unknown"
    agent: str = ""
    started: str = ""
    command: str = ""
    commit: str = ""


class OutputFile(BaseModel):
    """A file the agent handed in (``outputs.json``), with the text kept of it."""

    path: str
    """Where the agent wrote it, in the container ("/home/node/.openclaw/output/brief.md")."""
    bytes: int
    kept: int
    text: str = ""


class LogText(BaseModel):
    """A log as a trial folder kept it: its size, and its end where it is long."""

    text: str
    bytes: int
    """The file's size."""
    kept: int
    """How many of its last bytes ``text`` holds (``bytes`` where the whole)."""


class Trial(BaseModel):
    """One trial as the viewer shows it (``id``: its folder's name, unique in the run)."""

    id: str
    task: str
    """The task's own name (``shop-dup``), also for a Harbor trial (``dataset`` says the rest)."""
    agent: str
    dataset: str | None = None
    """The dataset Harbor named the task with (``liveclawbench`` of ``liveclawbench/shop-dup``),
    shown beside the task: trials of both runners compare and filter by the task's name alone."""
    reward: float | None = None
    not_scored: str | None = None
    error: str | None = None
    seconds: float | None = None
    stages: dict[str, float] = Field(default_factory=dict)
    started: str | None = None
    """When the trial started and finished on the wall clock, where the folder says (Harbor's
    ``started_at`` and ``finished_at``)."""
    finished: str | None = None
    checkpoints: list[Checkpoint] = Field(default_factory=list)
    scoring_notes: list[str] = Field(default_factory=list)
    """How the verifier turned the checkpoints into the reward, where it said (a goal missed
    caps the reward)."""
    calls: list[Call] | None = None
    """None: the folder holds no audit log (an old folder, or Harbor's)."""
    state: list[RowDiff] | None = None
    """The rows the trial left different from the seed (None: not known)."""
    events: list[DeclaredEvent] | None = None
    """The world events the task's seed declared (None: not recorded: a folder from before
    ``world.json``, or Harbor's)."""
    call_count: int | None = None
    logs: dict[str, LogText] = Field(default_factory=dict)
    """The agent's and verifier's output (and Harbor's ``trial.log``), by file name."""
    outputs: list[OutputFile] = Field(default_factory=list)
    """What the agent handed in where tasks put it (read with the trial's details)."""
    exception: str | None = None
    """The traceback of what broke the trial, where Harbor wrote one (``exception.txt``)."""
    unreadable: list[str] = Field(default_factory=list)
    """The parts of the folder that cannot be read (``result.json``, ``calls.json``,
    ``state.json``, ``checkpoints``, ``outputs.json``, ``world.json``; ``error`` says why): the
    trial is in error, and the page says these are unknown rather than absent."""
    folder: str = ""
    """Where the trial was read from (a trial of ours reads its calls from there on demand)."""
    harbor: bool = False
    """Whether the folder is one of Harbor's trials (else ours)."""
    stamp: tuple[int, int] = (0, 0)
    """The folder as it was just before it was read (``load.folder_stamp``): a trial whose
    folder has changed since is read again (``load.fresh``)."""
    detailed: bool = True
    """Whether ``calls`` and ``state`` were read (False: see ``load.with_details``)."""

    @property
    def label(self) -> str:
        """The trial's own part of its id, as the run's table shows it (the task and agent
        have their columns): a trial of ours by what follows ``<task>__<agent>__``, whole
        ("_x1" keeps its "_"); another (Harbor's) by its whole id."""
        parts = folder_parts(self.id)
        return parts[2] if parts else self.id

    @property
    def outcome(self) -> Outcome:
        """Error for any trial with an error, also one that still got a reward (an agent
        that exited non-zero, then was scored): it keeps its reward (``scored_error``)."""
        if self.unreadable:
            return "error"
        if self.not_scored:
            return "not scored"
        if self.reward is None or self.error:
            return "error"
        return "full marks" if self.reward >= 1.0 else "partial" if self.reward > 0 else "zero"

    @property
    def scored_error(self) -> bool:
        """An error (the agent exited non-zero, say) and yet a reward: both are shown."""
        return (
            bool(self.error)
            and self.reward is not None
            and not self.not_scored
            and not self.unreadable
        )

    @property
    def expected(self) -> bool | None:
        """Whether the reward is what this agent should get, as ``invoke oracle`` judges it
        (None: any other agent, no reward, or a folder that cannot be read whole)."""
        return (
            None
            if self.reward is None or self.unreadable
            else scored_as_expected(self.agent, self.reward)
        )


class Run(BaseModel):
    info: RunInfo
    trials: list[Trial]
    source: str
    """The folder read, and what kind it is ("ours" or "harbor")."""
