#!/usr/bin/env python3
"""Verifier of expense-policy-review: Bob approves the submitted reports of others that are
within policy and rejects those with an item over its category's limit in the base currency,
naming the merchants (goals); and the expense DB changed field by field exactly as those
reviews change it, through the review routes, with no reimbursement or edit on the way."""

from functools import cache

from mock_services.verify import (
    ANY,
    Changed,
    Verifier,
    all_calls_as,
    calls,
    expect_changes,
    never_called,
    one_of,
    query,
)

verifier = Verifier("expense-policy-review")

EXPECTED_APPROVED = ("EXP-2001", "EXP-2003", "EXP-2006")
# report -> merchants of its over-limit items
EXPECTED_REJECTED = {"EXP-2002": ("Hoxton",), "EXP-2004": ("Franklin Barbecue",)}
FORBIDDEN = (
    "POST /api/reports/*/reimburse",
    "* /api/reports/*/items*",
    "PATCH /api/reports/*",
    "DELETE /api/reports/*",
)


@cache
def reports() -> dict[str, dict]:
    return {r["code"]: r for r in query("expense", "SELECT * FROM reports")}


@cache
def bob_id() -> int:
    (row,) = query("expense", "SELECT id FROM users WHERE username = 'bob'")
    return row["id"]


@cache
def reviewed_through_the_api(action: str) -> set[int]:
    """Report ids a successful ``action`` call (API or UI) names in the audit log."""
    return {
        int(entry.path.split("/")[-2])
        for entry in calls("expense", "POST")
        if entry.path.endswith(f"/{action}") and entry.status in (200, 303)
    }


def _reviewed(code: str, status: str, action: str) -> bool:
    report = reports()[code]
    return (
        report["status"] == status
        and report["reviewer_id"] == bob_id()
        and report["id"] in reviewed_through_the_api(action)
    )


@verifier.checkpoint(weight=3, goal=True, rationale="every in-policy report is approved by Bob")
def in_policy_approved() -> float:
    return sum(_reviewed(c, "approved", "approve") for c in EXPECTED_APPROVED) / len(
        EXPECTED_APPROVED
    )


@verifier.checkpoint(weight=3, goal=True, rationale="every over-limit report is rejected by Bob")
def over_limit_rejected() -> float:
    return sum(_reviewed(c, "rejected", "reject") for c in EXPECTED_REJECTED) / len(
        EXPECTED_REJECTED
    )


@verifier.checkpoint(
    weight=1, goal=True, rationale="each rejection names the merchants over the limit"
)
def reasons_name_the_items() -> float:
    named = [
        all(m.casefold() in (reports()[code]["review_note"] or "").casefold() for m in merchants)
        for code, merchants in EXPECTED_REJECTED.items()
    ]
    return sum(named) / len(named)


def expected_changes() -> list[Changed]:
    review = {"reviewer_id": bob_id(), "reviewed_at": ANY, "review_note": ANY}
    return [
        Changed(
            "reports",
            match={"code": one_of(*EXPECTED_APPROVED)},
            count=len(EXPECTED_APPROVED),
            fields={"status": "approved", **review},
        ),
        Changed(
            "reports",
            match={"code": one_of(*EXPECTED_REJECTED)},
            count=len(EXPECTED_REJECTED),
            fields={"status": "rejected", **review},
        ),
    ]


@verifier.checkpoint(
    weight=3, rationale="only those reviews happened, as Bob, with no payment or edit attempted"
)
def nothing_else_changed() -> bool:
    expect_changes("expense", expected_changes()).check()
    never_called("expense", *FORBIDDEN).check()
    all_calls_as("expense", "bob").check()
    return True


if __name__ == "__main__":
    verifier.main()
