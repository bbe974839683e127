#!/usr/bin/env python3
"""Verifier of shop-duplicate-order-cancel: the accidental repeats (same items and quantities
within minutes of the first) are cancelled, the first of each kept, look-alikes kept, nothing
else changed (DB diff against the seed)."""

from functools import cache

from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("shop-duplicate-order-cancel")

# each repeated purchase: its first order, then the accidental repeats
GROUPS = (("ORD-410010", "ORD-410011"), ("ORD-410020", "ORD-410021", "ORD-410022"))
EXPECTED_CANCELLED = tuple(code for group in GROUPS for code in group[1:])
LOOKALIKES = ("ORD-410001", "ORD-410030", "ORD-410031", "ORD-410040")


@cache
def status() -> dict[str, str]:
    return {r["code"]: r["status"] for r in query("shop", "SELECT code, status FROM orders")}


@verifier.checkpoint(weight=3, rationale="every accidental repeat is cancelled")
def repeats_cancelled() -> float:
    return sum(status()[c] == "cancelled" for c in EXPECTED_CANCELLED) / len(EXPECTED_CANCELLED)


@verifier.checkpoint(weight=2, rationale="each repeated purchase ends with only its first order")
def only_first_left() -> float:
    live = [[c for c in group if status()[c] != "cancelled"] for group in GROUPS]
    return sum(codes == [group[0]] for codes, group in zip(live, GROUPS, strict=True)) / len(GROUPS)


@verifier.checkpoint(weight=2, rationale="orders that only look alike are untouched")
def lookalikes_kept() -> bool:
    seed = {
        r["code"]: r["status"] for r in query("shop", "SELECT code, status FROM orders", seed=True)
    }
    changed = [c for c in LOOKALIKES if status()[c] != seed[c]]
    assert not changed, f"changed: {changed}"
    return True


@verifier.checkpoint(weight=1, rationale="only cancellations happened: no new orders or returns")
def nothing_else_changed() -> bool:
    diff = diff_service("shop")
    problems = diff.unexpected(
        {"orders": ["changed"], "order_events": ["added"], "products": ["changed"]}
    )
    for change in diff.changed("orders"):
        if change.after["status"] != "cancelled":
            problems.append(f"{change.after['code']} is now {change.after['status']}")
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
