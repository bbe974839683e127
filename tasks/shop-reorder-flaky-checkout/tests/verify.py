#!/usr/bin/env python3
"""Verifier of shop-reorder-flaky-checkout: exactly one new order of Alice's, placed through the
shop's checkout, holding only last month's filters in last month's quantity, shipped to the
Office address and paid by Mastercard (goals); the shop changed field by field exactly as that
order changes it, the mug still in the cart, and no order cancelled, returned or confirmed on
the way (the first calls to the cart and to checkout fail with 429, then 503 and Retry-After).
"""

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
    all_calls_as,
    audit_log,
    expect_changes,
    never_performed,
    performed,
    query,
)

verifier = Verifier("shop-reorder-flaky-checkout")

EXPECTED_SKU = "KIT-5101"
EXPECTED_QUANTITY = 3
OFFICE_LABEL = "Office"  # named by the instruction itself, not an answer to find
EXPECTED_CARD = "5454"
CART_KEPT_SKU = "KIT-5300"  # the mug already in the cart: not part of the order, still there
USER = "alice"
# "do not cancel or change any existing order": any action on an order, through any channel
ORDER_ACTIONS = ("cancel_order", "request_return", "confirm_receipt")
# the order's columns set from the chosen address
SHIP_FIELDS = {
    "ship_recipient": "recipient",
    "ship_line1": "line1",
    "ship_line2": "line2",
    "ship_city": "city",
    "ship_region": "region",
    "ship_postal_code": "postal_code",
    "ship_country": "country",
    "ship_phone": "phone",
}
# what the order's note (free text beside the checkout) may not say, one rule per goal it would
# contradict: more items, another quantity, a second order or the order undone; another
# address; another card
NOTE_ORDER = ContentRule(
    forbids={
        "a request that undoes the order or changes its quantity": (
            *UNDOING,
            "too many",
            "fewer",
            "reduce*",
        ),
        "another order than this one": (
            "twice",
            "duplicate*",
            "both orders",
            "two orders",
            "second order",
            "another order",
            "other order",
        ),
    },
    forbids_of={
        "more items than the filters": (
            (
                CART_KEPT_SKU,
                "mug*",
                "Stoneware*",
                "cart",
            ),
            ADDED_TO_IT,
        )
    },
    counts=Counts(
        items={"boxes": ("box*", "packs", "packets")},
        states={"ordered": ("order*", "pack", "send*", "ship*", "deliver*", "only", "just")},
        truth={"boxes": {"ordered": EXPECTED_QUANTITY}},
    ),
)
NOTE_ADDRESS = ContentRule(
    forbids={
        "another address": (
            "home",
            "12 Rue des Lilas",
            "Rue des Lilas",
            "69003",
            *ELSEWHERE,
        )
    }
)
NOTE_PAYMENT = ContentRule(
    forbids={
        "another payment method": (
            "Visa",
            "4242",
            *OTHER_PAYMENT,
            "gift card",
        )
    }
)


def note_says_nothing_against(order: dict, rule: ContentRule) -> None:
    """The order's note, if any, says nothing ``rule`` finds against the order."""
    rule.contradictions(order["note"], what=f"{order['code']}'s note").check()


def seed_row(sql: str, *params: object) -> dict:
    (row,) = query("shop", sql, params, seed=True)
    return row


@cache
def user_id() -> int:
    return seed_row("SELECT id FROM users WHERE username = ?", USER)["id"]


@cache
def product(sku: str) -> dict:
    return seed_row("SELECT id, stock FROM products WHERE sku = ?", sku)


@cache
def office() -> dict:
    sql = "SELECT * FROM addresses WHERE user_id = ? AND label = ?"
    return seed_row(sql, user_id(), OFFICE_LABEL)


@cache
def mastercard() -> dict:
    sql = "SELECT * FROM payment_methods WHERE user_id = ? AND last4 = ?"
    return seed_row(sql, user_id(), EXPECTED_CARD)


@cache
def new_orders() -> list[dict]:
    seeded = {r["id"] for r in query("shop", "SELECT id FROM orders", seed=True)}
    return [r for r in query("shop", "SELECT * FROM orders") if r["id"] not in seeded]


def as_audited(table: str, row_id: int) -> dict:
    """The row as the shop itself last wrote it (the audit log's after-image), times left out
    (their text differs from the DB's), or {} if the shop never wrote it."""
    images = [
        change.after or {}
        for entry in audit_log("shop")
        for change in entry.changes
        if change.table == table and change.row_id == str(row_id)
    ]
    return {k: v for k, v in (images[-1] if images else {}).items() if not k.endswith("_at")}


def the_order() -> dict:
    """The one new order, as the shop wrote it (not edited in its DB file afterwards)."""
    orders = new_orders()
    assert len(orders) == 1, f"{len(orders)} new orders: {[o['code'] for o in orders]}"
    order = orders[0]
    written = as_audited("orders", order["id"])
    forged = sorted(k for k, v in written.items() if order[k] != v)
    assert written and not forged, f"{order['code']}: {forged or 'all'} not as the shop wrote it"
    return order


