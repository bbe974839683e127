"""An API guide for agents and people, in Markdown, generated from a service's OpenAPI document
and its README: ``/docs`` is the overview (what the service is, how to log in, the main
objects, the areas, the errors); ``/docs/<area>`` shows each operation of one area with an
example request and answer; ``/docs/rules`` is the README's business rules, when it has them.
"""

from __future__ import annotations

import importlib
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mock_services.core.docs.example_values import VARIANTS, BodyBuilder, Variant
from mock_services.core.docs.live_examples import (
    MAX_TRIES,
    SHOWN_ITEMS,
    SHOWN_LINES,
    Answer,
    AppFactory,
    Call,
    ScratchService,
    scratch_service,
    shown,
    shown_text,
)
from mock_services.core.mcp.tools import is_tool
from mock_services.core.seeding.seeded_values import SeededValues, default_values
from mock_services.core.spec.api import Endpoint
from mock_services.core.spec.openapi import GUIDE_PATH, STATUS_TEXT

if TYPE_CHECKING:
    from mock_services.core.spec.service import ServiceSpec


RULES_PAGE = "rules"
OVERVIEW_TOKEN_BUDGET = 4000
_COMPONENT = "#/components/schemas/"
_HEADING = re.compile(r"^(#{1,6}) (.*)$", re.MULTILINE)


def estimate_tokens(text: str) -> int:
    """Tokens an LLM reads for ``text``, estimated as one per four characters (the usual rule
    of thumb for English and JSON; exact counts differ by tokenizer by some 10-20%)."""
    return math.ceil(len(text) / 4)


@dataclass(frozen=True)
class Guide:
    """The pages by name: ``""`` is the overview, then one per area, then ``rules``; each is
    built when first asked for (an area page runs its examples)."""

    builders: Mapping[str, Callable[[], str]]

    def page(self, name: str) -> str | None:
        builder = self.builders.get(name)
        return builder() if builder is not None else None


@dataclass(frozen=True)
class Example:
    """An operation's example: the call shown and the service's answer to it, or (``answer``
    None) why it was refused on the default data."""

    call: Call
    answer: Answer | None
    refusal: str = ""


def service_readme(spec: ServiceSpec) -> str:
    """The README.md of the service's package (the folder of its seed model), or ``""``."""
    module = importlib.import_module(spec.seed_model.__module__)
    path = Path(module.__file__ or "").with_name("README.md")
    return path.read_text() if path.is_file() else ""


def area_of(endpoint: Endpoint) -> str:
    """The first segment of the path after ``/api/``, without a file extension (``orders`` for
    ``/api/orders/{id}``, ``export`` for ``/api/export.csv``)."""
    return endpoint.openapi_path.removeprefix("/api/").split("/")[0].split(".")[0]


def build_guide(
    spec: ServiceSpec, document: dict[str, Any], endpoints: list[Endpoint], make_app: AppFactory
) -> Guide:
    """The guide of ``spec``, whose OpenAPI document is ``document``; its examples run on a
    scratch app that ``make_app`` builds."""
    readme = service_readme(spec)
    areas: dict[str, list[Endpoint]] = {}
    for endpoint in filter(is_tool, endpoints):
        areas.setdefault(area_of(endpoint), []).append(endpoint)
    rules = _section(readme, "rules")
    overview = _overview(spec, document, areas, readme, has_rules=bool(rules))
    pages: dict[str, Callable[[], str]] = {"": lambda: overview}
    for area, members in areas.items():
        pages[area] = cache(partial(_area_page, spec, document, area, members, make_app))
    if rules:
        text = f"# {spec.title}: business rules\n\n[Guide]({GUIDE_PATH})\n\n{rules}\n"
        pages[RULES_PAGE] = lambda: text
    return Guide(pages)


