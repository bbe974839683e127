"""Realistic request bodies for the guide's examples, built from a route's JSON schema and the
default data: seeded ids and keys, a seeded row's value for a field named like one of its
columns (a title, a city), dates in the seed's clock, and values that fit each pattern, so
that the example request is one the service accepts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from mock_services.core.seeding.seeded_values import SeededValues

_COMPONENT = "#/components/schemas/"
_MAX_DEPTH = 4
_PATTERN_CANDIDATES = (  # tried in turn against a string's pattern
    "US",
    "USD",
    "10:00",
    "4242 4242 4242 4242",
    "#3366ff",
    "12A",
    "1234",
    "12/30",
    "text/plain",
    "https://example.com/",
)
_TEXT_BY_NAME = {  # free text for a field no seeded column is named like
    "reason": "Ordered by mistake",
    "note": "Please leave it at the door",
    "notes": "Taken with breakfast",
    "body": "Thanks, see you then.",
    "text": "Lovely morning for a walk in the park.",
    "message": "Thanks, see you then.",
    "description": "Team planning session",
    "purpose": "Client visit",
    "reference": "PAY-2026-0042",
    "filename": "receipt.txt",
    "content_base64": "VGhhbmtzIGZvciB5b3VyIHB1cmNoYXNlLg==",
    "website": "https://example.com/",
    "timezone": "Europe/Paris",
}
_PAST = ("started", "spent", "birth", "taken", "logged")
_ADDRESSES = ("to", "cc", "bcc", "email")
_LATER = ("end", "until", "last")


@dataclass(frozen=True)
class Variant:
    """Which example body to build: every field, the required ones, or those and the first
    optional one (``fields``); text from the caller's first row (``pick`` 0), its next one
    (1), or another user's (``None``), for a name the caller's first one already holds."""

    fields: str = "all"
    pick: int | None = 0


VARIANTS = (
    Variant(),
    Variant("required"),
    Variant("first"),
    Variant(pick=1),
    Variant(pick=None),
    Variant("required", pick=None),
)


@dataclass(frozen=True)
class BodyBuilder:
    """Builds the example arguments of the route at ``path``: ``seeded`` holds the values
    its arguments that name seeded things take (see ``SeededValues.alternatives``)."""

    components: dict[str, Any]
    values: SeededValues
    path: str
    seeded: dict[str, Any]
    variant: Variant = Variant()

    def value(self, name: str, schema: dict[str, Any]) -> Any:
        """The value of an argument ``name`` (``""`` for a body) that ``schema`` describes."""
        return self._value(name, schema, 0)

    def _value(self, name: str, schema: dict[str, Any], depth: int) -> Any:
        if name in self.seeded:
            return self.seeded[name]
        if "$ref" in schema:
            return self._value(
                name, self.components[schema["$ref"].removeprefix(_COMPONENT)], depth
            )
        for key in ("examples", "const", "enum"):
            if schema.get(key) is not None:
                return schema[key] if key == "const" else schema[key][0]
        kind = schema.get("type")
        if kind == "object" or "properties" in schema:
            return self._object(schema, depth)
        options = schema.get("anyOf") or schema.get("oneOf") or schema.get("allOf")
        if options:
            chosen = next((o for o in options if o.get("type") != "null"), options[0])
            return self._value(name, chosen, depth)
        if kind == "array":
            item = self._value(_singular(name), schema.get("items", {}), depth + 1)
            return [item] * max(1, schema.get("minItems", 1))
        if kind == "string":
            return self._string(name, schema)
        if kind in ("integer", "number"):
            return self._number(name, schema, kind)
        return schema.get("default", False) if kind == "boolean" else None

    def _object(self, schema: dict[str, Any], depth: int) -> dict[str, Any]:
        """Its fields the variant asks for (the required ones include those of the first
        choice of an ``anyOf`` of required sets: ``start`` and ``end``, or ``start_date``)."""
        if depth >= _MAX_DEPTH:
            return {}
        choice = (schema.get("anyOf") or [{}])[0]
        required = {*schema.get("required", []), *choice.get("required", [])}
        properties = schema.get("properties", {})
        optional = [name for name in properties if name not in required]
        wanted = {
            "all": set(properties),
            "required": required,
            "first": required | set(optional[:1]),
        }[self.variant.fields]
        return {
            name: self._value(name, prop, depth + 1)
            for name, prop in properties.items()
            if name in wanted
        }

    def _string(self, name: str, schema: dict[str, Any]) -> str:
        kind = schema.get("format", "")
        if kind in ("date", "date-time"):
            return self._moment(name, kind)
        if kind == "email" or name in _ADDRESSES:
            return str(self._user_value("email") or "bob@example.com")
        if name in ("user", "username", "assignee"):
            return str(self._user_value("username") or "bob")

        def fits(value: Any) -> bool:
            return isinstance(value, str) and bool(value) and _fits(value, schema)

        seeded = self.values.column_value(name, self.path, fits, self.variant.pick)
        times = ("17:00", "10:00") if any(word in name for word in _LATER) else ("10:00",)
        candidates = (seeded, schema.get("default"), _TEXT_BY_NAME.get(name), *times)
        named = name.replace("_", " ").capitalize() or "Example"
        patterned = _PATTERN_CANDIDATES if schema.get("pattern") else ()
        found = next((c for c in (*candidates, *patterned, named) if fits(c)), None)
        return str(found) if found is not None else "x" * max(1, schema.get("minLength", 1))

    def _number(self, name: str, schema: dict[str, Any], kind: str) -> float | int:
        if "default" in schema and schema["default"] is not None:
            default: float | int = schema["default"]
            return default
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        high = schema.get("maximum", schema.get("exclusiveMaximum", float("inf")))

        def fits(value: Any) -> bool:
            return isinstance(value, int | float) and low < value < high and value > 0

        seeded = self.values.column_value(name, self.path, fits, self.variant.pick)
        value = seeded if seeded is not None else max(1, low + 1)
        return int(value) if kind == "integer" else float(value)

    def _moment(self, name: str, kind: str) -> str:
        """A date or time in the seed's clock: past for what was done (``started_at``), the
        next day otherwise, an hour later for an end."""
        now = self.values.now.astimezone(UTC)
        past = any(word in name for word in _PAST)
        day = now.date() - timedelta(days=1 if past else -1)
        if name == "day":
            day = now.date()
        if kind == "date":
            return day.isoformat()
        hour = 11 if any(word in name for word in _LATER) else 10
        return datetime(day.year, day.month, day.day, hour, tzinfo=UTC).isoformat()[:-6] + "Z"

    def _user_value(self, column: str) -> Any:
        """``column`` of another seeded user (bob, not the caller)."""
        users = self.values.tables.get("users", [])
        other = next((u for u in users if u["id"] != self.values.caller_id), None)
        return other.get(column) if other else None


def _fits(value: str, schema: dict[str, Any]) -> bool:
    pattern = schema.get("pattern")
    return (
        schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", 10**9)
        and (not pattern or re.search(pattern, value) is not None)
        and not re.match(r"\d{4}-\d{2}-\d{2}[ T]\d", value)  # a stored timestamp, not text
    )


def _singular(name: str) -> str:
    return name.removesuffix("s") if name.endswith("s") and not name.endswith("ss") else name
