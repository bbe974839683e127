"""Every tool of every service, called through MCP with arguments built from its own input
schema alone (required fields, enums, formats, patterns, the first variant of a union) and the
default data's values where an argument names a seeded thing: the schema is the contract an
LLM reads, so a call that follows it is never refused as invalid (422 for a type, a missing
or unknown field, a pattern) nor fails (5xx). A business refusal (403 not yours, 404 not
found, 409 not now, a 422 for a rule across fields or about the data) is fine."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from mcp import Client

from mock_services.core.mcp.tools import service_tools
from mock_services.core.seeding.seeded_values import default_values
from mock_services.core.serve.process import ServiceProcess
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.conftest import running_service
from tests.mcp.conftest import run_session

pytestmark = pytest.mark.process  # calls every tool of a real server

BUSINESS_REFUSALS = (403, 404, 409)
RULE_ERRORS = {"value_error", "assertion_error"}
"""Validation errors of rules a JSON schema cannot state (give exactly one of two fields, a
card that has expired): a 422 for one of them is a business refusal too."""
_BY_FORMAT = {
    "date-time": "2026-03-03T10:00:00Z",
    "date": "2026-03-01",
    "time": "10:00:00",
    "email": "bob@example.test",
    "uri": "https://example.com/",
}
_PATTERN_CANDIDATES = (  # tried in turn against a string's pattern
    "example",
    "10:00",
    "4242 4242 4242 4242",
    "bob@example.test",
    "US",
    "USD",
    "#3366ff",
    "12A",
    "1234",
    "12/30",
    "text/plain",
    "https://example.com/",
)


def example(schema: dict[str, Any], defs: dict[str, Any], where: str) -> Any:
    """A value ``schema`` accepts, made from the schema alone."""
    if "$ref" in schema:
        return example(defs[schema["$ref"].rsplit("/", 1)[1]], defs, where)
    for key in ("const", "enum", "examples"):
        if key in schema:
            return schema[key] if key == "const" else schema[key][0]
    options = schema.get("oneOf") or schema.get("anyOf")
    if options:
        chosen = next((o for o in options if o.get("type") != "null"), options[0])
        return example(chosen, defs, where)
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        return {k: example(props[k], defs, f"{where}.{k}") for k in schema.get("required", [])}
    if kind == "array":
        item = example(schema.get("items", {}), defs, f"{where}[]")
        return [item] * max(1, schema.get("minItems", 1))
    if kind == "string":
        return _string(schema, where)
    if kind in ("integer", "number"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0) + 1)
        return max(1, low) if kind == "integer" else float(max(1, low))
    if kind == "boolean":
        return False
    return None


def _string(schema: dict[str, Any], where: str) -> str:
    if schema.get("format") in _BY_FORMAT:
        return _BY_FORMAT[schema["format"]]
    pattern = schema.get("pattern")
    if pattern is None:
        return "example"[: schema.get("maxLength", 7)].ljust(schema.get("minLength", 1), "x")
    found = next((c for c in _PATTERN_CANDIDATES if re.search(pattern, c)), None)
    assert found is not None, f"{where}: no example matches the pattern {pattern!r}; add one"
    return found


def arguments(service: str, tool: Any) -> dict[str, Any]:
    """The tool's required arguments from its input schema (its first variant's, for a
    union), with seeded values for those (and any optional one) that name a seeded thing."""
    schema = tool.tool.input_schema
    defs = schema.get("$defs", {})
    variant = schema["oneOf"][0] if "oneOf" in schema else schema
    alternative = schema.get("anyOf", [{}])[0]  # what else it requires: the first choice
    required = [*variant["required"], *alternative.get("required", [])]
    variant = {k: v for k, v in variant.items() if k != "anyOf"} | {"required": required}
    built = example(variant | {"type": "object"}, defs, f"{service}.{tool.name}")
    names = [*tool.route.path_params, *variant["properties"]]
    seeded = default_values(get_spec(service)).arguments(tool.route.path, names)
    return built | {k: v for k, v in seeded.items() if k in variant["properties"]}


def call_order(tool: Any) -> tuple[int, str]:
    """login first, then reads, then writes, destructive ones, and logout last."""
    hints = tool.tool.annotations
    rank = 0 if tool.name == "login" else 4 if tool.name == "logout" else 1
    if rank == 1 and not hints.read_only_hint:
        rank = 3 if hints.destructive_hint else 2
    return rank, tool.name


@pytest.fixture(scope="module", params=list(SERVICE_MODULES))
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, ServiceProcess]]:
    """One service on its default data, serving, for all its tools."""
    name = request.param
    with running_service(name, tmp_path_factory.mktemp(name)) as process:
        yield name, process


def test_every_tool_accepts_a_call_built_from_its_input_schema(
    served: tuple[str, ServiceProcess],
) -> None:
    service, process = served
    tools = sorted(service_tools(get_spec(service)), key=call_order)
    calls = [(tool.name, arguments(service, tool)) for tool in tools]

    async def steps(client: Client) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
        outcomes = []
        for name, args in calls:
            result = await client.call_tool(name, args)
            text = result.content[0].text if result.is_error else "\n{}"  # type: ignore[union-attr]
            outcomes.append((name, args, json.loads(text.split("\n", 1)[1])))
        return outcomes

    refused = [
        f"{name}({json.dumps(args)}) -> {json.dumps(document)}"
        for name, args, document in run_session(process, "streamable-http", steps)
        if document and not business_refusal(document)
    ]
    assert not refused, (
        f"{service}: calls that follow the tools' input schemas were refused as invalid or "
        "failed (expected an answer or a business refusal):\n" + "\n".join(refused)
    )


def business_refusal(document: dict[str, Any]) -> bool:
    """Whether a tool error (``{"status", "error"}``) refuses the call for what the data or a
    rule says, not for breaking the schema."""
    status, details = document["status"], document["error"].get("details")
    if status != 422:
        return status in BUSINESS_REFUSALS
    return not isinstance(details, list) or all(d.get("type") in RULE_ERRORS for d in details)
