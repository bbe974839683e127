"""World events: what a seed says will happen during a trial, and when.

A task's ``seed.json`` lists them in its header (``events``). An event is one operation of a
service (named as the API names it, like the audit log), done
by the world: as a seeded user (``as``), or with no caller for an admin or delivery route. It
fires at a world time (``at``), a delay after the agent phase starts (``after``), or after the
agent's Nth successful call of an operation, or of any of several (``after_operation``; counting
only once another event fired, ``since``, and only the calls with given fields, ``where``), and
``repeat`` runs it again.
Which occurrences are due is a function of the world clock and the agent's calls alone, so the
same calls at the same world times fire the same events (``due_occurrences``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Annotated, Any

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationInfo,
    field_validator,
    model_validator,
)

from mock_services.core.base import clock
from mock_services.core.seeding.seed_types import SeedDateTime, SeedModel, resolve_seed_datetime

_DURATION = re.compile(r"^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$")
DATE_MARK = "$date"
"""A body value ``{"$date": "+1d 10:00"}`` is that seed date as ISO 8601 when the event fires."""


def parse_duration(value: Any) -> int:
    """Seconds of ``"90s"``, ``"5m"``, ``"1h30m"`` or a whole number of seconds."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    match = _DURATION.match(value) if isinstance(value, str) and value else None
    if match is None or not any(match.groups()):
        raise ValueError(
            f"{value!r} is not a duration; expected a number of seconds or a text such as "
            "'90s', '5m', '2h' or '1h30m'"
        )
    hours, minutes, seconds = (int(part or 0) for part in match.groups())
    return hours * 3600 + minutes * 60 + seconds


Duration = Annotated[int, BeforeValidator(parse_duration)]
"""A span of world time in seconds, written ``"5m"`` in a seed."""


CallValue = StrictStr | StrictInt | StrictBool
"""A value a call's field is compared with (``where``)."""


class AfterOperation(SeedModel):
    """The agent's ``count``-th successful call of ``operation`` (any channel: API route, MCP
    tool, web form; a read counts too: ``search_products``), or of any of several operations
    (a list: each call of one counts towards the one count).

    ``since`` names another event of the service: the agent's calls count only once that
    event's first occurrence has fired. ``where`` keeps only the calls whose fields hold these
    values (``matches``): a path parameter, a query or body field as the route's model reads
    it (a web form too), or ``recipients`` for a message of a service where people talk."""

    operation: str | list[str]
    count: int = Field(1, ge=1, le=10_000)
    since: str | None = Field(None, min_length=1)
    where: dict[str, CallValue] | None = Field(None, min_length=1)

    @field_validator("operation")
    @classmethod
    def _names(cls, operation: str | list[str]) -> str | list[str]:
        names = [operation] if isinstance(operation, str) else operation
        if not names or not all(names):
            raise ValueError("expected an operation's name, or a list of one or more names")
        if len(set(names)) != len(names):
            raise ValueError("an operation is listed twice; list each once")
        return operation

    @field_validator("where", mode="before")
    @classmethod
    def _plain_values(cls, where: Any) -> Any:
        """One clear refusal of a value a call's field is never compared with."""
        for name, value in where.items() if isinstance(where, dict) else ():
            if not isinstance(value, (str, int)):  # a bool is an int
                raise ValueError(
                    f"{name}: expected text, a whole number or true/false to compare the "
                    f"call's field with, got {value!r}"
                )
        return where

    @property
    def operations(self) -> tuple[str, ...]:
        """The operations whose calls count, in the seed's order."""
        return (self.operation,) if isinstance(self.operation, str) else tuple(self.operation)

    def matches(self, field_of: Callable[[str], object]) -> bool:
        """Whether a call whose field ``name`` is ``field_of(name)`` is one ``where`` keeps:
        each named field equals its value, or is a list holding it (text compared without
        case and surrounding spaces: an address, a code)."""
        return all(_holds(field_of(name), want) for name, want in (self.where or {}).items())


def _holds(got: object, want: CallValue) -> bool:
    if isinstance(got, (list, tuple, set, frozenset)):
        return any(_same(item, want) for item in got)
    return _same(got, want)


def _same(got: object, want: CallValue) -> bool:
    if isinstance(want, str):
        return isinstance(got, str) and got.strip().casefold() == want.strip().casefold()
    return type(got) is type(want) and got == want


class EventTrigger(SeedModel):
    """When an event fires: exactly one of ``at``, ``after`` and ``after_operation``."""

    at: SeedDateTime | None = None
    after: Duration | None = Field(None, description="world time after the agent phase starts")
    after_operation: AfterOperation | None = None

    @model_validator(mode="after")
    def _one_trigger(self) -> EventTrigger:
        given = [
            name for name in ("at", "after", "after_operation") if getattr(self, name) is not None
        ]
        if len(given) != 1:
            raise ValueError(
                "an event fires on exactly one of 'at' (a world time), 'after' (a delay from "
                "the start of the agent phase) and 'after_operation' (the agent's Nth call); "
                f"got {', '.join(map(repr, given)) or 'none'}"
            )
        return self