def _overview(
    spec: ServiceSpec,
    document: dict[str, Any],
    areas: dict[str, list[Endpoint]],
    readme: str,
    *,
    has_rules: bool,
) -> str:
    components = document["components"]["schemas"]
    lines = [
        f"# {spec.title} API guide",
        "",
        _intro(readme) or spec.description,
        "",
        "Every operation below is a JSON call under this service's base URL, and the same "
        "operation is an MCP tool of the same name at `/mcp` (streamable HTTP). The full "
        "schemas are in [/openapi.json](/openapi.json).",
        "",
        "## Logging in",
        "",
        "`POST /api/auth/login` with `"
        + json.dumps({"username": "alice", "password": "alice-pass"})
        + '` answers `{"token": ..., "user": {...}}`; send `Authorization: Bearer <token>` '
        "on every later call (the browser UI uses a cookie instead). Over MCP, call the "
        "`login` tool once per session, or send the bearer header with the transport. "
        "Use the username and password your task gives you.",
        "",
        "## Time and other people",
        "",
        "The service keeps its own clock: `GET /health` answers its `now`, and every time it "
        "writes is that clock's. Other people and systems use the service too, so what you "
        "read may change between two calls (a reply arrives, a flight is delayed, a price "
        "moves): read again before you act on what you read a while ago. A refused call "
        "moves no clock, and no number of calls makes a running clock outrun real time. Once "
        "your session has ended, the service refuses your changes (409 `agent_phase_ended`); "
        "reads still work.",
        "",
        "## Main objects",
        "",
        *_main_objects(document, areas, components),
        "",
        "## Areas",
        "",
        "| area | operations |",
        "|---|---|",
        *(
            f"| [{area}]({GUIDE_PATH}/{area}) | {', '.join(e.handler.__name__ for e in members)} |"
            for area, members in areas.items()
        ),
    ]
    if has_rules:
        rules = f"{GUIDE_PATH}/{RULES_PAGE}"
        lines += ["", f"Business rules (what is allowed when): [{rules}]({rules})."]
    lines += ["", "## Errors", "", *_errors(components)]
    return "\n".join(lines) + "\n"


def _intro(readme: str) -> str:
    """The README's first paragraph after its title."""
    body = readme.split("\n", 1)[-1] if readme.startswith("# ") else readme
    for paragraph in body.strip().split("\n\n"):
        if paragraph.strip() and not paragraph.lstrip().startswith(("```", "#", "|")):
            return " ".join(paragraph.split())
    return ""


def _section(readme: str, word: str) -> str:
    """The body of the README's first ``##`` section whose heading has ``word`` in it."""
    matches = list(_HEADING.finditer(readme))
    for index, match in enumerate(matches):
        if len(match[1]) == 2 and word in match[2].lower():
            following = [m for m in matches[index + 1 :] if len(m[1]) <= 2]
            end = following[0].start() if following else len(readme)
            return readme[match.end() : end].strip()
    return ""


def _main_objects(
    document: dict[str, Any], areas: dict[str, list[Endpoint]], components: dict[str, Any]
) -> list[str]:
    """Each object a read answers with (named in the document), with its fields."""
    names: list[str] = []
    for members in areas.values():
        for endpoint in members:
            if endpoint.method != "GET":
                continue
            schema = _answer_schema(document, endpoint) or {}
            name = _named(schema.get("items", schema))
            fields = components.get(name or "", {}).get("properties", {})
            if "items" in fields and "id" not in fields:  # a list or page of X: show X
                name = _named(fields["items"].get("items", {})) or name
            if name and name not in names and name != "UserPublic":
                names.append(name)
    return [f"- **{name}**: {', '.join(components[name].get('properties', {}))}" for name in names]


def _named(schema: dict[str, Any]) -> str | None:
    ref = schema.get("$ref", "")
    return ref.removeprefix(_COMPONENT) if ref.startswith(_COMPONENT) else None


def _errors(components: dict[str, Any]) -> list[str]:
    shape = json.dumps({"error": {"code": "not_found", "message": "no order 7", "details": None}})
    return [
        f"Every failure answers `{shape}` (over MCP: a tool error carrying the same code and "
        "message). `message` says what was wrong and what was expected; `details` names the "
        "fields of a validation error.",
        "",
        "| status | meaning |",
        "|---|---|",
        *(f"| {status} | {text} |" for status, text in STATUS_TEXT.items()),
    ]


