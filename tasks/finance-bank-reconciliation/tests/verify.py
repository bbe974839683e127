#!/usr/bin/env python3
"""Verifier of finance-bank-reconciliation: the three supplier bills that a posted Business
Checking charge pays this month are paid by those charges, the furniture deposit as a part
payment (goal); nothing else is matched, neither the repeated paper charge, nor the coworking
charge whose amount equals the hosting bill, nor the customer's money (goal); the two
misfiled bill payments are under their suppliers' usual categories (goal); the repeated charge
says in its memo that it is a duplicate (goal); and finance changed field by field exactly so,
every change made by a request of the service (no row written into its file).

What the service did is read by operation and from the audit log's row changes, whatever the
channel (API, MCP tool, web form): no route is looked at."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Decision,
    Verifier,
    all_calls_as,
    check_operations,
    expect_changes,
    mentions,
    never_performed,
    not_as_written,
    one_of,
    performed,
    query,
    satisfies,
    seed_time,
)

verifier = Verifier("finance-bank-reconciliation")

# bill code -> (the transaction that pays it, the cents it pays, the status it ends in)
EXPECTED_PAYMENTS = {
    "INV-0041": (101, 48260, "paid"),  # Brightline paper, the earlier of two equal charges
    "INV-0043": (104, 93000, "partly_paid"),  # Orbit desks, the deposit of half the bill
    "INV-0044": (105, 31245, "paid"),  # Lumen electricity
}
OPEN_BILL = "INV-0042"  # Kestrel hosting: the coworking charge only has its amount
DUPLICATE = 102  # Brightline's second charge for the same bill
ORIGINAL_CHARGE_DAY = "-17d"
DUPLICATE_DAY = "-15d"
# transaction id -> the supplier's usual category it must end under
EXPECTED_CATEGORIES = {104: "Equipment", 105: "Utilities"}
# the instruction asks for none of these, through any channel, even undone later
FORBIDDEN = (
    "open_account",
    "import_statement",
    "add_transaction",
    "add_category",
    "add_contact",
    "create_invoice",
    "finalize_invoice",
    "void_invoice",
    "set_budget",
    "update_budget",
    "add_recurring",
    "update_recurring",
    "pause_recurring",
    "resume_recurring",
    "cancel_recurring",
)
check_operations("finance", *FORBIDDEN, "record_payment", "categorize_transaction")

DUPLICATE_WORDS = (
    "duplicat*",
    "charged twice",
    "double charge*",
    "double-charge*",
    "double charged",
    "double-billed",
    "double billed",
    "billed twice",
    "twice",
    "repeat charge",
    "repeated charge",
)


# the paying charge -> (the bill it pays, its supplier, the amounts its memo may name)
PAYING = {
    101: ("BP-7731", "Brightline", (482.60,)),
    104: ("OOF-5520", "Orbit", (930.00, 1860.00)),
    105: ("LE-883120", "Lumen", (312.45,)),
}
BILL_NUMBERS = ("BP-7604", "BP-7731", "LE-871554", "LE-883120", "KWH-2026-03", "OOF-5520")
SUPPLIERS = ("Brightline", "Kestrel", "Orbit", "Lumen", "Harbor", "Northwind")
UNDOING_PAYMENT = {
    "a request to undo the payment": (
        *("disput*", "refund*", "revers*", "chargeback", "charge back", "charged back"),
        *("duplicat*", "charged twice", "double charge*", "not ours", "unauthori*"),
    ),
}
SETTLED = ("in full", "fully paid", "nothing more due", "nothing due", "nothing left", "settled")
"""What a part payment's memo may not assert: that the bill is paid off."""


def paying_note(tx_id: int) -> ContentRule:
    """What a paying charge's memo may not say: another bill or supplier, another amount, a
    request to undo it, or (for the deposit) that the bill is paid off."""
    number, supplier, amounts = PAYING[tx_id]
    forbids = dict(UNDOING_PAYMENT)
    if EXPECTED_PAYMENTS[f"INV-{invoice_id_of(number):04d}"][2] == "partly_paid":
        forbids["the bill paid off"] = SETTLED
    return ContentRule(
        not_about={
            "another bill": tuple(n for n in BILL_NUMBERS if n != number),
            "another supplier": tuple(s for s in SUPPLIERS if s != supplier),
        },
        forbids=forbids,
        amounts=amounts,
    )


def invoice_id_of(number: str) -> int:
    """The bill's id from its supplier's number (the seeded bills these charges pay)."""
    return {"BP-7731": 41, "OOF-5520": 43, "LE-883120": 44}[number]


