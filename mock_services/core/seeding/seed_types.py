"""The types seed documents are written in: models that refuse unknown fields, and dates that
are absolute ISO 8601 or relative to the seed's ``now`` (``"+3d 10:00"``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Annotated, Any, TypeVar
from zoneinfo import ZoneInfo

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    SerializationInfo,
    ValidationInfo,
)

from mock_services.core.base import clock


def _date_context(info: ValidationInfo | SerializationInfo) -> tuple[datetime, ZoneInfo] | None:
    context = info.context if isinstance(info.context, dict) else None
    if context and "now" in context:
        return context["now"], context["tz"]
    return None


_Resolved = TypeVar("_Resolved")


def resolve_seed_datetime(value: Any, info: ValidationInfo) -> datetime:
    if not isinstance(value, str | datetime):
        raise ValueError(f"expected a date string such as '+3d 10:00', got {value!r}")
    return _resolved(info, "datetimes", value, clock.resolve_datetime)


def _resolve_seed_date(value: Any, info: ValidationInfo) -> date:
    if not isinstance(value, str | date):
        raise ValueError(f"expected a date string such as '+3d' or '2026-03-05', got {value!r}")
    return _resolved(info, "dates", value, clock.resolve_date)


def _resolved(
    info: ValidationInfo,
    kind: str,
    value: Any,
    resolve: Callable[[Any, datetime, ZoneInfo], _Resolved],
) -> _Resolved:
    """``resolve(value, now, tz)``, remembered for the seeding run (in the validation context
    under ``kind``): a large seed repeats the same few dates."""
    context = info.context if isinstance(info.context, dict) else {}
    try:
        remembered: _Resolved = context[kind][value]
        return remembered
    except (KeyError, TypeError):  # not seen yet, or validated without a seeding context
        pass
    now, tz = _date_context(info) or (clock.DEFAULT_NOW, ZoneInfo("UTC"))
    try:
        result = resolve(value, now, tz)
    except clock.DateParseError as exc:
        raise ValueError(str(exc)) from None
    if kind in context:
        context[kind][value] = result
    return result


def _show_datetime(value: datetime, info: SerializationInfo) -> str:
    found = _date_context(info)
    return clock.relativize(value, *found) if found else clock.iso(value) or ""


def _show_date(value: date, info: SerializationInfo) -> str:
    found = _date_context(info)
    return clock.relativize_date(value, *found) if found else value.isoformat()


SeedDateTime = Annotated[
    datetime,
    BeforeValidator(resolve_seed_datetime),
    PlainSerializer(_show_datetime, return_type=str, when_used="json"),
    Field(json_schema_extra={"examples": ["+3d 10:00", "-2h", "2026-03-05T10:00:00Z"]}),
]
SeedDate = Annotated[
    date,
    BeforeValidator(_resolve_seed_date),
    PlainSerializer(_show_date, return_type=str, when_used="json"),
]


class SeedModel(BaseModel):
    """Base of every seed schema: unknown fields are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid")
