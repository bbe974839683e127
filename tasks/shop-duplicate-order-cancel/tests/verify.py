#!/usr/bin/env python3
"""Verifier of shop-duplicate-order-cancel: the accidental repeats (same items and quantities
within minutes of the first) are cancelled through the shop, the first of each kept, the
look-alikes kept (goals); and the shop changed field by field exactly as those cancellations
change it, with no order placed, returned or carted on the way."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Verifier,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("shop-duplicate-order-cancel")

# each repeated purchase: its first order, then the accidental repeats
GROUPS = (("ORD-410010", "ORD-410011"), ("ORD-410020", "ORD-410021", "ORD-410022"))
EXPECTED_CANCELLED = tuple(code for group in GROUPS for code in group[1:])
FIRSTS = tuple(group[0] for group in GROUPS)
LOOKALIKES = ("ORD-410001", "ORD-410030", "ORD-410031", "ORD-410040")
# what the instruction forbids, through any channel, even when undone before the end (a cart
# emptied again): no order placed, returned or confirmed, no cart touched
FORBIDDEN = (
    "checkout",
    "request_return",
    "confirm_receipt",
    "add_cart_item",
    "update_cart_item",
    "remove_cart_item",
    "clear_cart",
)


@cache
def status(*, seed: bool = False) -> dict[str, str]:
    rows = query("shop", "SELECT code, status FROM orders", seed=seed)
    return {r["code"]: r["status"] for r in rows}


@cache
def cancelled_through_the_shop() -> set[str]:
    """Orders the shop's cancel operation cancelled (API route, MCP tool or web form), from the
    audit log."""
    return {entry.params.get("code") for entry in performed("shop", "cancel_order")}


@verifier.checkpoint(weight=3, goal=True, rationale="every accidental repeat is cancelled")
def repeats_cancelled() -> float:
    done = [
        status()[c] == "cancelled" and c in cancelled_through_the_shop() for c in EXPECTED_CANCELLED
    ]
    return sum(done) / len(done)


@verifier.checkpoint(weight=2, goal=True, rationale="the first order of each purchase stands")
def firsts_kept() -> float:
    seed = status(seed=True)
    return sum(status()[c] == seed[c] for c in FIRSTS) / len(FIRSTS)


@verifier.checkpoint(weight=2, goal=True, rationale="orders that only look alike are untouched")
def lookalikes_kept() -> bool:
    seed = status(seed=True)
    changed = [c for c in LOOKALIKES if status()[c] != seed[c]]
    assert not changed, f"changed: {changed}"
    return True


def restocked() -> dict[str, int]:
    """SKU -> units the cancellations put back on the shelf."""
    rows = query(
        "shop",
        "SELECT p.sku, SUM(i.quantity) AS units FROM order_items i "
        "JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id "
        f"WHERE o.code IN ({', '.join('?' * len(EXPECTED_CANCELLED))}) GROUP BY p.sku",
        EXPECTED_CANCELLED,
        seed=True,
    )
    return {r["sku"]: r["units"] for r in rows}


def expected_changes() -> list[Changed | Added]:
    """The three cancellations, field by field: status and refund, one event each, restock."""
    ids = query(
        "shop",
        f"SELECT id FROM orders WHERE code IN ({', '.join('?' * len(EXPECTED_CANCELLED))})",
        EXPECTED_CANCELLED,
        seed=True,
    )
    seed_stock = {
        r["sku"]: r["stock"] for r in query("shop", "SELECT sku, stock FROM products", seed=True)
    }
    rules = [
        Changed(
            "orders",
            match={"code": one_of(*EXPECTED_CANCELLED)},
            count=len(EXPECTED_CANCELLED),
            fields={
                "status": "cancelled",
                "refunded_cents": ANY,
                "cancelled_at": ANY,
                "cancel_reason": ANY,
            },
        ),
        Added(
            "order_events",
            count=len(EXPECTED_CANCELLED),
            fields={
                "order_id": one_of(*(r["id"] for r in ids)),
                "status": "cancelled",
                "at": ANY,
                "note": ANY,
            },
        ),
    ]
    for sku, units in restocked().items():
        back = seed_stock[sku] + units
        rules.append(Changed("products", match={"sku": sku}, fields={"stock": back}))
    return rules


@verifier.checkpoint(
    weight=3,
    rationale="only those cancellations happened, by the shop's cancel and nothing else; no "
    "order placed, returned or confirmed and no cart touched, not even tried",
)
def nothing_else_changed() -> bool:
    expect_changes("shop", expected_changes()).check()
    never_performed("shop", *FORBIDDEN).check()
    return True


if __name__ == "__main__":
    verifier.main()
