#!/usr/bin/env python3
"""Verifier of expense-policy-review: Bob approves the submitted reports of others that are
within policy and rejects those with an item over its category's limit in the base currency,
each reason naming the merchants over the limit and no other (goals); and the expense DB
changed field by field exactly as those reviews change it, with no reimbursement or edit on the
way. Reviews are read by operation (approve_report, reject_report), whatever the channel."""

from functools import cache
from pathlib import Path

from mock_services.verify import (
    ANY,
    Changed,
    ContentRule,
    Decision,
    Record,
    Result,
    Said,
    Verifier,
    all_calls_as,
    expect_changes,
    judged_agreement,
    never_performed,
    one_of,
    performed,
    query,
    seed_time,
    spelled,
)

verifier = Verifier("expense-policy-review")

EXPECTED_APPROVED = ("EXP-2001", "EXP-2003", "EXP-2006")
# report -> merchants of its over-limit items
EXPECTED_REJECTED = {"EXP-2002": ("Hoxton",), "EXP-2004": ("Franklin",)}
# what the instruction forbids, even when undone or refused: paying, and acting on a report
# otherwise than by approving or rejecting it
FORBIDDEN = (
    "reimburse_report",
    "create_report",
    "update_report",
    "delete_report",
    "submit_report",
    "recall_report",
    "add_item",
    "update_item",
    "delete_item",
    "add_receipt",
    "delete_receipt",
)
# a rejection reason announces the rejection (or what is wrong), never an approval
REJECTION = Decision(
    said=(
        "reject*",
        "declin*",
        "denied",
        "over",
        "exceed*",
        "above",
        "beyond",
        "more than",
        "higher than",
        "too high",
        "too much",
        "too expensive",
        "breach*",
        "violat*",
        "break*",
        "broke*",
        "outside",
        "not within",
        "out of policy",
        "non-compliant",
        "not compliant",
    ),
    opposite=(
        "approve it",
        "approved it",
        "approve this",
        "I approve",
        "happy to approve",
        "is approved",
        "are approved",
        "been approved",
        "approved as submitted",
        "is within policy",
        "are within policy",
        "is within the policy",
        "are within the policy",
        "everything is within",
        "all within policy",
        # an over-limit item said to be within its limit
        *("is within the limit", "is within its limit", "is within the category limit"),
        *("is within limit", "is under the limit", "is under its limit", "is below the limit"),
        *("is below its limit", "is not over", "is not above", "does not exceed"),
        *("doesn't exceed", "is not more than"),
        # approved all the same, or paid in full
        *("approved anyway", "approve it anyway", "approved regardless", "approved all the same"),
        *("approved nonetheless", "accepted anyway", "approved as an exception", "an exception"),
        *("reimburse the full", "reimbursed in full", "paid in full", "pay the full"),
    ),
)
# Bob reviews, nobody pays: no text of his may say money went out
PAYMENT_CLAIM = {
    "a payment nobody made": (
        *("already reimbursed", "been reimbursed", "reimbursed today", "have reimbursed"),
        *("has reimbursed", "I reimbursed", "is reimbursed", "was reimbursed"),
        *("already paid", "been paid", "is paid", "was paid", "have paid", "has paid"),
        *("paid out", "paid to your", "paid into your", "transferred", "in your account"),
        *("to your account", "on its way to you", "payment has been", "payment was"),
    )
}
# The instruction as the agent got it (a copy in tests/: the verifier sees nothing else).
INSTRUCTION = (Path(__file__).resolve().parent / "instruction.md").read_text()


@cache
def reports() -> dict[str, dict]:
    return {r["code"]: r for r in query("expense", "SELECT * FROM reports")}


@cache
def bob_id() -> int:
    (row,) = query("expense", "SELECT id FROM users WHERE username = 'bob'")
    return row["id"]


@cache
def merchants() -> frozenset[str]:
    """Every merchant of every item in the seed, whoever's report it is on."""
    return frozenset(
        r["merchant"] for r in query("expense", "SELECT merchant FROM items", seed=True)
    )


@cache
def reviewed_by(operation: str) -> frozenset[int]:
    """Report ids a successful ``operation`` changed, through any channel (API, MCP, web form)."""
    return frozenset(
        int(change.row_id)
        for entry in performed("expense", operation)
        for change in entry.changes
        if change.table == "reports"
    )


def _reviewed(code: str, status: str, operation: str) -> bool:
    report = reports()[code]
    return (
        report["status"] == status
        and report["reviewer_id"] == bob_id()
        and report["id"] in reviewed_by(operation)
    )


@verifier.checkpoint(weight=3, goal=True, rationale="every in-policy report is approved by Bob")
def in_policy_approved() -> float:
    done = [_reviewed(c, "approved", "approve_report") for c in EXPECTED_APPROVED]
    return sum(done) / len(done)


