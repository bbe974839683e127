"""Agents working through tools only, over both transports: log in, then a checkout, a booking
with a seat, a reply and an accepted invitation; the DB and the audit log show the work, marked
as coming from MCP."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from mcp import Client, MCPError
from mcp.types import CallToolResult

from mock_services.core.serve.process import ServiceProcess
from tests.mcp.conftest import TRANSPORTS, audit, db_rows, run_session

pytestmark = pytest.mark.parametrize("transport", TRANSPORTS)
Service = Callable[[str], ServiceProcess]


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    """A tool call that must succeed; its structured answer."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, f"{tool}: {result.content[0].text}"  # type: ignore[union-attr]
    return result.structured_content


async def login(client: Client, username: str) -> None:
    await call(client, "login", username=username, password=f"{username}-pass")


def error_text(result: CallToolResult) -> str:
    assert result.is_error
    return result.content[0].text  # type: ignore[union-attr]


def mcp_entries(process: ServiceProcess, since: int) -> list[tuple[str, str, str | None, int]]:
    return [
        (e["method"], e["path"], e["username"], e["status"])
        for e in audit(process)[since:]
        if e["via"] == "mcp"
    ]


def test_list_tools_login_and_shop_checkout(service: Service, transport: str) -> None:
    shop = service("shop")
    before = len(audit(shop))

    async def steps(client: Client) -> Any:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert {"login", "add_cart_item", "checkout", "list_orders"} <= names
        assert "reset" not in names and "audit" not in names  # admin routes are no tools
        refused = error_text(await client.call_tool("get_cart", {}))
        assert refused.startswith("unauthorized:") and "login tool" in refused
        await login(client, "alice")
        await call(client, "clear_cart")
        await call(client, "add_cart_item", sku="GRC-1301", quantity=2)
        order = await call(client, "checkout", address_id=2, payment_method_id=1)
        listed = await call(client, "list_orders")
        return order, listed

    order, listed = run_session(shop, transport, steps)
    assert order["status"] == "paid" and order["total"] == 48.97  # 2 x 21.99 + 4.99 shipping
    assert listed["items"][0]["code"] == order["code"]
    assert db_rows(shop, f"SELECT status FROM orders WHERE code = '{order['code']}'") == [("paid",)]
    assert mcp_entries(shop, before) == [
        ("DELETE", "/api/cart", "alice", 200),
        ("POST", "/api/cart/items", "alice", 201),
        ("POST", "/api/checkout", "alice", 201),
    ]
    checkout = audit(shop)[-1]
    assert {c["table"] for c in checkout["changes"]} >= {"orders", "order_items"}


def test_booking_with_a_seat(service: Service, transport: str) -> None:
    airline = service("airline")
    before = len(audit(airline))

    async def steps(client: Client) -> Any:
        await login(client, "alice")
        flights = await call(client, "list_flights", number="TS102", date="2026-03-03")
        flight = flights["items"][0]["id"]
        seats = await call(client, "get_seat_map", flight_id=flight, free_only=True)
        assert "10A" in [seat["number"] for seat in seats["seats"]]
        passenger = {"first_name": "Alice", "last_name": "Martin", "date_of_birth": "1986-04-12"}
        return await call(
            client,
            "create_booking",
            flight_id=flight,
            passengers=[{**passenger, "seat": "10A"}],
            payment_method_id=1,
        )

    booking = run_session(airline, transport, steps)
    assert booking["total_price"] == 190.0  # fare 150 + extra-legroom seat 40
    assert booking["passengers"][0]["tickets"][0]["seat"] == "10A"
    reference = booking["reference"]
    assert db_rows(airline, f"SELECT status FROM bookings WHERE reference = '{reference}'") == [
        ("confirmed",)
    ]
    assert mcp_entries(airline, before) == [("POST", "/api/bookings", "alice", 201)]