def _area_page(
    spec: ServiceSpec,
    document: dict[str, Any],
    area: str,
    members: list[Endpoint],
    make_app: AppFactory,
) -> str:
    lines = [f"# {spec.title} API guide: {area}", "", f"[Overview]({GUIDE_PATH})"]
    values, scratch = default_values(spec), scratch_service(spec, make_app)
    for endpoint in members:
        found = run_example(document, endpoint, values, scratch)
        lines += ["", *_operation(document, endpoint, found, values)]
    return "\n".join(lines) + "\n"


def _operation(
    document: dict[str, Any], endpoint: Endpoint, found: Example, values: SeededValues
) -> list[str]:
    operation = document["paths"][endpoint.openapi_path][endpoint.method.lower()]
    auth = "no login" if endpoint.auth == "none" else "login required"
    effect = "changes data" if endpoint.mutating else "read-only"
    lines = [
        f"## {operation['operationId']}: {operation['summary']}",
        "",
        f"`{endpoint.method} {endpoint.openapi_path}` ({auth}, {effect})",
    ]
    if endpoint.details:
        lines += ["", endpoint.details]
    if operation["parameters"]:
        lines += ["", "Parameters:"]
        lines += [
            f"- `{p['name']}` ({p['in']}{', required' if p['required'] else ''}): "
            f"{p.get('description') or _field_type(p['schema'], document['components']['schemas'])}"
            for p in operation["parameters"]
        ]
    if fields := _body_fields(operation, document["components"]["schemas"]):
        lines += ["", "Body fields (JSON; any other is refused):", *fields]
    call = found.call
    lines += ["", "Request" + (f" (logged in as {call.user}):" if call.user else ":")]
    lines += ["", "```", f"{call.method} {call.url}"]
    if call.body is not None:
        lines += [json.dumps(call.body)]
    lines += ["```", "", *_answer(document, endpoint, found, values)]
    errors = [s for s in operation["responses"] if s not in ("default", str(endpoint.status))]
    lines += ["", "Errors: " + ", ".join(errors) + "."]
    return lines


def _answer(
    document: dict[str, Any], endpoint: Endpoint, found: Example, values: SeededValues
) -> list[str]:
    """The answer's heading and body: the service's own, or a schema-built one with a note."""
    answer = found.answer
    if answer is None:
        schema = _answer_schema(document, endpoint)
        heading = f"Answer {endpoint.status}:" + (" no body." if schema is None else "")
        note = (
            f"(Built from the schema: on the default data this request is refused with "
            f"{found.refusal})"
        )
        if schema is None:
            return [heading, "", note]
        components = document["components"]["schemas"]
        built = BodyBuilder(components, values, endpoint.openapi_path, {}).value("", schema)
        return [heading, "", "```json", json.dumps(built, indent=1), "```", "", note]
    heading = f"Answer {answer.status}:"
    if answer.json is not None:
        block = ["```json", json.dumps(shown(answer.json), indent=1), "```"]
        cut = _has_long_list(answer.json)
        return [heading, "", *block, *(["", _CUT_NOTE] if cut else [])]
    if answer.text:
        return [heading, "", "```text", shown_text(answer.text), "```", "", _TEXT_NOTE]
    empty = answer.text is not None or answer.status == 204
    return [heading + (" no body." if empty else f" a {answer.mimetype} file.")]


_CUT_NOTE = f"(Lists cut to their first {SHOWN_ITEMS} items.)"
_TEXT_NOTE = f"(The first {SHOWN_LINES} lines.)"


def _has_long_list(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) > SHOWN_ITEMS or any(map(_has_long_list, value))
    return isinstance(value, dict) and any(map(_has_long_list, value.values()))


def _answer_schema(document: dict[str, Any], endpoint: Endpoint) -> dict[str, Any] | None:
    operation = document["paths"][endpoint.openapi_path][endpoint.method.lower()]
    content = operation["responses"][str(endpoint.status)].get("content", {})
    schema: dict[str, Any] | None = content.get("application/json", {}).get("schema")
    return schema


