#!/usr/bin/env python3
"""Verifier of shop-mcp-office-notebook: one new order of exactly the notebook, shipped to the
Work address and paid with the gift card, as the shop's checkout made it, and the saved cart
back as it was; the shop used through its MCP tools only, as the instruction asks (goals); and
the shop changed field by field exactly as that checkout changes it, with no other order,
cancel, return or account edit on the way (operations, whatever the channel)."""

from functools import cache

from mock_services.verify import (
    ADDED_TO_IT,
    ANY,
    ELSEWHERE,
    OTHER_PAYMENT,
    UNDOING,
    Added,
    Changed,
    ContentRule,
    Counts,
    Removed,
    Verifier,
    audit_log,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("shop-mcp-office-notebook")

NOTEBOOK = "OFF-1401"
WORK_LINE1 = "500 Market Street"
GIFT_CARD = "Gift card ending 7731"
SAVED_CART = {"KIT-4004": 1, "GRC-1301": 2}
# what the order's note (free text beside the checkout) may not say, one rule per goal it would
# contradict: other items, another count or the order undone; another address; another payment
NOTE_ORDER = ContentRule(
    forbids={
        "a request that undoes the order": (
            *UNDOING,
            "duplicate",
            "don't want",
            "do not want",
            "void*",
            "undo*",
            "hold it",
            "hold the order",
        ),
    },
    forbids_of={
        "more items than the notebook": (
            (
                *SAVED_CART,
                "saved item*",
                "pour-over*",
                "coffee*",
                "bean*",
                "cart",
            ),
            ADDED_TO_IT,
        )
    },
    counts=Counts(
        items={"notebook": ("notebook*",)},
        states={
            "ordered": (
                "order*",
                "pack*",
                "send*",
                "ship*",
                "deliver*",
                "make it",
                "want*",
                "need*",
            )
        },
        truth={"notebook": {"ordered": 1}},
    ),
)
NOTE_ADDRESS = ContentRule(
    forbids={
        "another address": (
            "home",
            "742 Evergreen*",
            "Evergreen*",
            "94110",
            *ELSEWHERE,
        )
    }
)
NOTE_PAYMENT = ContentRule(
    forbids={
        "another payment method": (
            "Visa",
            "4242",
            "credit card",
            "debit card",
            "Mastercard",
            *OTHER_PAYMENT,
        )
    }
)
# what the instruction forbids, even undone before the end: other orders' fates, account edits
FORBIDDEN = (
    "cancel_order",
    "request_return",
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
# the order's columns the goals rest on, compared with what the checkout wrote
ORDER_FIELDS = (
    "user_id",
    "status",
    "address_id",
    "ship_line1",
    "payment_method_id",
    "payment_type",
    "payment_label",
)


@cache
def alice_id() -> int:
    return query("shop", "SELECT id FROM users WHERE username = 'alice'", seed=True)[0]["id"]


@cache
def new_orders() -> list[dict]:
    seeded = {r["id"] for r in query("shop", "SELECT id FROM orders", seed=True)}
    return [r for r in query("shop", "SELECT * FROM orders") if r["id"] not in seeded]


def as_audited(table: str, row_id: int) -> dict | None:
    """The row as the shop itself last wrote it (the audit log's after-image), or None."""
    images = [
        change.after
        for entry in audit_log("shop")
        for change in entry.changes
        if change.table == table and change.row_id == str(row_id)
    ]
    return images[-1] if images else None


def new_order() -> dict:
    """The one new order, which must be as the shop's checkout wrote it (not edited in its
    file afterwards)."""
    orders = new_orders()
    assert len(orders) == 1, f"{len(orders)} new orders, expected 1"
    order = orders[0]
    written = as_audited("orders", order["id"]) or {}
    forged = [f for f in ORDER_FIELDS if written.get(f) != order[f]]
    assert not forged, f"{order['code']}: {forged} differ from what the shop's checkout wrote"
    return order


def items(order_id: int) -> dict[str, int]:
    rows = query("shop", "SELECT sku, quantity FROM order_items WHERE order_id = ?", (order_id,))
    return {r["sku"]: r["quantity"] for r in rows}


def note_says_nothing_against(order: dict, rule: ContentRule) -> None:
    """The order's note, if any, says nothing ``rule`` finds against the order."""
    rule.contradictions(order["note"], what=f"{order['code']}'s note").check()


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one new order of exactly one notebook, its note asking for no more and no undoing",
)
def notebook_ordered() -> bool:
    order = new_order()
    assert items(order["id"]) == {NOTEBOOK: 1}, f"the order holds {items(order['id'])}"
    assert order["status"] == "paid" and order["user_id"] == alice_id(), order["status"]
    note_says_nothing_against(order, NOTE_ORDER)
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="shipped to the Work address, its note asking for no other"
)
def shipped_to_work() -> bool:
    order = new_order()
    assert order["ship_line1"] == WORK_LINE1, f"shipped to {order['ship_line1']!r}"
    note_says_nothing_against(order, NOTE_ADDRESS)
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="paid with the gift card, its note asking for no other payment"
)
def paid_with_gift_card() -> bool:
    order = new_order()
    assert order["payment_label"] == GIFT_CARD, f"paid with {order['payment_label']!r}"
    note_says_nothing_against(order, NOTE_PAYMENT)
    return True


