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
    ContentRule,
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
# what a repeat's cancel reason (free text beside the cancellation) may not say, one rule per
# goal it would contradict: undo the cancellation or name another purchase as its first; cancel
# the first orders or say the items are unwanted; name a look-alike
UNDOES = {
    "a request that undoes the cancellation": (
        "cancelled by mistake",
        "canceled by mistake",
        "cancelled in error",
        "canceled in error",
        "anyway",
        "please ship",
        "please send",
        "still ship*",
        "still send*",
        "place it again",
        "place again",
        "order it again",
        "order again",
        "reorder*",
        "re-order*",
        "resubmit*",
        "reinstate*",
        "restore*",
        "keep this order",
        "keep the order",
        "keep it",
        "don't cancel",
        "do not cancel",
    )
}
FIRSTS_STAND = ContentRule(
    forbids={
        "that the items are unwanted": (
            "no longer want*",
            "don't want",
            "do not want",
            "no longer need*",
            "don't need",
            "do not need",
            "not needed",
            "unwanted",
        )
    },
    forbids_of={
        "a cancellation of an order that stays": (
            (
                *FIRSTS,
                "first order",
                "first one",
                "original order",
                "original one",
                "both orders",
                "every order",
                "all orders",
                "all the orders",
                "all of them",
                "each order",
                "them all",
            ),
            # a request, not the cancellation itself ("cancelled as a repeat of ORD-410010")
            (
                "please cancel",
                "also cancel",
                "cancel it too",
                "cancel them",
                "please refund",
                "please return",
                "please void",
                "as well",
                "too",
            ),
        )
    },
)
LOOKALIKES_UNNAMED = ContentRule(not_about={"an order that only looks alike": LOOKALIKES})


def repeat_reason(code: str) -> ContentRule:
    """What the cancel reason of the repeat ``code`` may not say of its own cancellation: no
    undoing, no order of another purchase as its first."""
    others = tuple(c for group in GROUPS if code not in group for c in group)
    return ContentRule(forbids=UNDOES, not_about={"another purchase's orders": others})


@cache
def cancel_reasons() -> dict[str, str | None]:
    """The cancel reason of each order the agent cancelled (seeded cancellations left out)."""
    seed = status(seed=True)
    rows = query("shop", "SELECT code, status, cancel_reason FROM orders")
    return {
        r["code"]: r["cancel_reason"]
        for r in rows
        if r["status"] == "cancelled" and seed.get(r["code"]) != "cancelled"
    }


def reasons_against(rule: ContentRule) -> list[str]:
    """The problems ``rule`` finds in every cancel reason the agent gave."""
    return [
        f"{found.rule}: {found.detail()}"
        for code, reason in cancel_reasons().items()
        if not (found := rule.contradictions(reason, what=f"{code}'s cancel reason")).ok
    ]


@cache
def status(*, seed: bool = False) -> dict[str, str]:
    rows = query("shop", "SELECT code, status FROM orders", seed=seed)
    return {r["code"]: r["status"] for r in rows}


@cache
def cancelled_through_the_shop() -> set[str]:
    """Orders the shop's cancel operation cancelled (API route, MCP tool or web form), from the
    audit log."""
    return {entry.params.get("code") for entry in performed("shop", "cancel_order")}


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="every accidental repeat is cancelled, its reason neither undoing it nor naming "
    "another purchase's order",
)
def repeats_cancelled() -> float:
    done = [
        status()[c] == "cancelled"
        and c in cancelled_through_the_shop()
        and repeat_reason(c).contradictions(cancel_reasons().get(c)).ok
        for c in EXPECTED_CANCELLED
    ]
    return sum(done) / len(done)


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the first order of each purchase stands, and no cancel reason asks to cancel it "
    "or calls the items unwanted",
)
def firsts_kept() -> float:
    seed = status(seed=True)
    problems = reasons_against(FIRSTS_STAND)
    assert not problems, "; ".join(problems)
    return sum(status()[c] == seed[c] for c in FIRSTS) / len(FIRSTS)


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="orders that only look alike are untouched, and no cancel reason names one",
)
def lookalikes_kept() -> bool:
    seed = status(seed=True)
    changed = [c for c in LOOKALIKES if status()[c] != seed[c]]
    assert not changed, f"changed: {changed}"
    problems = reasons_against(LOOKALIKES_UNNAMED)
    assert not problems, "; ".join(problems)
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