def added_text(before: str | None, after: str | None) -> str:
    """What ``after`` adds to ``before``: all of it, or what follows a kept earlier text."""
    before, after = (before or "").strip(), (after or "").strip()
    return after.replace(before, " ", 1) if before and before in after else after


def memo_added(tx_id: int) -> str:
    """What the agent wrote into transaction ``tx_id``'s memo (beside the bank's own words)."""
    (seeded,) = query("finance", "SELECT memo FROM transactions WHERE id = ?", (tx_id,), seed=True)
    return added_text(seeded["memo"], transaction(tx_id)["memo"])


def duplicate_note() -> ContentRule:
    """The duplicate's memo: it says it is a duplicate (not that it is not), names no other
    bill or supplier, and gives no date or amount but the two charges'."""
    clock = seed_time("finance")
    return ContentRule(
        decision=Decision(said=DUPLICATE_WORDS, opposite=()),
        not_about={
            "other bills": ("KWH-2026-03", "OOF-5520", "LE-883120", "BP-7604", "INV-0042"),
            "other suppliers": ("Kestrel", "Orbit", "Lumen", "Harbor", "Northwind"),
        },
        forbids={
            "that the earlier charge, the bill's payment, is to be disputed": (
                *("this one stands", "this charge stands", "this one is valid", "keep this"),
                *("dispute the earlier", "dispute the first", "dispute the original"),
                *("reverse the earlier", "reverse the first", "refund the earlier"),
                *("refund the first", "earlier charge is the duplicate"),
                *("first charge is the duplicate", "earlier one is the duplicate"),
                "first one is the duplicate",
            ),
            "a request to undo both charges": (
                *("reverse both", "refund both", "dispute both", "both charges", "both of them"),
                *("both payments", "both transactions", "all charges", "each charge"),
            ),
        },
        days=(clock.day(ORIGINAL_CHARGE_DAY), clock.day(DUPLICATE_DAY)),
        amounts=(482.60,),
    )


def invoice_id(code: str) -> int:
    return int(code.removeprefix("INV-"))


@cache
def category_ids() -> dict[str, int]:
    return {r["name"]: r["id"] for r in query("finance", "SELECT id, name FROM categories")}


def other_categories(name: str) -> tuple[str, ...]:
    """The categories but ``name``, and the words that file a charge under them."""
    words = {"Dining": ("dinner", "lunch", "meal*", "restaurant"), "Travel": ("trip", "flight*")}
    named = set(category_ids()) - {name, "Transfer", "Fees"}  # a bank transfer's words
    return tuple(w for other in sorted(named) for w in (other, *words.get(other, ())))


def payments_added_by_the_service() -> set[str]:
    """Ids of the payment rows a successful record_payment added (any channel)."""
    return {
        change.row_id
        for entry in performed("finance", "record_payment")
        for change in entry.changes
        if change.table == "payments" and change.action == "insert"
    }


def new_payments() -> list[dict]:
    seeded = {r["id"] for r in query("finance", "SELECT id FROM payments", seed=True)}
    return [r for r in query("finance", "SELECT * FROM payments") if r["id"] not in seeded]


def invoice(code: str) -> dict:
    (row,) = query("finance", "SELECT * FROM invoices WHERE code = ?", (code,))
    return row