@verifier.checkpoint(weight=2, goal=True, rationale="the saved cart is back, same quantities")
def saved_cart_kept() -> bool:
    rows = query(
        "shop",
        "SELECT p.sku, c.quantity FROM cart_items c JOIN products p ON p.id = c.product_id "
        "WHERE c.user_id = ?",
        (alice_id(),),
    )
    cart = {r["sku"]: r["quantity"] for r in rows}
    assert cart == SAVED_CART, f"the cart holds {cart}"
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="the shop used through its MCP tools only, as asked"
)
def through_mcp_tools() -> bool:
    entries = audit_log("shop")
    other = [f"call {e.id} {e.operation} via {e.via}" for e in entries if e.via != "mcp"]
    assert not other, f"not through the MCP tools: {'; '.join(other)}"
    assert any(e.operation == "checkout" for e in entries), "no checkout through the MCP tools"
    return True


def expected_changes() -> list[Added | Changed | Removed]:
    """The checkout, field by field, and the cart emptied and filled again (its rows may come
    back under new ids or the same ones)."""
    stock = query("shop", "SELECT stock FROM products WHERE sku = ?", (NOTEBOOK,), seed=True)
    balance = query(
        "shop", "SELECT balance_cents FROM payment_methods WHERE label = ?", (GIFT_CARD,), seed=True
    )
    cart = {"user_id": alice_id()}
    return [
        Added("orders", match={"user_id": alice_id(), "status": "paid"}, others=ANY),
        Added("order_items", match={"sku": NOTEBOOK, "quantity": 1}, others=ANY),
        Added("order_events", fields={"order_id": ANY, "status": "paid", "at": ANY, "note": ANY}),
        Changed("products", match={"sku": NOTEBOOK}, fields={"stock": stock[0]["stock"] - 1}),
        Changed(
            "payment_methods",
            match={"label": GIFT_CARD},
            fields={"balance_cents": one_of(balance[0]["balance_cents"] - 1399 - 499)},
        ),
        Removed("cart_items", match=cart, count=None),
        Added("cart_items", match=cart, others=ANY, count=None),
        Changed("cart_items", match=cart, fields={"product_id": ANY, "added_at": ANY}, count=None),
    ]


@verifier.checkpoint(
    weight=3, rationale="only that checkout happened: no other order, cancel, return or edit"
)
def nothing_else_changed() -> bool:
    expect_changes("shop", expected_changes()).check()
    never_performed("shop", *FORBIDDEN).check()
    checkouts = performed("shop", "checkout")
    assert len(checkouts) == 1, f"{len(checkouts)} checkouts, expected 1"
    return True


if __name__ == "__main__":
    verifier.main()