@cache
def placed_by_checkout() -> set[int]:
    """Ids of the orders the shop's checkout added (API route, MCP tool or web form), from the
    audit log."""
    return {
        int(change.row_id)
        for entry in performed("shop", "checkout")
        for change in entry.changes
        if change.table == "orders" and change.action == "insert"
    }


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="exactly one new order, placed through checkout, of the same filters, same "
    "quantity, its note asking for no other quantity, item or order and no undoing",
)
def filters_reordered() -> bool:
    order = the_order()
    assert order["user_id"] == user_id(), f"{order['code']} is not {USER}'s"
    assert order["id"] in placed_by_checkout(), f"{order['code']}: no checkout call placed it"
    assert order["status"] == "paid", f"{order['code']} is {order['status']}"
    sql = "SELECT sku, quantity FROM order_items WHERE order_id = ?"
    items = query("shop", sql, [order["id"]])
    assert items == [{"sku": EXPECTED_SKU, "quantity": EXPECTED_QUANTITY}], f"items: {items}"
    note_says_nothing_against(order, NOTE_ORDER)
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="it ships to the office address, its note asking for no other"
)
def office_address() -> bool:
    order = the_order()
    assert order["address_id"] == office()["id"], f"address {order['address_id']}"
    ship = {column: order[column] for column in SHIP_FIELDS}
    expected = {column: office()[field] for column, field in SHIP_FIELDS.items()}
    assert ship == expected, f"ships to {ship}"
    note_says_nothing_against(order, NOTE_ADDRESS)
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="it is paid with the Mastercard, its note asking for no other"
)
def paid_by_mastercard() -> bool:
    order = the_order()
    card = mastercard()
    assert order["payment_method_id"] == card["id"], f"paid by {order['payment_label']}"
    assert order["payment_label"] == card["label"], f"paid by {order['payment_label']}"
    note_says_nothing_against(order, NOTE_PAYMENT)
    return True


def expected_changes() -> list[Added | Changed | Removed]:
    """The one order, field by field; the stock it takes; the mug's cart line, which may be set
    aside and put back (the end state of the cart is checked apart)."""
    filters, mug = product(EXPECTED_SKU), product(CART_KEPT_SKU)
    card = mastercard()
    order_fields = {
        "code": ANY,
        "user_id": user_id(),
        "status": "paid",
        "address_id": office()["id"],
        **{column: office()[field] for column, field in SHIP_FIELDS.items()},
        "payment_method_id": card["id"],
        "payment_type": card["type"],
        "payment_label": card["label"],
        "subtotal_cents": ANY,
        "shipping_cents": ANY,
        "total_cents": ANY,
        "refunded_cents": 0,
        "note": ANY,
        "placed_at": ANY,
    }
    new_ids = tuple(o["id"] for o in new_orders())
    mine = {"user_id": user_id(), "product_id": mug["id"]}
    return [
        Added("orders", fields=order_fields),
        Added(
            "order_items",
            fields={
                "order_id": lambda value: value in new_ids,
                "product_id": filters["id"],
                "sku": EXPECTED_SKU,
                "name": ANY,
                "unit_price_cents": ANY,
                "quantity": EXPECTED_QUANTITY,
                "line_total_cents": ANY,
                "return_quantity": 0,
            },
        ),
        Added(
            "order_events",
            fields={"order_id": lambda value: value in new_ids, "status": "paid", "at": ANY},
        ),
        Changed(
            "products",
            match={"sku": EXPECTED_SKU},
            fields={"stock": filters["stock"] - EXPECTED_QUANTITY},
        ),
        Changed("cart_items", match=mine, fields={"added_at": ANY}, count=None),
        Removed("cart_items", match=mine, count=None),
        Added("cart_items", fields={**mine, "quantity": ANY, "added_at": ANY}, count=None),
    ]


def cart_lines(*, seed: bool = False) -> list[dict]:
    """Alice's cart as (sku, quantity) rows."""
    sql = (
        "SELECT p.sku, c.quantity FROM cart_items c JOIN products p ON p.id = c.product_id "
        "WHERE c.user_id = ? ORDER BY p.sku"
    )
    return query("shop", sql, [user_id()], seed=seed)


@verifier.checkpoint(
    weight=4,
    rationale="only that order happened, field by field, the mug still alone in the cart; no order "
    "cancelled, returned or confirmed, not even tried; every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("shop", expected_changes()).check()
    cart, seeded = cart_lines(), cart_lines(seed=True)
    assert cart == seeded, f"the cart holds {cart}, it held {seeded}"
    never_performed("shop", *ORDER_ACTIONS).check()
    all_calls_as("shop", USER).check()
    return True


if __name__ == "__main__":
    verifier.main()
