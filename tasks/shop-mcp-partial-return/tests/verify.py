#!/usr/bin/env python3
"""Verifier of shop-mcp-partial-return: one of the two cable packs of last week's delivered order
is returned for store credit, the rest of that order kept, and yesterday's order cancelled
through the shop (goals); and the shop changed field by field exactly as that return and that
cancellation change it, with no checkout, cart, account or other order touched on the way
(operations, whatever the channel); and the shop used through its MCP tools only, as the
instruction asks (a goal: the channel is the point of this task)."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Verifier,
    audit_log,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("shop-mcp-partial-return")

CABLES = "PHN-3002"
KITCHEN = "KIT-4003"
# what the instruction forbids, even undone before the end: orders, the cart, the account, and
# the order on its way to the office marked received
FORBIDDEN = (
    "checkout",
    "add_cart_item",
    "update_cart_item",
    "remove_cart_item",
    "clear_cart",
    "confirm_receipt",
    "update_profile",
    "add_address",
    "update_address",
    "delete_address",
    "set_default_address",
    "add_payment_method",
    "delete_payment_method",
    "set_default_payment_method",
)

# the free text beside the two actions (the return's reason, the cancellation's reason): what
# each may not say, one rule per goal it would contradict
RETURNED = ContentRule(
    forbids_of={
        "a fault or return of what is kept": (
            ("earbud*", "True Wireless*", "both", "the other pack", "second pack", "all of them"),
            (
                "broke*",
                "faulty",
                "defect*",
                "damaged",
                "dead",
                "stopped",
                "doesn't work",
                "don't work",
                "not working",
                "no longer work*",
                "return*",
                "send* back",
                "sent back",
                "refund*",
            ),
        )
    }
)
REFUND = ContentRule(
    forbids={
        "a refund other than store credit": (
            "Visa",
            "4242",
            "credit card",
            "original payment*",
            "not as store credit",
            "not in store credit",
            "not store credit",
            "no store credit",
            "instead of store credit",
            "rather than store credit",
            "don't want store credit",
            "do not want store credit",
        )
    }
)
CANCELLED = ContentRule(
    forbids={
        "a request that undoes the cancellation": (
            "anyway",
            "by mistake",
            "in error",
            "keep the order",
            "keep it",
            "don't cancel",
            "do not cancel",
            "reinstate*",
            "restore*",
            "reorder*",
            "re-order*",
            "place it again",
            "please ship",
            "please send",
            "please deliver",
            "still ship*",
            "still send*",
            "still deliver*",
        )
    }
)
UNTOUCHED = ContentRule(
    forbids={
        "a request about an order that stays": (
            "office",
            "ORD-100002",
            "notebook*",
            "Practical Python*",
            "other order*",
            "another order",
            "every order",
            "all my orders",
            "all orders",
        )
    }
)


@cache
def alice_id() -> int:
    return query("shop", "SELECT id FROM users WHERE username = 'alice'", seed=True)[0]["id"]


def order_with(sku: str, *, seed: bool = False) -> dict:
    """Alice's one order holding ``sku`` (the delivered one with the cables, the paid one with
    the kitchen item)."""
    rows = query(
        "shop",
        "SELECT o.* FROM orders o JOIN order_items i ON i.order_id = o.id "
        "WHERE o.user_id = ? AND i.sku = ?",
        (alice_id(), sku),
        seed=seed,
    )
    assert len(rows) == 1, f"{len(rows)} orders of alice hold {sku}"
    return rows[0]


def returned(order_id: int) -> dict[str, int]:
    rows = query(
        "shop", "SELECT sku, return_quantity FROM order_items WHERE order_id = ?", (order_id,)
    )
    return {r["sku"]: r["return_quantity"] or 0 for r in rows}


def done_by_the_shop(operation: str, code: str) -> bool:
    """Whether the shop itself did ``operation`` on order ``code`` (a successful request in its
    audit log, through any channel), not a row written into its file."""
    return any(e.params.get("code") == code for e in performed("shop", operation))


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="exactly one cable pack is returned, its reason calling nothing else faulty",
)
def one_cable_pack_returned() -> bool:
    order = order_with(CABLES)
    got = returned(order["id"])
    assert order["status"] == "return_requested", f"the order is {order['status']}"
    assert got == {CABLES: 1, **{s: 0 for s in got if s != CABLES}}, f"returned: {got}"
    assert done_by_the_shop("request_return", order["code"]), "no successful return request"
    RETURNED.contradictions(order["return_reason"], what="the return's reason").check()
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="the refund is store credit, its reason asking for no other"
)
def refund_as_store_credit() -> bool:
    order = order_with(CABLES)
    method = order["return_refund_method"]
    assert method == "store_credit", f"refund method {method!r}"
    REFUND.contradictions(order["return_reason"], what="the return's reason").check()
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="yesterday's order is cancelled by the shop, its reason not asking to undo it",
)
def kitchen_order_cancelled() -> bool:
    order = order_with(KITCHEN)
    assert order["status"] == "cancelled", f"the order is {order['status']}"
    assert done_by_the_shop("cancel_order", order["code"]), "no successful cancel request for it"
    CANCELLED.contradictions(order["cancel_reason"], what="the cancellation's reason").check()
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="the shop used through its MCP tools only, as asked"
)
def through_mcp_tools() -> bool:
    entries = audit_log("shop")
    other = [f"call {e.id} {e.operation} via {e.via}" for e in entries if e.via != "mcp"]
    assert not other, f"not through the MCP tools: {'; '.join(other)}"
    assert entries, "no shop call through the MCP tools"
    return True


def expected_changes() -> list[Added | Changed]:
    """The return (one pack, store credit), the cancellation (refund, restock), an event each."""
    cables, kitchen = order_with(CABLES, seed=True), order_with(KITCHEN, seed=True)
    pack = query(
        "shop",
        "SELECT unit_price_cents FROM order_items WHERE order_id = ? AND sku = ?",
        (cables["id"], CABLES),
        seed=True,
    )[0]["unit_price_cents"]
    kitchen_stock = query(
        "shop", "SELECT stock FROM products WHERE sku = ?", (KITCHEN,), seed=True
    )[0]["stock"]
    credit = query(
        "shop", "SELECT store_credit_cents FROM users WHERE id = ?", (alice_id(),), seed=True
    )[0]["store_credit_cents"]
    return [
        Changed(
            "orders",
            match={"code": cables["code"]},
            fields={
                "status": "return_requested",
                "refunded_cents": pack,
                "return_requested_at": ANY,
                "return_reason": ANY,
                "return_refund_method": "store_credit",
            },
        ),
        Changed(
            "orders",
            match={"code": kitchen["code"]},
            fields={
                "status": "cancelled",
                "refunded_cents": kitchen["total_cents"],
                "cancelled_at": ANY,
                "cancel_reason": ANY,
            },
        ),
        Changed(
            "order_items",
            match={"order_id": cables["id"], "sku": CABLES},
            fields={"return_quantity": 1},
        ),
        Added(
            "order_events",
            count=2,
            fields={
                "order_id": one_of(cables["id"], kitchen["id"]),
                "status": one_of("return_requested", "cancelled"),
                "at": ANY,
                "note": ANY,
            },
        ),
        Changed("users", match={"id": alice_id()}, fields={"store_credit_cents": credit + pack}),
        Changed("products", match={"sku": KITCHEN}, fields={"stock": kitchen_stock + 1}),
    ]


@verifier.checkpoint(
    weight=3,
    rationale="only that return and that cancellation happened, and nothing else, and neither "
    "reason asks anything of the order that stays",
)
def nothing_else_changed() -> bool:
    expect_changes("shop", expected_changes()).check()
    never_performed("shop", *FORBIDDEN).check()
    for code, reason in (
        (CABLES, order_with(CABLES)["return_reason"]),
        (KITCHEN, order_with(KITCHEN)["cancel_reason"]),
    ):
        UNTOUCHED.contradictions(reason, what=f"the reason on the order of {code}").check()
    return True


if __name__ == "__main__":
    verifier.main()