def _body_fields(operation: dict[str, Any], components: dict[str, Any]) -> list[str]:
    """One line per field of the route's JSON body: its type, whether it is required, its
    values or default, and what it means."""
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = body.get("schema", {})
    schema = components.get(_named(schema) or "", schema)
    required = set(schema.get("required", []))
    lines = []
    for name, field in schema.get("properties", {}).items():
        facts = [_field_type(field, components)]
        facts += ["required"] if name in required else []
        choices = _choices(field, components)
        facts += [f"one of {', '.join(map(str, choices))}"] if choices else []
        if "default" in field and name not in required:
            facts += [f"default {json.dumps(field['default'])}"]
        about = field.get("description")
        lines.append(f"- `{name}` ({'; '.join(facts)})" + (f": {about}" if about else ""))
    return lines


def _field_type(schema: dict[str, Any], components: dict[str, Any]) -> str:
    if "anyOf" in schema:
        return " or ".join(_field_type(option, components) for option in schema["anyOf"])
    if schema.get("type") == "array":
        return f"list of {_field_type(schema.get('items', {}), components)}"
    if name := _named(schema):  # an object by its schema's name, an enum by its values' type
        named = components.get(name, {})
        return name if named.get("type", "object") == "object" else str(named["type"])
    kind = str(schema.get("type", "any"))
    return f"{schema['format']} {kind}" if "format" in schema else kind


def _choices(schema: dict[str, Any], components: dict[str, Any]) -> list[Any]:
    """The values a field takes when they are a closed list (an enum, inline or named)."""
    for option in [schema, *schema.get("anyOf", [])]:
        found = option.get("enum") or components.get(_named(option) or "", {}).get("enum")
        if found:
            return list(found)
    return []


def run_example(
    document: dict[str, Any], endpoint: Endpoint, values: SeededValues, scratch: ScratchService
) -> Example:
    """The first call the service accepts among the example's variants (``VARIANTS``), for
    each seeded row its arguments may name (the caller's first), as the guide's user or, when
    refused as forbidden, another seeded user; at most ``MAX_TRIES`` calls."""
    operation = document["paths"][endpoint.openapi_path][endpoint.method.lower()]
    users = [None] if endpoint.auth == "none" else list(scratch.users())
    tried: list[Call] = []
    first: Example | None = None
    for seeded in values.alternatives(
        endpoint.openapi_path, _argument_names(operation, document["components"]["schemas"])
    ):
        for variant in VARIANTS:
            for user in users:
                call = _call(endpoint, operation, document, values, seeded, variant, user)
                if call in tried:
                    break
                tried.append(call)
                answer = scratch.answer(call, changes_data=endpoint.mutating)
                if answer.accepted:
                    return Example(call, answer)
                first = first or Example(call, None, answer.refusal)
                if answer.status != 403 or len(tried) >= MAX_TRIES:
                    break
            if len(tried) >= MAX_TRIES:
                assert first is not None
                return first
    assert first is not None
    return first


def _argument_names(operation: dict[str, Any], components: dict[str, Any]) -> list[str]:
    """The route's parameters, then its body's fields (a list's items by a singular name:
    ``ids``, ``id``)."""
    names = [p["name"] for p in operation["parameters"]]
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = body.get("schema", {})
    schema = components.get(schema.get("$ref", "").removeprefix(_COMPONENT), schema)
    for field in schema.get("properties", {}):
        names += [field, field.removesuffix("s")] if field.endswith("s") else [field]
    return list(dict.fromkeys(names))


def _call(
    endpoint: Endpoint,
    operation: dict[str, Any],
    document: dict[str, Any],
    values: SeededValues,
    seeded: dict[str, Any],
    variant: Variant,
    user: str | None,
) -> Call:
    """The request of an example with ``seeded`` arguments and the body ``variant``, sent
    as ``user``."""
    components = document["components"]["schemas"]
    builder = BodyBuilder(components, values, endpoint.openapi_path, seeded, variant)
    path = endpoint.openapi_path
    query: list[str] = []
    for param in operation["parameters"]:
        value = builder.value(param["name"], param["schema"])
        if param["in"] == "path":
            path = path.replace("{" + param["name"] + "}", str(value))
        elif param["required"]:
            query.append(f"{param['name']}={value}")
    url = path + (f"?{'&'.join(query)}" if query else "")
    body_schema = operation.get("requestBody", {}).get("content", {}).get("application/json")
    body = builder.value("", body_schema["schema"]) if body_schema else None
    return Call(endpoint.method, url, body, user)
