"""A small example value for a JSON schema (as the OpenAPI document gives it), for the guide."""

from __future__ import annotations

from typing import Any

_COMPONENT = "#/components/schemas/"
_BY_FORMAT = {
    "date-time": "2026-03-02T09:00:00Z",
    "date": "2026-03-02",
    "time": "09:00:00",
    "email": "alice@example.com",
    "uri": "https://example.com/",
}
_MAX_DEPTH = 4  # deeper objects are shown as {} (the schema has the rest)


def example(schema: dict[str, Any], components: dict[str, Any], depth: int = 0) -> Any:
    """The schema's own example or default when it has one, else a value of its type: the
    first enum member, a date for a date format, one item for an array, every property."""
    if "$ref" in schema:
        return example(components[schema["$ref"].removeprefix(_COMPONENT)], components, depth)
    for key in ("examples", "example", "const", "default", "enum"):
        if key in schema and schema[key] is not None:
            value = schema[key]
            return value[0] if key in ("examples", "enum") and value else value
    options = schema.get("anyOf") or schema.get("oneOf") or schema.get("allOf")
    if options:
        chosen = next((o for o in options if o.get("type") != "null"), options[0])
        return example(chosen, components, depth)
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        if depth >= _MAX_DEPTH:
            return {}
        return {
            name: example(prop, components, depth + 1)
            for name, prop in schema.get("properties", {}).items()
        }
    if kind == "array":
        return [example(schema.get("items", {}), components, depth + 1)]
    if kind == "string":
        return _BY_FORMAT.get(schema.get("format", ""), "string")
    if kind == "integer":
        return max(1, schema.get("minimum", 1))
    if kind == "number":
        return float(max(1, schema.get("minimum", 1)))
    if kind == "boolean":
        return True
    return None