@verifier.checkpoint(weight=3, goal=True, rationale="every over-limit report is rejected by Bob")
def over_limit_rejected() -> float:
    done = [_reviewed(c, "rejected", "reject_report") for c in EXPECTED_REJECTED]
    return sum(done) / len(done)


@cache
def true_amounts(code: str, merchants: tuple[str, ...] | None = None) -> tuple[float, ...]:
    """The amounts a note on report ``code`` may give: each item's amount (only the items of
    ``merchants`` when given: a reason gives the over-limit items' amounts, not another item's),
    in its currency and in the base currency, its category's limit and by how much it is over
    (in both), the report's total and every category's limit."""
    items = [
        item
        for item in query(
            "expense",
            "SELECT i.merchant, i.amount_cents, i.base_cents, c.limit_cents, cur.rate_ppm "
            "FROM items i JOIN reports r ON r.id = i.report_id "
            "JOIN categories c ON c.id = i.category_id "
            "JOIN currencies cur ON cur.code = i.currency WHERE r.code = ?",
            [code],
            seed=True,
        )
        if merchants is None or any(m in item["merchant"] for m in merchants)
    ]
    cents = [reports()[code]["total_cents"]]
    cents += [r["limit_cents"] for r in query("expense", "SELECT limit_cents FROM categories")]
    for item in items:
        cents += [item["amount_cents"], item["base_cents"]]
        over = item["base_cents"] - (item["limit_cents"] or item["base_cents"])
        cents += [over, round(over * 1_000_000 / item["rate_ppm"])] if over > 0 else []
    return tuple(c / 100 for c in cents if c is not None)


@cache
def other_reports(code: str) -> tuple[str, ...]:
    """What a note on report ``code`` has no business naming: every other report's code and
    the full name of every other report's owner (not Bob, who reviews them all)."""
    rows = query(
        "expense",
        "SELECT r.code, u.display_name, u.username FROM reports r "
        "JOIN users u ON u.id = r.owner_id",
        seed=True,
    )
    owner = next(r["username"] for r in rows if r["code"] == code)
    return tuple(
        sorted(
            {r["code"] for r in rows if r["code"] != code}
            | {r["display_name"] for r in rows if r["username"] not in (owner, "bob")}
        )
    )


# an approval note that says the report is rejected, or must be fixed, is no approval
REJECTING_WORDS = ("reject*", "declin*", "denied", "resubmit*", "please fix", "not approved")


def reason_rule(code: str, over: tuple[str, ...]) -> ContentRule:
    """What the rejection reason of report ``code``, whose over-limit merchants are ``over``,
    must say (each of them, the rejection) and must not (any other merchant, an amount or limit
    that is not the report's or the policy's, an approval, the instruction copied back)."""
    others = sorted(m for m in merchants() if not any(word in m for word in over))
    return ContentRule(
        facts={f"the merchant over the limit {m!r}": (m,) for m in over},
        not_about={
            "merchants within the limit or on other reports": tuple(others),
            "other reports or their owners": other_reports(code),
        },
        decision=REJECTION,
        source=INSTRUCTION,
        amounts=true_amounts(code, over),
        forbids=PAYMENT_CLAIM,
    )


def approval_rule(code: str) -> ContentRule:
    """An approval note, if any, speaks of its own report (no other report, its owner or its
    merchant; no amount that is not its own or the policy's), rejects nothing and claims no
    payment."""
    own = {r["merchant"] for r in query("expense", _MERCHANTS_OF, [code], seed=True)}
    others = tuple(sorted(merchants() - own))
    return ContentRule(
        not_about={
            "merchants on other reports": others,
            "other reports or their owners": other_reports(code),
            "a rejection": REJECTING_WORDS,
        },
        amounts=true_amounts(code),
        forbids=PAYMENT_CLAIM,
    )


_MERCHANTS_OF = (
    "SELECT i.merchant FROM items i JOIN reports r ON r.id = i.report_id WHERE r.code = ?"
)


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="each rejection reason names the merchants over the limit and no other merchant, "
    "no amount or limit but the report's and the policy's, and announces the rejection in the "
    "agent's own words (no approval all the same, no item within its limit); no reason or "
    "approval note claims a payment, and an approval note speaks of no other report",
)
def reasons_name_the_items() -> Result:
    found = [
        reason_rule(code, over).check(reports()[code]["review_note"], what=f"{code}'s reason")
        for code, over in EXPECTED_REJECTED.items()
    ]
    found += [
        approval_rule(code).check(note, what=f"{code}'s approval note")
        for code in EXPECTED_APPROVED
        if (note := reports()[code]["review_note"])
    ]
    detail = "; ".join(f"{f.rule}: {f.detail()}" for f in found if not f.ok)
    return Result(sum(f.ok for f in found) / len(found), detail)