class Repeat(SeedModel):
    """Fire ``times`` times in all: every ``every`` of world time for a time trigger, every
    ``count`` calls for an operation trigger (``every`` is then not given)."""

    times: int = Field(ge=2, le=1000)
    every: Duration | None = Field(None, gt=0)


class WorldEvent(SeedModel):
    """One thing that happens in the world during a trial."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,63}$")
    service: str = Field(min_length=1, description="the service that performs it")
    operation: str = Field(min_length=1, description="the service operation, as its API names it")
    as_user: str | None = Field(None, alias="as", description="the seeded user it acts as")
    params: dict[str, int | str] = Field({}, description="the route's path parameters")
    body: dict[str, Any] | None = None
    when: EventTrigger
    repeat: Repeat | None = None

    model_config = ConfigDict(extra="forbid", validate_by_name=True, serialize_by_alias=True)

    @model_validator(mode="after")
    def _repeat_fits_trigger(self) -> WorldEvent:
        if self.repeat is None:
            return self
        by_calls = self.when.after_operation is not None
        if by_calls and self.repeat.every is not None:
            raise ValueError(
                "repeat.every: an event after an operation repeats every 'count' calls; "
                "give only repeat.times"
            )
        if not by_calls and self.repeat.every is None:
            raise ValueError("repeat.every: a timed event repeats every so long ('10m'); give it")
        return self

    @field_validator("body")
    @classmethod
    def _dates_resolve(
        cls, body: dict[str, Any] | None, info: ValidationInfo
    ) -> dict[str, Any] | None:
        """Check every ``{"$date": ...}`` now (the body keeps them as written)."""
        if body is not None:
            resolve_dates(body, lambda text: resolve_seed_datetime(text, info))
        return body

    def moments(self, started: datetime | None) -> list[datetime] | None:
        """The world times of a timed event's occurrences (``after`` needs the agent phase's
        start: without it, none); None for an operation trigger."""
        trigger = self.when
        if trigger.after_operation is not None:
            return None
        if trigger.at is not None:
            first = trigger.at
        elif started is None:
            return []
        else:
            first = started + timedelta(seconds=trigger.after or 0)
        every = timedelta(seconds=self.repeat.every or 0) if self.repeat else timedelta()
        return [first + every * k for k in range(self.times)]

    @property
    def times(self) -> int:
        return self.repeat.times if self.repeat else 1

    def resolved_body(self, now: datetime, tz_name: str) -> dict[str, Any] | None:
        """The body it sends: each ``{"$date": ...}`` as ISO 8601 under the seed's clock."""
        if self.body is None:
            return None
        tz = clock.zone(tz_name)
        resolved = resolve_dates(self.body, lambda text: clock.resolve_datetime(text, now, tz))
        return resolved  # type: ignore[no-any-return]  # a dict in, a dict out


def resolve_dates(value: Any, resolve: Any) -> Any:
    """``value`` with each ``{"$date": text}`` replaced by ``iso(resolve(text))``."""
    if isinstance(value, dict):
        if value.keys() == {DATE_MARK}:
            return clock.iso(resolve(value[DATE_MARK]))
        return {key: resolve_dates(item, resolve) for key, item in value.items()}
    if isinstance(value, list):
        return [resolve_dates(item, resolve) for item in value]
    return value


@dataclass(frozen=True)
class WorldState:
    """What decides which occurrences are due: the world clock now, when the agent phase
    started (world time, or None), each event's count of fired occurrences and each operation
    trigger's count of the agent's calls."""

    now: datetime
    started: datetime | None
    fired: dict[str, int]
    calls: dict[str, int]


def due_occurrences(events: list[WorldEvent], state: WorldState) -> list[tuple[WorldEvent, int]]:
    """(event, occurrence number from 1) of every occurrence due and not yet fired, in the
    order they fire: by their world time, then as the seed lists them (operation triggers,
    which are due the moment their call ends, first)."""
    due: list[tuple[datetime, int, WorldEvent, int]] = []
    for order, event in enumerate(events):
        fired = state.fired.get(event.id, 0)
        moments = event.moments(state.started)
        if moments is None:
            trigger = event.when.after_operation
            assert trigger is not None  # a timed event has moments
            reached = min(state.calls.get(event.id, 0) // trigger.count, event.times)
            due += [
                (datetime.min.replace(tzinfo=state.now.tzinfo), order, event, k)
                for k in range(fired + 1, reached + 1)
            ]
        else:
            due += [
                (at, order, event, k)
                for k, at in enumerate(moments, 1)
                if k > fired and at <= state.now
            ]
    return [(event, k) for _at, _order, event, k in sorted(due, key=lambda d: (d[0], d[1], d[3]))]


class WorldEvents(SeedModel):
    """A seed header's ``events``, validated under its clock (``at`` may be relative)."""

    events: list[WorldEvent]

    @model_validator(mode="after")
    def _ids_unique(self) -> WorldEvents:
        seen: set[str] = set()
        for event in self.events:
            if event.id in seen:
                raise ValueError(f"two events have the id {event.id!r}; each needs its own")
            seen.add(event.id)
        return self
