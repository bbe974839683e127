"""The frozen task clock and the relative dates seeds are written in.

A seed pins ``now``; a date such as ``"+3d 10:00"`` means "three days after now, at 10:00 in the
task's time zone", so a task written today still reads the same a year later. Inside a running
service a frozen clock only moves by one second per clock tick (a request served, not refused),
which keeps every timestamp a function of the seed and the agent's actions alone; a running
clock moves with real time only (see ``Clock``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cache, lru_cache
from typing import Literal, overload
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DEFAULT_NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ClockMode = Literal["frozen", "running"]
"""A world's clock: moved one second per write ("frozen"), or by the real time elapsed since
the agent phase started, the writes only ordering what happened within one second
("running")."""
ORDER_TICKS = 999_999
"""The ticks a running clock counts as microseconds, to order the rows written within one real
second: never as much as a second, so no volume of requests moves it faster than real time."""
_UNITS = {
    "w": timedelta(weeks=1),
    "d": timedelta(days=1),
    "h": timedelta(hours=1),
    "m": timedelta(minutes=1),
    "s": timedelta(seconds=1),
}
_RELATIVE = re.compile(
    r"^(?:(?P<today>today|now)|(?P<sign>[+-])(?P<parts>(?:\d+[wdhms])+))"
    r"(?:\s+(?P<clock>\d{1,2}:\d{2}(?::\d{2})?))?$"
)
_PART = re.compile(r"(\d+)([wdhms])")


@dataclass(frozen=True)
class WorldClock:
    """A world's frozen ``now`` (aware UTC) and the zone its users live in: what a task's
    ``seed.json`` header names, and a service's default data has as its own."""

    now: datetime = DEFAULT_NOW
    timezone: str = "UTC"

    @classmethod
    def morning_in(cls, timezone: str) -> WorldClock:
        """The default day at the default hour (Monday 2 March 2026, 09:00) in ``timezone``."""
        local = datetime.combine(DEFAULT_NOW.date(), DEFAULT_NOW.time(), zone(timezone))
        return cls(local.astimezone(UTC), timezone)


class DateParseError(ValueError):
    """A date string that is neither ISO 8601 nor a relative date."""


@cache
def zone(name: str) -> ZoneInfo:
    """The IANA zone ``name``, kept once loaded (zoneinfo's own cache holds only the last 8
    zones used, and an airline's flights span more: each miss read the zone file again)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise DateParseError(
            f"unknown time zone {name!r}; expected an IANA name such as 'UTC' or 'Europe/Paris'"
        ) from exc


def parse_absolute(value: str, *, field: str = "date", tz: ZoneInfo | None = None) -> datetime:
    """Parse an ISO 8601 timestamp; a naive one is read in ``tz`` (UTC when not given)."""
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise DateParseError(f"{field}: {value!r} is not an ISO 8601 timestamp") from exc
    return with_zone(parsed, tz or UTC).astimezone(UTC)


def resolve_datetime(value: str | datetime, now: datetime, tz: ZoneInfo) -> datetime:
    """Resolve an absolute or relative date string to an aware UTC datetime."""
    if isinstance(value, datetime):
        return with_zone(value, tz).astimezone(UTC)
    return _resolve_text(value.strip(), now, tz)


@lru_cache(maxsize=8192)  # seeds repeat the same few date strings across thousands of rows
def _resolve_text(text: str, now: datetime, tz: ZoneInfo) -> datetime:
    match = _RELATIVE.match(text)
    if match is None:
        try:
            return parse_absolute(text, tz=tz)
        except DateParseError:
            raise DateParseError(
                f"{text!r} is not a date; expected ISO 8601 ('2026-03-05T10:00:00Z'), "
                "'now', 'today 09:00' or a relative date such as '+3d 10:00' or '-2h'"
            ) from None
    moment = now.astimezone(tz)
    if match["sign"]:
        offset = sum((int(n) * _UNITS[u] for n, u in _PART.findall(match["parts"])), timedelta())
        moment = moment + offset if match["sign"] == "+" else moment - offset
    if match["clock"]:
        moment = datetime.combine(moment.date(), _parse_clock(match["clock"]), tzinfo=tz)
    return moment.astimezone(UTC)


def resolve_date(value: str | date, now: datetime, tz: ZoneInfo) -> date:
    """Resolve ``"+3d"``, ``"today"`` or ``"2026-03-05"`` to a calendar date in ``tz``."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            pass
    return resolve_datetime(value, now, tz).astimezone(tz).date()