def the_record() -> Record:
    """What Bob did and the reports' own facts, as the judge reads his reasons and notes."""
    clock = seed_time("expense")

    def day(offset: str) -> str:
        return spelled(clock.day(offset))

    return Record(
        f"Bob Chen, approver at Northwind Traders, reviewed on {day('now')} the 5 expense "
        "reports of his team waiting for his approval: he approved EXP-2001, EXP-2003 and "
        "EXP-2006, which are within the expense policy, and rejected EXP-2002 (The Hoxton "
        "Holborn is over the lodging limit) and EXP-2004 (Franklin Barbecue is over the meals "
        "limit), giving those merchants in each reason. He reimbursed nothing and changed "
        "nothing else.",
        [
            "The policy's per-item limits, in US dollars (USD), the company's base currency: "
            "lodging 400.00, meals 75.00, ground transport 120.00, client entertainment 250.00, "
            "conference fees 1,200.00. An item exactly at its limit is within it; an item over "
            "it puts its report out of policy.",
            "The company's exchange rates, in USD: 1 EUR = 1.08, 1 GBP = 1.27, 1 CHF = 1.13, "
            "1 CAD = 0.74.",
            f"EXP-2001, Alice Martin, Berlin customer visit, submitted {day('-6d')} at 17:10, "
            f"2 items spent {day('-8d')}: Café Einstein, meals, lunch with Kraftwerk, EUR 60.00 "
            "(USD 64.80, within the 75.00 limit); Hotel Adlon, lodging, one night, EUR "
            "350.00 (USD 378.00, within the 400.00 limit). Total USD 442.80. Approved.",
            f"EXP-2002, Dave Okafor, London partner summit, submitted {day('-5d')} at 17:20, 2 "
            f"items spent {day('-7d')}: Transport for London, ground transport, GBP 32.00 (USD "
            "40.64, within the 120.00 limit); The Hoxton Holborn, lodging, one night, GBP 330.00 "
            "(USD 419.10, over the 400.00 limit by USD 19.10, about GBP 15.04). Total USD "
            "459.74. Rejected: 1 item over its limit, The Hoxton Holborn.",
            f"EXP-2003, Erin Walsh, Client dinner Boston, submitted {day('-4d')} at 17:05, 1 "
            f"item spent {day('-5d')}: Legal Sea Foods, client entertainment, dinner for 4 "
            "people, USD 250.00, exactly at the 250.00 limit, so within it. Total USD 250.00. "
            "Approved.",
            f"EXP-2004, Alice Martin, Austin developer conference, submitted {day('-3d')} at "
            f"17:40, 3 items spent {day('-4d')}: DevWorld Conference, conference fees, USD "
            "899.00 (within the 1,200.00 limit); Franklin Barbecue, meals, lunch, USD 80.50 "
            "(over the 75.00 limit by USD 5.50); Lyft, ground transport, USD 42.30 (within the "
            "120.00 limit). Total USD 1,021.80. Rejected: 1 item over its limit, Franklin "
            "Barbecue.",
            f"EXP-2006, Grace Kim, Zurich security workshop, submitted {day('-2d')} at 17:30, 2 "
            f"items spent {day('-3d')}: Hotel Schweizerhof, lodging, CHF 290.00 (USD 327.70, "
            "within the 400.00 limit); Zeughauskeller, meals, CHF 58.00 (USD 65.54, within the "
            "75.00 limit). Total USD 393.24. Approved.",
            "Every item of the 5 reports has its receipt. Left alone, as they should be: Bob's "
            "own report EXP-2005 (he cannot review it), the draft EXP-2007 and EXP-2008, "
            "approved earlier by Grace Kim.",
            "In the expense service each report reviewed and each of its items has a number, "
            "the one its web page gives (/reports/<report>/items/<item>): "
            + "; ".join(
                f"{row['code']} is report {row['report_id']}, {row['merchant']} its item "
                f"{row['item_id']}"
                for row in query(
                    "expense",
                    "SELECT r.code, r.id AS report_id, i.merchant, i.id AS item_id FROM items i "
                    "JOIN reports r ON r.id = i.report_id ORDER BY i.id",
                    seed=True,
                )
                if row["code"] in (*EXPECTED_APPROVED, *EXPECTED_REJECTED)
            )
            + ".",
            "What happens next: finance (Carol Diaz) reimburses approved reports later, and "
            "nothing has been paid yet; the owner of a rejected report gets it back, can fix "
            "the item over the limit and submit the report again for approval.",
        ],
    )


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="nothing Bob wrote (the rejection reasons, the approval notes) says anything "
    "against what was done: the content rules above first, then the LLM judge with the record "
    "of it",
)
def nothing_said_against() -> Result:
    said = [
        Said(f"{code}'s rejection reason", reports()[code]["review_note"], reason_rule(code, over))
        for code, over in EXPECTED_REJECTED.items()
    ]
    said += [
        Said(f"{code}'s approval note", reports()[code]["review_note"], approval_rule(code))
        for code in EXPECTED_APPROVED
    ]
    return judged_agreement(said, the_record())


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
    never_performed("expense", *FORBIDDEN).check()
    all_calls_as("expense", "bob").check()
    return True


if __name__ == "__main__":
    verifier.main()
