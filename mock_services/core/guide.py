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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mock_services.core.api import Endpoint
from mock_services.core.mcp_tools import is_tool
from mock_services.core.openapi import GUIDE_PATH, STATUS_TEXT
from mock_services.core.schema_example import example
from mock_services.core.seeded_values import SeededValues, default_values

if TYPE_CHECKING:
    from mock_services.core.service import ServiceSpec


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
    """The pages by name: ``""`` is the overview, then one per area, then ``rules``."""

    pages: dict[str, str]

    def page(self, name: str) -> str | None:
        return self.pages.get(name)


def service_readme(spec: ServiceSpec) -> str:
    """The README.md of the service's package (the folder of its seed model), or ``""``."""
    module = importlib.import_module(spec.seed_model.__module__)
    path = Path(module.__file__ or "").with_name("README.md")
    return path.read_text() if path.is_file() else ""


def area_of(endpoint: Endpoint) -> str:
    """The first segment of the path after ``/api/``, without a file extension (``orders`` for
    ``/api/orders/{id}``, ``export`` for ``/api/export.csv``)."""
    return endpoint.openapi_path.removeprefix("/api/").split("/")[0].split(".")[0]


def build_guide(spec: ServiceSpec, document: dict[str, Any], endpoints: list[Endpoint]) -> Guide:
    """The guide of ``spec``, whose OpenAPI document is ``document``."""
    readme = service_readme(spec)
    areas: dict[str, list[Endpoint]] = {}
    for endpoint in filter(is_tool, endpoints):
        areas.setdefault(area_of(endpoint), []).append(endpoint)
    rules = _section(readme, "rules")
    pages = {"": _overview(spec, document, areas, readme, has_rules=bool(rules))}
    values = default_values(spec)
    for area, members in areas.items():
        pages[area] = _area_page(spec, document, area, members, values)
    if rules:
        pages[RULES_PAGE] = f"# {spec.title}: business rules\n\n[Guide]({GUIDE_PATH})\n\n{rules}\n"
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
        lines += ["", f"Business rules (what is allowed when): [{GUIDE_PATH}/{RULES_PAGE}]."]
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
    values: SeededValues,
) -> str:
    lines = [f"# {spec.title} API guide: {area}", "", f"[Overview]({GUIDE_PATH})"]
    for endpoint in members:
        lines += ["", *_operation(document, endpoint, values)]
    return "\n".join(lines) + "\n"


def _operation(document: dict[str, Any], endpoint: Endpoint, values: SeededValues) -> list[str]:
    components = document["components"]["schemas"]
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
            f"{p.get('description') or _type(p['schema'])}"
            for p in operation["parameters"]
        ]
    request = _example_request(endpoint, operation, components, values)
    lines += ["", "Request:", "", "```", request]
    lines += ["```"]
    answer = _answer_schema(document, endpoint)
    lines += ["", f"Answer {endpoint.status}:"]
    if answer is None:
        lines[-1] += " no body."
    else:
        lines += ["", "```json", json.dumps(example(answer, components), indent=1), "```"]
    errors = [s for s in operation["responses"] if s not in ("default", str(endpoint.status))]
    lines += ["", "Errors: " + ", ".join(errors) + "."]
    return lines


def _answer_schema(document: dict[str, Any], endpoint: Endpoint) -> dict[str, Any] | None:
    operation = document["paths"][endpoint.openapi_path][endpoint.method.lower()]
    content = operation["responses"][str(endpoint.status)].get("content", {})
    return content.get("application/json", {}).get("schema")


def _type(schema: dict[str, Any]) -> str:
    if "anyOf" in schema:
        return " or ".join(_type(option) for option in schema["anyOf"])
    return str(schema.get("type") or _named(schema) or "any")


def _example_request(
    endpoint: Endpoint, operation: dict[str, Any], components: dict[str, Any], values: SeededValues
) -> str:
    """The request line (and JSON body) of a call, with the default data's values where an
    argument names a seeded thing (an order's code, a product id)."""
    body_schema = (
        operation["requestBody"]["content"]["application/json"]["schema"]
        if "requestBody" in operation
        else None
    )
    body = example(body_schema, components) if body_schema is not None else None
    names = [p["name"] for p in operation["parameters"]] + list(
        body if isinstance(body, dict) else {}
    )
    seeded = values.arguments(endpoint.openapi_path, names)
    path = endpoint.openapi_path
    query: list[str] = []
    for param in operation["parameters"]:
        value = seeded.get(param["name"], example(param["schema"], components))
        if param["in"] == "path":
            path = path.replace("{" + param["name"] + "}", str(value))
        elif param["required"]:
            query.append(f"{param['name']}={value}")
    line = f"{endpoint.method} {path}" + (f"?{'&'.join(query)}" if query else "")
    if isinstance(body, dict):
        body = {name: seeded.get(name, value) for name, value in body.items()}
    if body_schema is not None:
        line += "\n" + json.dumps(body)
    return line