def relativize(moment: datetime, now: datetime, tz: ZoneInfo) -> str:
    """The canonical relative form of ``moment``: ``"now"``, ``"+3d 10:00"``, ``"-1d 08:15:30"``."""
    local = moment.astimezone(tz)
    if local == now.astimezone(tz):
        return "now"
    days = (local.date() - now.astimezone(tz).date()).days
    clock = local.strftime("%H:%M:%S" if local.second else "%H:%M")
    return f"{'+' if days >= 0 else '-'}{abs(days)}d {clock}"


def relativize_date(day: date, now: datetime, tz: ZoneInfo) -> str:
    days = (day - now.astimezone(tz).date()).days
    return f"{'+' if days >= 0 else '-'}{abs(days)}d"


def iso(moment: datetime | None) -> str | None:
    """Render a stored (naive UTC or aware) datetime as ISO 8601 with a ``Z`` suffix."""
    if moment is None:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(timespec="seconds") + "Z"


def local_iso(moment: datetime | None, tz_name: str) -> str | None:
    """A stored naive-UTC moment as ISO 8601 with the offset of ``tz_name``."""
    if moment is None:
        return None
    return local_moment(moment, zone(tz_name)).isoformat(timespec="seconds")


def iso_stored(stored: str | None) -> str | None:
    """A datetime as a plain row holds it (naive UTC text, ``2026-03-02 09:00:00.000000``)
    rendered as ``iso`` renders the mapped value."""
    return None if stored is None else stored[:10] + "T" + stored[11:19] + "Z"


def to_naive_utc(moment: datetime) -> datetime:
    """The form datetimes are stored in: naive, in UTC."""
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


def naive_utc(moment: datetime | None) -> datetime | None:
    """``to_naive_utc`` that lets ``None`` through: a seed's optional date as stored."""
    return to_naive_utc(moment) if moment is not None else None


@overload
def aware_utc(stored: datetime) -> datetime: ...
@overload
def aware_utc(stored: None) -> None: ...
def aware_utc(stored: datetime | None) -> datetime | None:
    """A stored (naive UTC) datetime as aware UTC, ``None`` kept: what a seed's dump holds."""
    return stored.replace(tzinfo=UTC) if stored is not None else None


def with_zone(moment: datetime, tz: tzinfo) -> datetime:
    """``moment`` read in ``tz`` when it names no offset (a local time typed without one, a
    stored naive-UTC value with ``UTC``); an aware one as it is."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=tz)


def local_moment(stored: datetime, tz: tzinfo) -> datetime:
    """A stored datetime (naive UTC; an aware one as it is) as the moment in ``tz`` (aware):
    what a page or a mail shows."""
    return with_zone(stored, UTC).astimezone(tz)


def local_wall_time(moment: datetime, tz: tzinfo) -> datetime:
    """``moment`` (aware, or stored naive UTC) as a clock on the wall in ``tz`` reads it,
    without a zone: what times a user typed (kept naive, in their zone) compare with."""
    return local_moment(moment, tz).replace(tzinfo=None)


def local_day(moment: datetime, tz: tzinfo) -> date:
    """The day ``moment`` (aware, or stored naive UTC) falls on in ``tz`` (``ctx.today`` is the
    task's day now)."""
    return local_moment(moment, tz).date()


def naive_utc_at(day: date, at: time, tz: tzinfo) -> datetime:
    """The time ``at`` of the local ``day`` in ``tz``, as stored: naive UTC."""
    return to_naive_utc(datetime.combine(day, at, tzinfo=tz))


def _parse_clock(text: str) -> time:
    parts = [int(p) for p in text.split(":")]
    try:
        if len(parts) > 4:
            raise ValueError(f"{len(parts)} parts")
        hour, minute, second, microsecond = (*parts, 0, 0, 0)[:4]
        return time(hour, minute, second, microsecond)
    except ValueError as exc:
        raise DateParseError(f"{text!r} is not a time of day; expected HH:MM or HH:MM:SS") from exc


class Clock:
    """The service clock at a clock ``tick`` (the number of logged requests served so far: a
    write, or a logged read, answered below 400; a refused one does not tick).

    Frozen: the seeded ``now`` plus one second per tick. Running: the seeded ``now`` plus the
    whole seconds of real time ``elapsed`` in the agent phase (0 before it, held at its end),
    plus one microsecond per tick (at most ``ORDER_TICKS``), which orders the rows written
    within one second and never adds up to one: however many requests an agent makes, the
    world's time runs at real speed, and an ``after: 10m`` event waits ten real minutes."""

    def __init__(self, base: datetime, tz: ZoneInfo, mode: ClockMode = "frozen") -> None:
        self.base = base.astimezone(UTC)
        self.tz = tz
        self.mode = mode

    def at(self, tick: int, elapsed: int = 0) -> datetime:
        if self.mode == "running":
            return self.base + timedelta(seconds=elapsed, microseconds=min(tick, ORDER_TICKS))
        return self.base + timedelta(seconds=tick)
