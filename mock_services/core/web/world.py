"""A service's live world: its clock in the agent phase, and the seed's events fired as
requests of the world.

``WorldMiddleware`` wraps the service's app (inside the MCP endpoint, so a tool call passes it
as an API call does). Before an agent's request it tells the request how long the agent phase
has run (a running clock) and fires the timed events that are due; after it, it counts the
agent's call if an event waits for it, and fires that event once its count is reached. An
event is a request to the service's own app, so it passes the same validation, business layer
and audit log as the agent's calls; its audit entry says ``via: world`` and names the event.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from mock_services.core.base.clock import Clock
from mock_services.core.base.wsgi_call import WsgiApp, inner_environ, run_wsgi
from mock_services.core.data.audit import (
    AUDIT_REQUEST_KEY,
    ELAPSED_KEY,
    EVENT_KEY,
    OPERATIONS_KEY,
    REPLAY_ELAPSED_KEY,
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
)
from mock_services.core.seeding.personas import Persona
from mock_services.core.seeding.world_events import WorldEvent, WorldState, due_occurrences
from mock_services.core.spec.hearing import Hearing, WorldCall
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.conversations import answer_heard
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

    @property
    def counts_calls(self) -> bool:
        """Whether the world waits for the agent's calls: an event for an operation, or a
        persona for a message."""
        return bool(self.personas) or any(e.when.after_operation is not None for e in self.events)

    def hears(self, operations: Iterable[str]) -> bool:
        """Whether one of ``operations`` carries a message a persona may hear."""
        return bool(self.personas and self.hearing and self.hearing.operations & set(operations))

    def waiting_for(self, operations: Iterable[str]) -> list[WorldEvent]:
        """The operation-triggered events one of ``operations`` counts towards."""
        done = set(operations)
        return [
            event
            for event in self.events
            if (trigger := event.when.after_operation) is not None and trigger.operation in done
        ]

    def state(
        self, tx: Transaction, elapsed: int | None = None
    ) -> tuple[AgentPhase, int, WorldState]:
        """The agent phase, the seconds of it the clock counts (``elapsed`` if given: a
        replay's), and what decides which events are due, read in ``tx``."""
        marks = {row[0]: row[1] for row in tx.all(READ_MARKS)}
        phase = agent_phase(marks)
        if elapsed is None:
            elapsed = phase.elapsed(time.time_ns()) if self.running else 0
        last = tx.one(LAST_TICK)
        tick = (last[0] if last else None) or 0
        started = self.clock.at(phase.started_tick) if phase.started_ns is not None else None
        fired = {row[0]: row[1] for row in tx.all(READ_FIRED)} if self.events else {}
        calls = {k.removeprefix(CALLS): v for k, v in marks.items() if k.startswith(CALLS)}
        return phase, elapsed, WorldState(self.clock.at(tick, elapsed), started, fired, calls)

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


class WorldMiddleware:
    """WSGI middleware: the running clock and the events of ``runtime``'s world, if it has one."""

    def __init__(self, app: WsgiApp, runtime: Runtime) -> None:
        self.app = app
        self.runtime = runtime

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        world = self.runtime.world if self.runtime.ready else None
        if world is None or environ.get(VIA_KEY) == WORLD_VIA:
            return self.app(environ, start_response)
        with self.runtime.transaction(write=False) as tx:
            phase, elapsed, state = world.state(tx, environ.get(REPLAY_ELAPSED_KEY))
        environ[ELAPSED_KEY] = elapsed
        agent = phase.running and not environ.get("PATH_INFO", "").startswith(_NOT_THE_AGENT)
        if agent and world.events:
            self._fire(world, due_occurrences(world.events, state), elapsed, environ)
        answer = self.app(environ, start_response)
        done: tuple[list[str], int] | None = environ.get(OPERATIONS_KEY)
        if agent and done is not None and done[1] < 400:
            if world.waiting_for(done[0]):
                self._count(world, done[0], elapsed, environ)
            if world.hears(done[0]) and AUDIT_REQUEST_KEY in environ:
                self._answer(world, environ[AUDIT_REQUEST_KEY], elapsed, environ)
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
        """Count the agent's call for each event waiting for it, then fire what is due."""
        with self.runtime.transaction(write=True) as tx:
            for event in world.waiting_for(operations):
                tx.raw.execute(COUNT_CALL, (CALLS + event.id,))
            _phase, _elapsed, state = world.state(tx, elapsed)
            tx.commit()
        self._fire(world, due_occurrences(world.events, state), elapsed, environ)

    def _fire(
        self,
        world: World,
        due: list[tuple[WorldEvent, int]],
        elapsed: int,
        environ: Mapping[str, Any],
    ) -> None:
        server = {key: environ[key] for key in _SERVER_KEYS if key in environ}
        for event, occurrence in due:
            call = world.event_call(event)
            run_wsgi(
                self.app,
                world.request(call, event.as_user, (event.id, occurrence), elapsed, server),
            )


def world_of(meta: Mapping[str, str], clock: Clock, spec: ServiceSpec) -> World | None:
    """The world a DB was seeded with (its ``_meta``), None for a still one: a frozen clock
    and no events, which costs nothing per request."""
    events = [WorldEvent.model_validate(e) for _i, e in json.loads(meta.get("events", "[]"))]
    personas = [Persona.model_validate(p) for _i, p in json.loads(meta.get("personas", "[]"))]
    if not events and not personas and clock.mode == "frozen":
        return None
    routes = {op: (method, rule) for method, rule, op in operation_routes(spec)}
    return World(events, clock, meta.get("timezone", "UTC"), routes, personas, spec.hearing)
