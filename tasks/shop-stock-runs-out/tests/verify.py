#!/usr/bin/env python3
"""Verifier of shop-stock-runs-out: alice asks for three Vireo V27U monitors, or else three of
the cheapest other 27-inch Vireo the shop can sell three of. The world: once the agent first
puts something in the cart, the V27U sells down to one unit (the seed's event
``monitor-sells-out``, the shop's own ``update_product``), so a cart of three V27U made before
it is stale and its checkout is refused.

Goals: one new order of exactly three of the right substitute, placed after the sell-out, as
the shop's checkout wrote it; to alice's default address with her default card. The event is
one step with the add that fires it (no request of the agent's is served between the two), so
three V27U can never be bought once carted: such an order is not credited, whenever the audit
log says it was placed (defence in depth, should a window between the two ever open again).
The one way to them is the shop's Buy now (a checkout of the product, no cart) before any cart
add: the world has not sold them out then, the shop sells three, and that order is right.
Secondary: the agent went for the asked-for monitor first (its first cart line, before the
event, was the V27U, or it bought the V27U at once: the substitute is no choice made before
the shop said no), and nothing
else changed field by field (no second order, no cancellation, no account edit, no line left
in the cart).
Any channel (API, MCP tools, web forms) is accepted."""

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
    Verifier,
    after_event,
    before_event,
    check_names,
    check_operations,
    event_fired,
    expect_changes,
    logged_before,
    never_performed,
    not_as_written,
    performed,
    query,
)

verifier = Verifier("shop-stock-runs-out")

EVENT = "monitor-sells-out"
ASKED_FOR = "VIR-2701"  # the model alice names; one unit left after the event
EXPECTED_SUBSTITUTE = "VIR-2704"  # Vireo, 27-inch, cheapest with three in stock
QUANTITY = 3
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
ORDER_FIELDS = ("user_id", "status", "address_id", "payment_method_id", "total_cents")
check_operations("shop", *FORBIDDEN)


@cache
def alice_id() -> int:
    return query("shop", "SELECT id FROM users WHERE username = 'alice'", seed=True)[0]["id"]


@cache
def new_orders() -> list[dict]:
    seeded = {r["id"] for r in query("shop", "SELECT id FROM orders", seed=True)}
    return [r for r in query("shop", "SELECT * FROM orders") if r["id"] not in seeded]


def product_id(sku: str) -> int:
    return query("shop", "SELECT id FROM products WHERE sku = ?", (sku,), seed=True)[0]["id"]


def the_order() -> dict:
    """The one new order, as the shop's checkout wrote it (not edited in its file)."""
    orders = new_orders()
    assert len(orders) == 1, f"{len(orders)} new orders, expected 1"
    order = orders[0]
    forged = not_as_written("shop", "orders", order, ORDER_FIELDS)
    assert not forged, f"{order['code']}: {forged} differ from what the shop's checkout wrote"
    return order


def items(order_id: int) -> dict[str, int]:
    rows = query("shop", "SELECT sku, quantity FROM order_items WHERE order_id = ?", (order_id,))
    return {r["sku"]: r["quantity"] for r in rows}


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one order of three of the cheapest 27-inch Vireo sold in three, after the sell-out "
    "(or three V27U bought now, before anything was carted: the shop could sell them then)",
)
def substitute_ordered() -> bool:
    order = the_order()
    got = items(order["id"])
    assert order["status"] == "paid" and order["user_id"] == alice_id(), order["status"]
    note_against_the_order(got).contradictions(
        order["note"], what=f"{order['code']}'s note"
    ).check()
    if bought_now_before_the_sell_out(got):
        return True
    assert event_fired("shop", EVENT) is not None, "the sell-out never happened"
    if got.get(ASKED_FOR):
        raise AssertionError(
            f"{order['code']} holds the {ASKED_FOR} ({got}): it sold down to one the moment it "
            "was first carted, so three of it were never for sale"
        )
    assert got == {EXPECTED_SUBSTITUTE: QUANTITY}, f"{order['code']} holds {got}"
    checkouts = after_event("shop", EVENT, performed("shop", "checkout"))
    assert checkouts, "the order was not placed after the V27U sold out"
    return True


def bought_now_before_the_sell_out(got: dict[str, int]) -> bool:
    """Whether the order is three V27U checked out before anything was carted and before the
    sell-out (the shop's Buy now): the world sells the V27U out on the first cart add, so
    until then the shop could sell three, and did. A checkout after an add is never one: the
    add's sell-out comes before it (and were a window ever to open between the two, as
    defence in depth, it still is not)."""
    checkouts = performed("shop", "checkout")
    if got != {ASKED_FOR: QUANTITY} or len(checkouts) != 1:
        return False
    (checkout,) = checkouts
    carted_first = [a for a in performed("shop", "add_cart_item") if logged_before(a, checkout)]
    sold_out = event_fired("shop", EVENT) is not None
    return not carted_first and (not sold_out or bool(before_event("shop", EVENT, checkouts)))