def test_reply_to_a_message(service: Service, transport: str) -> None:
    email = service("email")
    before = len(audit(email))

    async def steps(client: Client) -> Any:
        await login(client, "alice")
        found = await call(client, "list_messages", folder="inbox", q="Lunch next week")
        lunch = found["items"][0]["id"]
        return await call(client, "reply", message_id=lunch, body="Tuesday please.", quote=True)

    sent = run_session(email, transport, steps)
    assert sent["subject"] == "Re: Lunch next week?"
    rows = db_rows(email, f"SELECT subject FROM messages WHERE id = {sent['id']}")
    assert rows == [("Re: Lunch next week?",)]
    entries = mcp_entries(email, before)
    assert len(entries) == 1 and entries[0][0] == "POST" and entries[0][1].endswith("/reply")
    assert entries[0][2:] == ("alice", 201)


def test_accept_an_invitation(service: Service, transport: str) -> None:
    calendar = service("calendar")
    before = len(audit(calendar))

    async def steps(client: Client) -> Any:
        await login(client, "alice")
        pending = await call(client, "list_invitations")
        planning = next(e for e in pending["items"] if e["title"] == "Sprint planning")
        answered = await call(client, "rsvp", event_id=planning["id"], response="accepted")
        left = await call(client, "list_invitations")
        return planning["id"], answered, left

    event_id, answered, left = run_session(calendar, transport, steps)
    assert answered["my_rsvp"] == "accepted"
    assert event_id not in [e["id"] for e in left["items"]]
    rows = db_rows(
        calendar,
        "SELECT a.rsvp_status FROM event_attendees a JOIN users u ON u.id = a.user_id "
        f"WHERE a.event_id = {event_id} AND u.username = 'alice'",
    )
    assert rows == [("accepted",)]
    assert mcp_entries(calendar, before) == [("POST", f"/api/events/{event_id}/rsvp", "alice", 200)]


def test_a_bad_argument_is_a_tool_error_naming_the_field(service: Service, transport: str) -> None:
    shop = service("shop")
    before = len(audit(shop))

    async def steps(client: Client) -> list[str]:
        await login(client, "alice")
        return [
            error_text(
                await client.call_tool("add_cart_item", {"sku": "GRC-1301", "quantity": "x"})
            ),
            error_text(
                await client.call_tool("add_cart_item", {"sku": "GRC-1301", "colour": "red"})
            ),
            error_text(await client.call_tool("get_order", {})),
            error_text(await client.call_tool("list_orders", {"page": "first"})),
        ]

    wrong_type, unknown, missing, bad_query = run_session(shop, transport, steps)
    assert wrong_type.startswith("validation_error: invalid request body: quantity:")
    assert json.loads(wrong_type.split("\n", 1)[1])["error"]["details"][0]["loc"] == [
        "body",
        "quantity",
    ]
    assert unknown.splitlines()[0] == (
        "validation_error: tool 'add_cart_item': unknown argument 'colour' "
        "(known: product_id, sku, quantity)"
    )
    assert missing.startswith("validation_error: missing argument 'code'")
    assert "page" in bad_query.splitlines()[0]
    # a refused request is audited as over HTTP; an argument the tool does not take makes none
    assert mcp_entries(shop, before) == [("POST", "/api/cart/items", "alice", 422)]
    assert all(not e["changes"] for e in audit(shop)[before:])


def test_an_unknown_tool_is_answered_with_the_closest_names(
    service: Service, transport: str
) -> None:
    async def steps(client: Client) -> str:
        with pytest.raises(MCPError) as refused:
            await client.call_tool("chekout", {})
        return str(refused.value)

    assert "no tool 'chekout'; closest: 'checkout'" in run_session(
        service("shop"), transport, steps
    )


def test_an_error_names_the_tool_not_the_http_route(service: Service, transport: str) -> None:
    async def steps(client: Client) -> str:
        await login(client, "alice")
        return error_text(await client.call_tool("get_order", {"code": "ORD-999999"}))

    text = run_session(service("shop"), transport, steps).splitlines()[0]
    assert text == "not_found: no order 'ORD-999999'; list yours with the list_orders tool", text