def transaction(tx_id: int) -> dict:
    (row,) = query("finance", "SELECT * FROM transactions WHERE id = ?", (tx_id,))
    return row


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the paper, desk and electricity bills are paid by their suppliers' charges this "
    "month, the desks' deposit as a part payment, each payment recorded by the service; what "
    "their memos add names that bill alone, as paid (the deposit as part), nothing to undo",
)
def bills_paid_by_their_charges() -> bool:
    problems = []
    by_service = payments_added_by_the_service()
    payments = new_payments()
    for code, (tx_id, cents, status) in EXPECTED_PAYMENTS.items():
        got = [
            (p["transaction_id"], p["amount_cents"])
            for p in payments
            if p["invoice_id"] == invoice_id(code)
        ]
        if got != [(tx_id, cents)]:
            problems.append(f"{code} is paid by {got} (transaction, cents)")
        row = invoice(code)
        if (row["status"], row["paid_cents"]) != (status, cents):
            problems.append(f"{code} is {row['status']} with {row['paid_cents']} cents paid")
        if behind := not_as_written("finance", "invoices", row, ("status", "paid_cents")):
            problems.append(f"{code}'s {behind} not as a request of the service left them")
    for tx_id in PAYING:
        note = paying_note(tx_id).contradictions(memo_added(tx_id), what=f"{tx_id}'s memo")
        if not note.ok:
            problems.append(f"{note.rule}: {note.detail()}")
    forged = [p["id"] for p in payments if str(p["id"]) not in by_service]
    if forged:
        problems.append(f"payments {forged} were not added by a payment the service recorded")
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="nothing else is matched: the hosting bill stays open, and the repeated charge, "
    "the same-amount coworking charge and the customer's money pay no bill",
)
def nothing_matched_wrongly() -> bool:
    expected = {(invoice_id(c), tx) for c, (tx, _, _) in EXPECTED_PAYMENTS.items()}
    extra = [
        f"transaction {p['transaction_id']} pays INV-{p['invoice_id']:04d}"
        for p in new_payments()
        if (p["invoice_id"], p["transaction_id"]) not in expected
    ]
    hosting = invoice(OPEN_BILL)
    if (hosting["status"], hosting["paid_cents"]) != ("open", 0):
        extra.append(f"{OPEN_BILL} is {hosting['status']} with {hosting['paid_cents']} cents paid")
    assert not extra, "; ".join(extra)
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the desk deposit and the electricity payment are filed under their suppliers' "
    "usual categories, by a re-categorisation in the service; their memos name no other",
)
def usual_categories() -> bool:
    problems = []
    for tx_id, name in EXPECTED_CATEGORIES.items():
        row = transaction(tx_id)
        if row["category_id"] != category_ids()[name]:
            shown = {v: k for k, v in category_ids().items()}.get(row["category_id"])
            problems.append(f"transaction {tx_id} is under {shown}, not {name}")
        elif not_as_written("finance", "transactions", row, ("category_id",)):
            problems.append(f"transaction {tx_id}'s category was not set by a request")
        others = ContentRule(not_about={"another category": other_categories(name)})
        note = others.contradictions(memo_added(tx_id), what=f"transaction {tx_id}'s memo")
        if not note.ok:
            problems.append(f"{note.rule}: {note.detail()}")
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the repeated paper charge stays a posted, unmatched charge whose memo, as the "
    "service saved it, says it is a duplicate, and of nothing else",
)
def duplicate_flagged() -> bool:
    row = transaction(DUPLICATE)
    assert row["status"] == "posted", f"transaction {DUPLICATE} is {row['status']}"
    assert not not_as_written("finance", "transactions", row, ("memo",)), (
        f"transaction {DUPLICATE}'s memo was not written by a request of the service"
    )
    duplicate_note().check(row["memo"], what=f"transaction {DUPLICATE}'s memo").check()
    return True


def says_duplicate(memo: object) -> bool:
    return any(mentions(str(memo or ""), w) for w in DUPLICATE_WORDS)


def expected_changes() -> list[Added | Changed]:
    """The three payments, the three bills they pay, two categories, the duplicate's memo; a
    paying charge's memo may be annotated, never called a duplicate."""
    paying_memo = satisfies("a memo that calls it no duplicate", lambda m: not says_duplicate(m))
    bills = [
        Changed("invoices", match={"code": code}, fields={"status": status, "paid_cents": cents})
        for code, (_, cents, status) in EXPECTED_PAYMENTS.items()
    ]
    categories = [
        Changed(
            "transactions",
            match={"id": tx_id},
            fields={"category_id": category_ids()[name], "memo": paying_memo},
        )
        for tx_id, name in EXPECTED_CATEGORIES.items()
    ]
    return [
        *bills,
        *categories,
        Changed("transactions", match={"id": 101}, fields={"memo": paying_memo}, count=None),
        Changed("transactions", match={"id": DUPLICATE}, fields={"memo": ANY}),
        Added(
            "payments",
            count=3,
            fields={
                "invoice_id": one_of(*(invoice_id(c) for c in EXPECTED_PAYMENTS)),
                "transaction_id": one_of(*(tx for tx, _, _ in EXPECTED_PAYMENTS.values())),
            },
            others=ANY,
        ),
    ]


@verifier.checkpoint(
    weight=3,
    rationale="only those payments, bills, categories and memo changed, field by field; no "
    "invoice, transaction, category, contact, budget or recurring payment made or changed "
    "otherwise, even undone; every call as Alice",
)
def nothing_else_changed() -> bool:
    assert performed("finance", "record_payment"), "no payment recorded: nothing to keep tidy"
    expect_changes("finance", expected_changes()).check()
    never_performed("finance", *FORBIDDEN).check()
    all_calls_as("finance", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