@verifier.checkpoint(
    weight=2, goal=True, rationale="shipped to the default address, paid with the default card"
)
def default_address_and_card() -> bool:
    order = the_order()
    address = query(
        "shop",
        "SELECT id FROM addresses WHERE user_id = ? AND is_default = 1",
        (alice_id(),),
        seed=True,
    )[0]["id"]
    card = query(
        "shop",
        "SELECT id, label FROM payment_methods WHERE user_id = ? AND is_default = 1",
        (alice_id(),),
        seed=True,
    )[0]
    assert order["address_id"] == address, f"shipped to address {order['address_id']}"
    assert order["payment_method_id"] == card["id"], f"paid with {order['payment_label']!r}"
    note_against_the_delivery().contradictions(
        order["note"], what=f"{order['code']}'s note"
    ).check()
    return True


def alices_others(sql: str) -> list[str]:
    """The spellings of alice's other addresses or payment methods (``sql`` selects them)."""
    return [
        str(v) for row in query("shop", sql, (alice_id(),), seed=True) for v in row.values() if v
    ]


def note_against_the_order(got: dict[str, int]) -> ContentRule:
    """What the order's note (free text the shop and the courier read) may not say against the
    order of ``got``: that it be undone, other monitors (but the asked-for one) with it, another
    count of monitors."""
    # the asked-for model is left out: a true note explains it ("the V27U could not ship")
    skipped = (*got, ASKED_FOR)
    others = query(
        "shop",
        "SELECT sku, name FROM products WHERE name LIKE 'Vireo %' AND sku NOT IN "
        f"({','.join('?' * len(skipped))})",
        skipped,
        seed=True,
    )
    # "Vireo V27U Pro 27-inch ..." -> "V27U Pro": the model as people say it
    models = [r["name"].removeprefix("Vireo ").split(" 2")[0] for r in others]
    return ContentRule(
        forbids={"a request that undoes the order": UNDOING},
        forbids_of={
            "other monitors with it": (
                (*[r["sku"] for r in others], *models),
                ADDED_TO_IT,
            )
        },
        counts=Counts(
            items={"monitors": ("monitor*", "screen*", "display*", "unit*")},
            states={"ordered": ("order*", "send*", "ship*", "deliver*", "pack*", "only", "just")},
            truth={"monitors": {"ordered": QUANTITY}},
        ),
    )


@cache
def note_against_the_delivery() -> ContentRule:
    """What the order's note may not say of where and how: alice's other addresses (or a house,
    a flat), another way to pay (her other cards, PayPal)."""
    return ContentRule(
        forbids={
            "another address": (
                *ELSEWHERE,
                *alices_others(
                    "SELECT label, line1 FROM addresses WHERE user_id = ? AND NOT is_default"
                ),
            ),
            "another way to pay": (
                *OTHER_PAYMENT,
                *alices_others(
                    "SELECT brand, last4, paypal_email FROM payment_methods "
                    "WHERE user_id = ? AND NOT is_default"
                ),
            ),
        }
    )


@verifier.checkpoint(
    weight=2, rationale="the asked-for monitor was tried first, before it sold out"
)
def asked_for_model_tried_first() -> bool:
    orders = new_orders()  # read as they are: the goals judge how many there are
    if len(orders) == 1 and bought_now_before_the_sell_out(items(orders[0]["id"])):
        return True  # the V27U itself, bought at once
    adds = before_event("shop", EVENT, performed("shop", "add_cart_item"))
    assert adds, "nothing was put in the cart"
    first = adds[0]
    wanted = product_id(ASKED_FOR)
    lines = [c.after for c in first.changes if c.table == "cart_items" and c.after]
    assert any(line.get("product_id") == wanted for line in lines), (
        f"the first cart line was not the {ASKED_FOR} (call {first.id}: {first.body})"
    )
    return True


def expected_changes(user_id: int, substitute_stock: int) -> list[Added | Changed]:
    """The world's sell-out and the one checkout of the substitute, field by field; the cart
    ends as it began."""
    return [
        Changed("products", match={"sku": ASKED_FOR}, fields={"stock": 1}),
        *the_checkout(user_id, EXPECTED_SUBSTITUTE, substitute_stock),
    ]


def the_checkout(user_id: int, sku: str, stock: int) -> list[Added | Changed]:
    """One checkout of three of ``sku`` (``stock`` seeded), field by field."""
    return [
        Changed("products", match={"sku": sku}, fields={"stock": stock - QUANTITY}),
        Added("orders", match={"user_id": user_id, "status": "paid"}, others=ANY),
        Added("order_items", match={"sku": sku, "quantity": QUANTITY}, others=ANY),
        Added("order_events", fields={"order_id": ANY, "status": "paid", "at": ANY, "note": ANY}),
    ]


check_names("shop", *expected_changes(1, QUANTITY))


@verifier.checkpoint(
    weight=2,
    rationale="nothing else: no other order or cancellation, no account edit, an empty cart",
)
def nothing_else_changed() -> bool:
    assert substitute_ordered(), "the order was not placed: nothing to keep tidy"
    bought_now = bought_now_before_the_sell_out(items(the_order()["id"]))
    sku = ASKED_FOR if bought_now else EXPECTED_SUBSTITUTE
    stock = query("shop", "SELECT stock FROM products WHERE sku = ?", (sku,), seed=True)[0]
    expected = (
        the_checkout(alice_id(), sku, stock["stock"])
        if bought_now
        else expected_changes(alice_id(), stock["stock"])
    )
    expect_changes("shop", expected).check()
    never_performed("shop", *FORBIDDEN).check()
    checkouts = performed("shop", "checkout")
    assert len(checkouts) == 1, f"{len(checkouts)} checkouts, expected 1"
    return True


if __name__ == "__main__":
    verifier.main()
