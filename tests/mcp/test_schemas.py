"""Every user operation of every service has its tool, and each tool's schemas are the OpenAPI
document's: fetched from the live services, compared independently of how they were built."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import requests
from mcp import Client

from mock_services.core.app import service_apis
from mock_services.core.mcp_tools import build_tools
from mock_services.core.openapi import build_openapi
from mock_services.core.process import ServiceProcess
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.mcp.conftest import SEEDS, run_session

NOT_TOOLS = {"adminToken", "deliveryToken"}


def local(schema: Any) -> Any:
    return json.loads(json.dumps(schema).replace('"#/components/schemas/', '"#/$defs/'))


def user_operations(document: dict[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """operationId -> (method, path, operation), admin, delivery and health left out."""
    return {
        operation["operationId"]: (method, path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if path != "/health" and not any(NOT_TOOLS & set(s) for s in operation.get("security", []))
    }


def component(schema: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    name = schema["$ref"].rsplit("/", 1)[1]
    return document["components"]["schemas"][name]


@pytest.mark.parametrize("name", list(SERVICE_MODULES))
def test_every_registered_service_has_a_tool_per_user_operation(name: str) -> None:
    """Offline, for each registered service (the live test below runs four of them): the
    health service's own "health" area is tools too; only the /health probe is not."""
    spec = get_spec(name)
    endpoints = [e for api in service_apis(spec) for e in api.endpoints]
    document = build_openapi(spec.title, spec.description, endpoints)
    tools = {tool.name for tool in build_tools(document, endpoints)}
    assert tools == set(user_operations(document))


@pytest.mark.parametrize("name", list(SEEDS))
def test_every_operation_has_its_tool_with_the_openapi_schemas(
    services: dict[str, ServiceProcess], name: str
) -> None:
    process = services[name]
    document = requests.get(process.url + "/openapi.json", timeout=30).json()

    async def steps(client: Client) -> Any:
        return (await client.list_tools()).tools

    tools = {tool.name: tool for tool in run_session(process, "streamable-http", steps)}
    operations = user_operations(document)
    assert set(tools) == set(operations)
    for tool_name, (method, path, operation) in operations.items():
        tool = tools[tool_name]
        where = f"{name} {method.upper()} {path}"
        assert tool.description == operation.get("description", operation["summary"]), where
        expected = {p["name"]: local(p["schema"]) for p in operation["parameters"]}
        required = [p["name"] for p in operation["parameters"] if p["required"]]
        if "requestBody" in operation:
            body = component(
                operation["requestBody"]["content"]["application/json"]["schema"], document
            )
            expected |= local(body.get("properties", {}))
            required += body.get("required", [])
        assert tool.input_schema["properties"] == expected, where
        assert sorted(tool.input_schema["required"]) == sorted(required), where
        answer = operation["responses"][next(iter(operation["responses"]))].get("content", {})
        schema = answer.get("application/json", {}).get("schema")
        if schema is None:
            assert tool.output_schema is None, where
        elif "$ref" in schema and component(schema, document).get("type") == "object":
            output = {k: v for k, v in tool.output_schema.items() if k != "$defs"}
            assert output == local(component(schema, document)), where
        else:
            assert tool.output_schema["properties"]["result"] == local(schema), where
        for schema in (tool.input_schema, tool.output_schema or {}):
            assert set(_refs(schema)) <= set(schema.get("$defs", {})), where  # self-contained
        hints = tool.annotations
        if method == "get":
            assert hints.read_only_hint and hints.idempotent_hint and not hints.destructive_hint, (
                where
            )
        if method == "delete":
            assert hints.destructive_hint and hints.idempotent_hint, where


def _refs(schema: dict[str, Any]) -> list[str]:
    text = json.dumps({k: v for k, v in schema.items() if k != "$defs"})
    return [part.split('"', 1)[0] for part in text.split('"#/$defs/')[1:]]


def test_login_tool_is_read_only_and_checkout_is_not(services: dict[str, ServiceProcess]) -> None:
    async def steps(client: Client) -> Any:
        return {tool.name: tool.annotations for tool in (await client.list_tools()).tools}

    hints: Callable[[str], Any] = run_session(services["shop"], "streamable-http", steps).get
    assert hints("login").read_only_hint and not hints("login").destructive_hint
    checkout = hints("checkout")
    assert (
        not checkout.read_only_hint
        and not checkout.destructive_hint
        and not checkout.idempotent_hint
    )
