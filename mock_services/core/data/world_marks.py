"""The facts of a running world that every worker of a service shares, in its DB
(``_world_marks``): when the agent phase was armed, started and ended, and the agent's calls
that operation-triggered events count. A reset to seed forgets them with the rest.

A runner arms the phase once the services are ready (the task image's entrypoint, the local
runner); it starts at the agent's first request after that, so the time an agent takes to be
installed (Harbor sets it up in the ready container) is no time of the world's.

Standard library only: ``end-agent-session`` (root, the verifier's first step) marks the end
of the agent phase with it."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ARMED_NS, STARTED_NS, STARTED_TICK = "agent_armed_ns", "agent_started_ns", "agent_started_tick"
ENDED_NS = "agent_ended_ns"
WORLD_VIA = "world"
"""The audit log's ``via`` of a request the world made (a seed's event), not the agent."""
CALLS = "calls:"
"""The prefix of an operation-triggered event's count of the agent's calls (``calls:<id>``)."""
MARKS_TABLE = "_world_marks"
_MARKS, _REQUESTS = MARKS_TABLE, "_audit_requests"  # db.py's WorldMark and AuditRequest
_BUSY_TIMEOUT_S = 10
READ_MARKS = f"SELECT name, value FROM {_MARKS}"
READ_FIRED = f"SELECT event, count(*) FROM {_REQUESTS} WHERE event IS NOT NULL GROUP BY event"
LAST_TICK = f"SELECT (SELECT tick FROM {_REQUESTS} ORDER BY id DESC LIMIT 1)"
"""The clock tick now: how many logged requests were served (refused ones tick no clock).
The last row's, as ticks never go down: a look-up by the primary key, where ``max(tick)``
needed an index that every audited write paid to keep."""
AGENT_ENDED = f"SELECT 1 FROM {_MARKS} WHERE name = '{ENDED_NS}'"
COUNT_CALL = (
    f"INSERT INTO {_MARKS} (name, value) VALUES (?, 1) "
    "ON CONFLICT (name) DO UPDATE SET value = value + 1"
)


@dataclass(frozen=True)
class AgentPhase:
    """When the agent phase started (ns since the epoch, and the clock tick then) and ended,
    and whether it is armed: to start at the agent's first request."""

    started_ns: int | None = None
    started_tick: int = 0
    ended_ns: int | None = None
    armed: bool = False

    def elapsed(self, now_ns: int) -> int:
        """Whole seconds of real time the agent phase has run (0 before it; held at its end)."""
        if self.started_ns is None:
            return 0
        until = min(now_ns, self.ended_ns) if self.ended_ns is not None else now_ns
        return max(0, (until - self.started_ns) // 1_000_000_000)

    @property
    def running(self) -> bool:
        return self.started_ns is not None and self.ended_ns is None

    @property
    def waiting(self) -> bool:
        """Armed, and the agent has not made its first request yet."""
        return self.armed and self.started_ns is None and self.ended_ns is None


def agent_phase(marks: dict[str, int]) -> AgentPhase:
    started, tick, ended = marks.get(STARTED_NS), marks.get(STARTED_TICK, 0), marks.get(ENDED_NS)
    return AgentPhase(started, tick, ended, ARMED_NS in marks)


Edge = Literal["arm", "start", "end"]


class WorldMarkError(ValueError):
    """A DB the agent phase cannot be marked in (missing, or seeded before live worlds)."""


def mark_service(db_file: Path, edge: Edge) -> bool:
    """``mark_agent_phase`` on the service DB at ``db_file`` (served or not)."""
    if not db_file.exists():
        raise WorldMarkError(f"{db_file}: no such DB; seed the service first")
    db = sqlite3.connect(db_file, timeout=_BUSY_TIMEOUT_S, isolation_level=None)
    try:
        return mark_agent_phase(db, edge)
    except sqlite3.OperationalError as exc:
        if "no such table" not in str(exc):
            raise
        raise WorldMarkError(
            f"{db_file}: seeded before live worlds existed (no {MARKS_TABLE}); seed it again"
        ) from None
    finally:
        db.close()


def mark_agent_phase(db: sqlite3.Connection, edge: Edge) -> bool:
    """Arm the agent phase (it starts at the agent's first request), start it now (the clock
    tick then too) or end it, in one transaction; False when that was marked already (the
    first mark stands), or, for an arm, the phase has started, or, for an end, never did."""
    now_ns = time.time_ns()
    db.execute("BEGIN IMMEDIATE")
    try:
        marks = dict(db.execute(READ_MARKS).fetchall())
        if edge == "arm":
            rows = [] if ARMED_NS in marks or STARTED_NS in marks else [(ARMED_NS, now_ns)]
        elif edge == "start":
            (tick,) = db.execute(LAST_TICK).fetchone()
            rows = [] if STARTED_NS in marks else [(STARTED_NS, now_ns), (STARTED_TICK, tick or 0)]
        else:
            rows = [(ENDED_NS, now_ns)] if STARTED_NS in marks and ENDED_NS not in marks else []
        db.executemany(f"INSERT INTO {_MARKS} (name, value) VALUES (?, ?)", rows)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return bool(rows)


def mark_data_dir(data_dir: Path, edge: Edge, services: list[str] | None = None) -> list[str]:
    """Mark ``edge`` in the DB of each of ``services`` under ``data_dir`` (None: every seeded
    service DB there); the services newly marked."""
    if services is None:  # ``shop.db``, not the pristine copy ``shop.seed.db``
        services = sorted(p.stem for p in data_dir.glob("*.db") if "." not in p.stem)
    names = services
    return [name for name in names if mark_service(data_dir / f"{name}.db", edge)]
