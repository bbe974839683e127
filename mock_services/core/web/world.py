"""A service's live world: its clock in the agent phase, and the seed's events fired as
requests of the world.

``WorldMiddleware`` wraps the service's app (inside the MCP endpoint, so a tool call passes it
as an API call does). Before an agent's request it tells the request how long the agent phase
has run (a running clock) and fires the timed events that are due; after it, it counts the
agent's call if an event waits for it, and fires that event once its count is reached. An
event is a request to the service's own app, so it passes the same validation, business layer
and audit log as the agent's calls; its audit entry says ``via: world`` and names the event.

An event is atomic with the call that fires it: a request whose operations an event still
waits for (or a persona hears) holds the service's writers from before its handler runs until
the events and answers it fired are written (``TriggerHold``), so no other write of the agent's,
in any thread or worker, is served between the call and what it sets off.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from mock_services.core.base.clock import Clock
from mock_services.core.base.write_lock import WriteLock
from mock_services.core.base.wsgi_call import WsgiApp, inner_environ, run_wsgi
from mock_services.core.data.audit import (
    AUDIT_REQUEST_KEY,
    CALL_INPUTS_KEY,
    CALL_PARAMS_KEY,
    ELAPSED_KEY,
    EVENT_KEY,
    OPERATIONS_KEY,
    REPLAY_ELAPSED_KEY,
    TRIGGER_HOLD_KEY,
    VIA_KEY,
    WORLD_CALLER_KEY,
)
from mock_services.core.data.transaction import Transaction
from mock_services.core.data.world_marks import (
    CALLS,
    COUNT_CALL,
    LAST_TICK,
    READ_FIRED,
    READ_MARKS,
    WORLD_VIA,
    AgentPhase,
    agent_phase,
    mark_service,
)
from mock_services.core.seeding.personas import Persona
from mock_services.core.seeding.world_events import (
    AfterOperation,
    WorldEvent,
    WorldState,
    due_occurrences,
)
from mock_services.core.spec.hearing import RECIPIENTS, Hearing, WorldCall
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.conversations import answer_heard, request_changes
from mock_services.core.web.routes import RULE_PARAM, operation_routes

if TYPE_CHECKING:
    from mock_services.core.web.runtime import Runtime

StartResponse = Any
_NOT_THE_AGENT = ("/health", "/admin/", "/static/", "/openapi.json", "/docs")
"""Paths whose requests neither fire events nor count as the agent's calls: probes, the
verifier's and runners' admin routes, assets and documentation."""
_SERVER_KEYS = (
    *("SERVER_NAME", "SERVER_PORT", "SERVER_PROTOCOL", "HTTP_HOST", "wsgi.version"),
    *("wsgi.url_scheme", "wsgi.errors", "wsgi.multithread", "wsgi.multiprocess"),
)


@dataclass(frozen=True)
class WorldSnapshot:
    """What the DB says of the world at one moment: the agent phase, the last clock tick,
    when the phase started in world time, each event's occurrences and the counted calls."""

    phase: AgentPhase
    tick: int
    started: datetime | None
    fired: dict[str, int]
    calls: dict[str, int]
    world: World

    def elapsed(self, now_ns: int) -> int:
        return self.phase.elapsed(now_ns) if self.world.running else 0

    def state(self, elapsed: int) -> WorldState:
        now = self.world.clock.at(self.tick, elapsed)
        return WorldState(now, self.started, self.fired, self.calls)

    @cached_property
    def next_due(self) -> datetime | None:
        """The world time of the earliest timed occurrence not fired yet, if any."""
        pending = [
            at
            for event in self.world.events
            for k, at in enumerate(event.moments(self.started) or [], 1)
            if k > self.fired.get(event.id, 0)
        ]
        return min(pending, default=None)

    @cached_property
    def due_from(self) -> int | None:
        """The first ``elapsed`` (whole seconds of the agent phase) at which the earliest timed
        occurrence not fired yet is due; None if none ever comes at this tick."""
        if self.next_due is None:
            return None
        ahead = self.next_due - self.world.clock.at(self.tick)
        if ahead <= timedelta(0):
            return 0
        if not self.world.running:
            return None  # a frozen clock moves with ticks only, and a tick is a new snapshot
        return -(-ahead // timedelta(microseconds=1) // 1_000_000)

    def due(self, elapsed: int) -> list[tuple[WorldEvent, int]]:
        """The timed occurrences due at ``elapsed`` (none, at the cost of one comparison,
        until the earliest comes)."""
        if self.due_from is None or elapsed < self.due_from:
            return []
        return due_occurrences(self.world.events, self.state(elapsed))


class SnapshotCache:
    """Each server thread's last ``WorldSnapshot``, read again only once the DB changed
    (SQLite's ``data_version``, asked on a read-only connection of the thread's own): a
    request to a live world costs one pragma, not a transaction of its own. A seed that
    replaces the DB file gives the runtime a new ``World`` when it reopens the file, and the
    thread its connection to the new file with it."""

    def __init__(self, db_path: Path) -> None:
        self._path = db_path
        self._local = threading.local()

    def get(self, world: World) -> WorldSnapshot:
        local = self._local
        if getattr(local, "world", None) is not world:
            if getattr(local, "db", None) is not None:
                local.db.close()
            local.db = sqlite3.connect(f"file:{self._path}?mode=ro", uri=True, timeout=10)
            local.cursor = local.db.cursor()
            local.world, local.version = world, None
        (version,) = local.cursor.execute("PRAGMA data_version").fetchone()
        if version != local.version:
            local.db.execute("BEGIN")
            try:
                local.snapshot = world.snapshot(lambda sql: local.db.execute(sql).fetchall())
            finally:
                local.db.execute("COMMIT")
            local.version = version
        snapshot: WorldSnapshot = local.snapshot
        return snapshot


@dataclass(frozen=True)
class World:
    """A seed's events, personas and clock mode, with the route of each operation the world
    may perform."""

    events: list[WorldEvent]
    clock: Clock
    timezone: str
    routes: Mapping[str, tuple[str, str]]
    """(method, Flask rule) of each operation the service can perform."""
    personas: list[Persona] = field(default_factory=list)
    hearing: Hearing | None = None

    @property
    def running(self) -> bool:
        return self.clock.mode == "running"

    @cached_property
    def counts_calls(self) -> bool:
        """Whether the world waits for the agent's calls: an event for an operation, or a
        persona for a message."""
        return bool(self.personas) or bool(self._waiting)

    @cached_property
    def _waiting(self) -> dict[str, list[WorldEvent]]:
        """The operation-triggered events, by each operation they wait for."""
        waiting: dict[str, list[WorldEvent]] = {}
        for event in self.events:
            if (trigger := event.when.after_operation) is not None:
                for operation in trigger.operations:
                    waiting.setdefault(operation, []).append(event)
        return waiting

    @cached_property
    def filters_calls(self) -> bool:
        """Whether an event counts only calls with given fields (``where``)."""
        return any(t.where for t in _triggers(self.events))

    @cached_property
    def _heard(self) -> frozenset[str]:
        """The operations whose messages a persona may hear."""
        return self.hearing.operations if self.personas and self.hearing else frozenset()

    @cached_property
    def trigger_operations(self) -> frozenset[str]:
        """The operations an event waits for or a persona hears: any other call leaves the
        world as it is."""
        return frozenset(self._waiting) | self._heard

    def hears(self, operations: Iterable[str]) -> bool:
        """Whether one of ``operations`` carries a message a persona may hear."""
        return not self._heard.isdisjoint(operations)

    def waiting_for(self, operations: Iterable[str]) -> list[WorldEvent]:
        """The operation-triggered events one of ``operations`` counts towards, each once."""
        found = {id(e): e for operation in operations for e in self._waiting.get(operation, ())}
        return list(found.values())

    def snapshot(self, run: Callable[[str], list[Any]]) -> WorldSnapshot:
        """The world's marks and counts, read with ``run`` (a statement to its rows)."""
        marks = {row[0]: row[1] for row in run(READ_MARKS)}
        phase = agent_phase(marks)
        last = run(LAST_TICK)
        tick = (last[0][0] if last else None) or 0
        started = self.clock.at(phase.started_tick) if phase.started_ns is not None else None
        fired = {row[0]: row[1] for row in run(READ_FIRED)} if self.events else {}
        calls = {k.removeprefix(CALLS): v for k, v in marks.items() if k.startswith(CALLS)}
        return WorldSnapshot(phase, tick, started, fired, calls, self)

    def request(
        self,
        call: WorldCall,
        as_user: str | None,
        event: tuple[str, int],
        elapsed: int,
        server: Mapping[str, Any],
    ) -> dict[str, Any]:
        """The environ of the world's ``call``, made as ``as_user`` for ``event`` (its id and
        occurrence): the operation's route with the call's path parameters, its body."""
        method, rule = self.routes[call.operation]
        values = {name: str(value) for name, value in call.params.items()}
        path = RULE_PARAM.sub(lambda m: values[m[2]], rule)
        quoted = RULE_PARAM.sub(lambda m: quote(values[m[2]], ""), rule)
        marks = {
            VIA_KEY: WORLD_VIA,
            EVENT_KEY: event,
            WORLD_CALLER_KEY: as_user,
            ELAPSED_KEY: elapsed,
        }
        encoded = json.dumps(call.body).encode() if call.body is not None else None
        return inner_environ(method, path, quoted, "", encoded, {**server, **marks})

    def event_call(self, event: WorldEvent) -> WorldCall:
        """``event``'s request: the seed's path parameters, its body with dates resolved."""
        body = event.resolved_body(self.clock.base, self.timezone)
        return WorldCall(event.operation, dict(event.params), body)


class CallFields:
    """The fields of the agent's call that a ``where`` reads, each looked up when first asked:
    its operation's path parameters, its query's and body's fields as the route's models read
    them (a web form's by its API route's body model), and, for a message of a service where
    people talk, its ``recipients`` (from the rows it wrote). None for a field it lacks."""

    def __init__(self, environ: Mapping[str, Any], hearing: Hearing | None, tx: Transaction):
        self._environ, self._hearing, self._tx = environ, hearing, tx

    def get(self, name: str) -> object:
        params: Mapping[str, Any] = self._environ.get(CALL_PARAMS_KEY) or {}
        if name in params:
            return params[name]
        for model in self._environ.get(CALL_INPUTS_KEY, ()):
            if name in type(model).model_fields:
                return getattr(model, name)
        if name == RECIPIENTS and self._hearing and self._hearing.recipients:
            request_id = self._environ.get(AUDIT_REQUEST_KEY)
            if request_id is not None:
                return self._hearing.recipients(request_changes(self._tx, request_id))
        return None


class TriggerHold:
    """The service's writers, held by one agent's request whose operations may set the world
    off: from before its handler runs (``take``, once the request is routed) until the events
    it fired and the answers it drew are written (``release``, by ``WorldMiddleware``). Other
    writers of every thread and worker wait in the writers' queue meanwhile; the request's own
    transactions, and those of the events it fires in its thread, take the queue again."""

    def __init__(self, world: World, fired: Mapping[str, int], lock: WriteLock) -> None:
        self._world, self._fired, self._lock = world, fired, lock
        self.held = False

    def take(self, operations: Iterable[str]) -> None:
        """Hold the writers if one of ``operations`` counts towards an event with occurrences
        still to fire, or carries a message a persona may hear."""
        done = list(operations)
        if self.held or self._world.trigger_operations.isdisjoint(done):
            return
        waiting = self._world.waiting_for(done)
        if not (
            any(self._fired.get(e.id, 0) < e.times for e in waiting) or self._world.hears(done)
        ):
            return
        self._lock.acquire()
        self.held = True

    def release(self) -> None:
        if self.held:
            self.held = False
            self._lock.release()


class WorldMiddleware:
    """WSGI middleware: the running clock and the events of ``runtime``'s world, if it has one."""

    def __init__(self, app: WsgiApp, runtime: Runtime) -> None:
        self.app = app
        self.runtime = runtime
        self.snapshots = SnapshotCache(runtime.settings.db_path(runtime.spec.name))

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        world = self.runtime.world if self.runtime.ready else None
        if world is None or environ.get(VIA_KEY) == WORLD_VIA:
            return self.app(environ, start_response)
        snapshot = self.snapshots.get(world)
        by_agent = not environ.get("PATH_INFO", "").startswith(_NOT_THE_AGENT)
        if by_agent and snapshot.phase.waiting:
            # the agent's first request: the armed phase starts now (the first mark stands)
            mark_service(self.runtime.settings.db_path(self.runtime.spec.name), "start")
            snapshot = self.snapshots.get(world)
        elapsed = environ.get(REPLAY_ELAPSED_KEY)
        if elapsed is None:
            elapsed = snapshot.elapsed(time.time_ns())
        environ[ELAPSED_KEY] = elapsed
        agent = by_agent and snapshot.phase.running
        if agent and world.events:
            self._fire(world, snapshot.due(elapsed), elapsed, environ)
        hold = None
        if agent and world.counts_calls:
            hold = TriggerHold(world, snapshot.fired, self.runtime.write_lock)
            environ[TRIGGER_HOLD_KEY] = hold
        try:
            answer = self.app(environ, start_response)
            done: tuple[list[str], int] | None = environ.get(OPERATIONS_KEY)
            if (
                agent
                and done is not None
                and done[1] < 400
                and not world.trigger_operations.isdisjoint(done[0])
            ):
                if world.waiting_for(done[0]):
                    self._count(world, done[0], elapsed, environ)
                if world.hears(done[0]) and AUDIT_REQUEST_KEY in environ:
                    self._answer(world, environ[AUDIT_REQUEST_KEY], elapsed, environ)
        finally:
            if hold is not None:
                hold.release()
        return answer

    def _answer(
        self, world: World, request_id: int, elapsed: int, environ: Mapping[str, Any]
    ) -> None:
        """Each persona the agent's message ``request_id`` reached answers it, in turn."""
        assert world.hearing is not None  # world.hears said so
        answers = answer_heard(self.runtime, world.personas, world.hearing, request_id)
        server = {key: environ[key] for key in _SERVER_KEYS if key in environ}
        for persona, event, call in answers:
            run_wsgi(self.app, world.request(call, persona.user, event, elapsed, server))

    def _count(
        self, world: World, operations: list[str], elapsed: int, environ: dict[str, Any]
    ) -> None:
        """Count the agent's call for each event waiting for it (once the event it counts
        ``since`` has fired, and if the call's fields hold its ``where``), then fire what is
        due."""
        with self.runtime.transaction(write=True) as tx:
            waiting = world.waiting_for(operations)
            fired: dict[str, int] = {}
            if any(trigger.since for trigger in _triggers(waiting)):
                fired = {row[0]: row[1] for row in tx.all(READ_FIRED)}
            fields = CallFields(environ, world.hearing, tx)
            for event, trigger in zip(waiting, _triggers(waiting), strict=True):
                if trigger.since is not None and not fired.get(trigger.since):
                    continue
                if trigger.where and not trigger.matches(fields.get):
                    continue
                tx.raw.execute(COUNT_CALL, (CALLS + event.id,))
            snapshot = world.snapshot(lambda sql: tx.raw.execute(sql).fetchall())
            tx.commit()
        self._fire(world, due_occurrences(world.events, snapshot.state(elapsed)), elapsed, environ)

    def _fire(
        self,
        world: World,
        due: list[tuple[WorldEvent, int]],
        elapsed: int,
        environ: Mapping[str, Any],
    ) -> None:
        if not due:
            return
        server = {key: environ[key] for key in _SERVER_KEYS if key in environ}
        for event, occurrence in due:
            call = world.event_call(event)
            run_wsgi(
                self.app,
                world.request(call, event.as_user, (event.id, occurrence), elapsed, server),
            )


def _triggers(events: list[WorldEvent]) -> list[AfterOperation]:
    """The operation triggers of ``events`` (those that have one), in order."""
    return [e.when.after_operation for e in events if e.when.after_operation is not None]


def world_of(meta: Mapping[str, str], clock: Clock, spec: ServiceSpec) -> World | None:
    """The world a DB was seeded with (its ``_meta``), None for a still one: a frozen clock
    and no events, which costs nothing per request."""
    events = [WorldEvent.model_validate(e) for _i, e in json.loads(meta.get("events", "[]"))]
    personas = [Persona.model_validate(p) for _i, p in json.loads(meta.get("personas", "[]"))]
    if not events and not personas and clock.mode == "frozen":
        return None
    routes = {op: (method, rule) for method, rule, op in operation_routes(spec)}
    return World(events, clock, meta.get("timezone", "UTC"), routes, personas, spec.hearing)
