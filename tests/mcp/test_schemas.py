"""Every user operation of every service has its tool, and each tool's schemas are the OpenAPI
document's: fetched from the live services, compared independently of how they were built."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import requests
from mcp import Client

from mock_services.core.base.auth import session_cookie
from mock_services.core.mcp.tools import build_tools, service_tools
from mock_services.core.serve.process import ServiceProcess
from mock_services.core.spec.openapi import build_openapi
from mock_services.core.web.routes import service_apis
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
    document = build_openapi(spec.title, spec.description, endpoints, session_cookie(spec.name))
    tools = {tool.name for tool in build_tools(document, endpoints)}
    assert tools == set(user_operations(document))


IRREVERSIBLE_POSTS = {  # purchases, cancellations, sent mail, decisions: no tool takes them back
    "shop": {"checkout", "cancel_order", "request_return", "confirm_receipt"},
    "airline": {
        "create_booking",
        "select_seat",
        "change_booking",
        "cancel_booking",
        "check_in",
        "add_bag",
    },
    "email": {
        "send_message",
        "reply",
        "reply_all",
        "forward",
        "send_draft",
        "empty_trash",
        "bulk_action",
    },
    "calendar": set(),
    "expense": {"approve_report", "reject_report", "reimburse_report"},
    "health": {"stop_medication", "reschedule_appointment", "cancel_appointment"},
    "social": {"block", "send_message"},
    "todolist": {"dispatch_reminders"},
    "helpdesk": {"add_comment", "solve_ticket", "apply_macro", "merge_ticket"},  # replies are mail
    "crm": {"convert_lead", "merge_accounts", "merge_contacts", "merge_leads"},
    "finance": {"finalize_invoice", "void_invoice", "record_payment", "cancel_recurring"},
    "inventory": {  # mail to a supplier, stock out of the warehouse, released reservations
        "send_purchase_order",
        "cancel_purchase_order",
        "ship_sales_order",
        "cancel_sales_order",
    },
    "kb": {"add_comment", "schedule_review"},  # mailed to watchers; invitations to calendars
}


@pytest.mark.parametrize("name", list(SERVICE_MODULES))
def test_irreversible_posts_and_every_overwrite_are_destructive(name: str) -> None:
    tools = service_tools(get_spec(name))
    destructive_posts = {
        t.name for t in tools if t.route.method == "POST" and t.tool.annotations.destructive_hint
    }
    assert destructive_posts == IRREVERSIBLE_POSTS.get(name, set())  # a new service: none yet
    for tool in tools:
        if tool.route.method in ("PUT", "PATCH", "DELETE"):
            assert tool.tool.annotations.destructive_hint, f"{name} {tool.name}"


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
        params = {p["name"]: local(p["schema"]) for p in operation["parameters"]}
        required = [p["name"] for p in operation["parameters"] if p["required"]]
        body = {"properties": {}}
        if "requestBody" in operation:
            body = component(
                operation["requestBody"]["content"]["application/json"]["schema"], document
            )
        variants = [component(v, document) for v in body.get("oneOf", [])] or [body]
        listed = tool.input_schema.get("oneOf", [tool.input_schema])
        assert len(listed) == len(variants), where
        for variant, schema in zip(variants, listed, strict=True):  # each variant's fields, exactly
            assert schema["properties"] == params | local(variant.get("properties", {})), where
            assert sorted(schema["required"]) == sorted(required + variant.get("required", []))
            assert schema["additionalProperties"] is False, where
        assert set(tool.input_schema["properties"]) == {k for v in listed for k in v["properties"]}
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
    assert not checkout.read_only_hint and checkout.destructive_hint
    assert not checkout.idempotent_hint
    assert hints("cancel_order").destructive_hint and hints("request_return").destructive_hint
    assert not hints("add_cart_item").destructive_hint  # adds, takes back nothing


def test_a_union_body_lists_each_variant_with_its_fields(
    services: dict[str, ServiceProcess],
) -> None:
    """add_payment_method takes a card or a PayPal account: both variants and every field are
    in the tool's input schema (the union used to leave it with no field at all)."""

    async def steps(client: Client) -> Any:
        tools = (await client.list_tools()).tools
        return next(tool for tool in tools if tool.name == "add_payment_method").input_schema

    schema = run_session(services["shop"], "streamable-http", steps)
    assert schema["properties"]["type"] == {"type": "string", "enum": ["card", "paypal"]}
    assert {"card_number", "exp_month", "exp_year", "paypal_email"} <= set(schema["properties"])
    assert schema["required"] == ["type"] and schema["discriminator"] == {"propertyName": "type"}
    card, paypal = schema["oneOf"]
    assert card["required"] == ["type", "card_number", "exp_month", "exp_year"]
    assert paypal["required"] == ["type", "paypal_email"]
    assert "paypal_email" not in card["properties"] and card["additionalProperties"] is False
