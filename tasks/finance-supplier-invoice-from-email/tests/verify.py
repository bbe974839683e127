#!/usr/bin/env python3
"""Verifier of finance-supplier-invoice-from-email: the printer's March invoice is in the books
as one received invoice from Northside Print Co. with its number, dates and total (goal); it is
paid by one transfer out of Business Checking dated today, recorded and matched by the service
(goal); Alice replied in the invoice's thread to the printer's billing address alone, saying it
is recorded and paid, with its number, the amount and the day, and nothing of the older invoice,
its reminder or the quote (goal); and finance and the mailbox changed field by field exactly so,
every change made by a request of its service (no row written into a file).

What the services did is read by operation and from the audit logs' row changes, whatever the
channel (API, MCP tool, web form): no route is looked at."""

from datetime import date
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    ContentRule,
    Decision,
    On,
    Record,
    Result,
    Said,
    Sum,
    Verifier,
    all_calls_as,
    check_operations,
    expect_changes,
    judged_agreement,
    logged_before,
    mailbox_ids,
    mentions,
    never_performed,
    not_as_written,
    performed,
    query,
    satisfies,
    seed_time,
    sender_words,
    sent_mail,
    spelled,
    writes,
)

verifier = Verifier("finance-supplier-invoice-from-email")

SUPPLIER = "Northside Print Co."
SUPPLIER_MAIL = "billing@northsideprint.example"
INVOICE_MESSAGE_ID = "<np-2318@northsideprint.example>"  # the March invoice's mail
EXPECTED_NUMBER = "NP-2318"
EXPECTED_ISSUED_ON = "2026-03-17"
EXPECTED_DUE_ON = "2026-04-07"
EXPECTED_TOTAL_CENTS = 127440
CHECKING = 1  # Business Checking's account id
# the operations that create or send Alice's mail, and those that add a transaction
SENDING = ("reply", "reply_all", "send_message", "send_draft", "forward")
ADDING = ("add_transaction", "import_statement")
# what the instruction asks for none of, through any channel, even undone later
FORBIDDEN_FINANCE = (
    "open_account",
    "add_category",
    "add_contact",
    "void_invoice",
    "categorize_transaction",
    "set_budget",
    "update_budget",
    "add_recurring",
    "update_recurring",
    "pause_recurring",
    "resume_recurring",
    "cancel_recurring",
)
FORBIDDEN_EMAIL = (
    "forward",
    "move_message",
    "trash_message",
    "restore_message",
    "delete_forever",
    "empty_trash",
    "bulk_action",
    "add_label",
    "remove_label",
    "create_contact",
    "update_contact",
    "delete_contact",
    "create_folder",
    "delete_folder",
)
check_operations("finance", *FORBIDDEN_FINANCE, *ADDING, "create_invoice", "record_payment")
check_operations("email", *FORBIDDEN_EMAIL, *SENDING, "create_draft", "update_draft")

PAID = Decision(
    said=(
        "paid",
        "settled",
        "transferred",
        "payment has been made",
        "payment was made",
        "made the payment",
        "sent the payment",
        "sent payment",
        "payment has been sent",
        "payment was sent",
        "wired",
    ),
    opposite=(
        "will pay",
        "will be paid",
        "will be settled",
        "will transfer",
        "will send the payment",
        "will send payment",
        "schedul*",
        "pending",
        "once paid",
        "unpaid",
    ),
)


OTHER_BUSINESS = {
    "the business-card invoice": ("NP-2291", "NP 2291", "business card*"),
    "the quote": ("Q-1187",),
    "the look-alike supplier": ("Northside Signs",),
    "another way it was paid": (
        *("Visa", "9012", "Savings", "7730", "credit card", "debit card", "card ending"),
        *("Mastercard", "Amex", "cheque", "PayPal"),
    ),
}
"""What no text beside the bill, its payment or in the reply may name."""
UNDOING = {
    "that the bill is disputed or not to be paid": (
        *("disput*", "do not pay", "don't pay", "dont pay", "on hold", "hold off"),
        *("not ordered", "never ordered", "overcharg*", "corrected invoice", "credit note"),
    ),
    "a payment yet to come": (
        *("to be paid", "to pay", "pay on", "pay by", "awaiting payment", "outstanding"),
        *("balance due", "not yet paid", "not paid"),
    ),
    "a request for money back": ("refund*", "reimburs*", "money back", "pay back", "chargeback"),
    "that a line was not charged": ("waived", "no charge", "free of charge", "not charged"),
}
"""What no text beside the bill paid in full may assert (a clause that denies it may)."""


def beside_rule() -> ContentRule:
    """What the bill's memo and lines and the transfer's memo may not say: another invoice,
    supplier or means of payment, any other amount or day, a payment yet to come, a dispute."""
    clock = seed_time("finance")
    return ContentRule(
        not_about=OTHER_BUSINESS,
        forbids=UNDOING,
        decision=PAID,
        days=(clock.day("now"), clock.day("-3d"), clock.day("+18d")),
        amounts=(1274.40, 1185.00, 89.40, 0.79),
    )


def reply_rule() -> ContentRule:
    """What the reply must say (the number, the amount, the day paid, recorded and paid) and
    must not (the business-card invoice, its reminder, the quote; any other amount or day)."""
    clock = seed_time("finance")
    return ContentRule(
        facts={
            "the invoice number": (EXPECTED_NUMBER, "NP 2318", "NP2318"),
            "the amount paid": Sum(EXPECTED_TOTAL_CENTS / 100),
            "the day of the payment": On(clock.day("now")),
            "that it is recorded": (
                "record*",
                "booked",
                "logged",
                "entered",
                "filed",
                "registered",
                "processed",
                "received",
                "in our books",
                "in the books",
                "on our books",
                "on the books",
                "books have it",
            ),
        },
        not_about=OTHER_BUSINESS,
        forbids=UNDOING,
        decision=PAID,
        days=(clock.day("now"), clock.day("-3d"), clock.day("+18d")),
        amounts=(1274.40, 1185.00, 89.40, 0.79),
    )


@cache
def supplier_id() -> int:
    (row,) = query(
        "finance",
        "SELECT c.id FROM contacts c JOIN users u ON u.id = c.owner_id "
        "WHERE u.username = 'alice' AND c.name = ?",
        (SUPPLIER,),
        seed=True,
    )
    return row["id"]


def new_rows(service: str, table: str) -> list[dict]:
    seeded = {r["id"] for r in query(service, f"SELECT id FROM {table}", seed=True)}
    return [r for r in query(service, f"SELECT * FROM {table}") if r["id"] not in seeded]


def written_by(service: str, operations: tuple[str, ...], table: str) -> set[str]:
    """Ids of the ``table`` rows a successful request of ``operations`` added or changed."""
    return {
        change.row_id
        for entry in performed(service, *operations)
        for change in entry.changes
        if change.table == table and change.action != "delete"
    }


def the_bill() -> dict:
    bills = [b for b in new_rows("finance", "invoices") if b["direction"] == "received"]
    assert len(bills) == 1, f"{len(bills)} new received invoices, expected one"
    return bills[0]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one received invoice from Northside Print Co. with the March invoice's number, "
    "dates and total, created by the finance app; its lines describe nothing else",
)
def bill_recorded() -> bool:
    bill = the_bill()
    found = (
        bill["contact_id"],
        bill["number"].strip().upper(),
        str(bill["issued_on"]),
        str(bill["due_on"]),
        bill["currency"],
        bill["total_cents"],
    )
    expected = (
        supplier_id(),
        EXPECTED_NUMBER,
        EXPECTED_ISSUED_ON,
        EXPECTED_DUE_ON,
        "USD",
        EXPECTED_TOTAL_CENTS,
    )
    assert found == expected, f"the bill is {found} (contact, number, dates, currency, total)"
    assert str(bill["id"]) in written_by("finance", ("create_invoice",), "invoices"), (
        "the bill was not created by the finance app"
    )
    fields = ("contact_id", "number", "issued_on", "due_on", "total_cents")
    assert not (late := not_as_written("finance", "invoices", bill, fields)), (
        f"{late} not as written"
    )
    rule = beside_rule()
    for line in query("finance", "SELECT * FROM invoice_lines WHERE invoice_id = ?", (bill["id"],)):
        what = f"the bill's line {line['description']!r}"
        rule.contradictions(line["description"], what=what).check()
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the bill is paid in full by one transfer out of Business Checking dated today, "
    "recorded and matched by the finance app; neither the bill's memo nor the transfer's says "
    "otherwise",
)
def bill_paid() -> bool:
    bill = the_bill()
    assert (bill["status"], bill["paid_cents"]) == ("paid", EXPECTED_TOTAL_CENTS), (
        f"the bill is {bill['status']} with {bill['paid_cents']} cents paid"
    )
    assert not not_as_written("finance", "invoices", bill, ("status", "paid_cents")), (
        "the bill's status was not set by a payment the finance app recorded"
    )
    payments = [p for p in new_rows("finance", "payments") if p["invoice_id"] == bill["id"]]
    assert len(payments) == 1, f"{len(payments)} payments on the bill"
    (payment,) = payments
    assert str(payment["id"]) in written_by("finance", ("record_payment",), "payments"), (
        "the payment was not recorded by the finance app"
    )
    (transfer,) = query(
        "finance",
        "SELECT t.*, m.name AS merchant FROM transactions t "
        "LEFT JOIN merchants m ON m.id = t.merchant_id WHERE t.id = ?",
        (payment["transaction_id"],),
    )
    today = seed_time("finance").day("now").isoformat()
    found = (
        transfer["account_id"],
        transfer["amount_cents"],
        str(transfer["date"]),
        transfer["status"],
        payment["amount_cents"],
    )
    expected = (CHECKING, -EXPECTED_TOTAL_CENTS, today, "posted", EXPECTED_TOTAL_CENTS)
    assert found == expected, f"the payment is {found} (account, amount, day, status, paid)"
    assert str(transfer["id"]) in written_by("finance", ADDING, "transactions"), (
        "the transfer was not added by the finance app"
    )
    assert mentions(transfer["merchant"] or "", "Northside Print"), (
        f"the transfer is to {transfer['merchant']!r}"
    )
    rule = beside_rule()
    rule.contradictions(bill["memo"], what="the bill's memo").check()
    rule.contradictions(transfer["memo"], what="the transfer's memo").check()
    return True


def alices_new_mail() -> list[dict]:
    ids = mailbox_ids()
    return [m for m in new_rows("email", "messages") if m["owner_id"] == ids["alice"]]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one reply, sent by the mail app in the invoice's thread to the printer's billing "
    "address alone, says it is recorded and paid with the number, amount and day, and "
    "nothing of the older invoice, the reminder or the quote",
)
def supplier_told() -> bool:
    ids = mailbox_ids()
    mails = alices_new_mail()
    assert len(mails) == 1, f"{len(mails)} new mails of Alice's, expected one reply"
    (reply,) = mails
    assert reply["folder_id"] == ids["alice/sent"], "the reply is not sent (not in Sent)"
    assert str(reply["id"]) in written_by("email", SENDING, "messages"), (
        "the reply was not sent by the mail app"
    )
    to = [a.lower() for a in reply["to_addresses"] or []]
    others = [*(reply["cc_addresses"] or []), *(reply["bcc_addresses"] or [])]
    assert (to, others) == ([SUPPLIER_MAIL], []), f"sent to {to}, cc/bcc {others}"
    assert reply["in_reply_to"] == INVOICE_MESSAGE_ID, (
        f"not a reply to the March invoice's mail (in reply to {reply['in_reply_to']})"
    )
    text = f"{reply['subject']}\n{sender_words(reply)}"
    reply_rule().check(text, what="the reply").check()
    # the request that sent it (a reply drafted first is sent later, by another request)
    sent = next(e for e, _ in writes("email", "messages", reply["id"]) if e.operation in SENDING)
    bills = [b["id"] for b in new_rows("finance", "invoices") if b["direction"] == "received"]
    paid = [p["id"] for p in new_rows("finance", "payments") if p["invoice_id"] in bills]
    for what, table, ids in (("recorded", "invoices", bills), ("paid", "payments", paid)):
        done = [found[0][0] if (found := writes("finance", table, i)) else None for i in ids]
        assert done and all(e is not None and logged_before(e, sent) for e in done), (
            f"the reply (request {sent.id} of the mail app) says the bill is {what}, and the "
            f"books {'had not' if done else 'never'} {what} it when it went out"
        )
    return True


def the_record() -> Record:
    """What Alice did and the invoice's own facts, as the judge reads what she wrote."""
    today = seed_time("finance").day("now")
    issued, due = (date.fromisoformat(d) for d in (EXPECTED_ISSUED_ON, EXPECTED_DUE_ON))
    return Record(
        f"Alice recorded {SUPPLIER}'s invoice {EXPECTED_NUMBER} as a received invoice, paid it "
        "in full, USD 1,274.40, by one bank transfer from Business Checking today, and replied "
        f"in the invoice's mail thread to {SUPPLIER_MAIL} that it is recorded and paid.",
        [
            f"Invoice {EXPECTED_NUMBER}, spring catalogue print run: issued {spelled(issued)}, "
            f"due {spelled(due)} (net 21), total USD 1,274.40.",
            "Its lines: 1,500 copies of the spring catalogue, 24 pages, saddle-stitched, at 0.79 "
            "each (USD 1,185.00); rush proofing, 2 rounds (USD 89.40).",
            f"Paid today, {spelled(today)}: one transfer of USD 1,274.40 out of Business "
            "Checking (account number 4821) to Northside Print Co., quoting the invoice number.",
            "Northside Print Co., 418 Harbor Street, Boston MA 02110, billing@northsideprint."
            "example; billed to Alice Martin Design Studio.",
        ],
    )


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="nothing Alice wrote (the reply, the bill's memo and lines, the transfer's memo) "
    "says anything against what was done: the content rules above first, then the LLM judge "
    "with the record of it",
)
def nothing_said_against() -> Result:
    bills = [b for b in new_rows("finance", "invoices") if b["direction"] == "received"]
    lines = [
        line
        for bill in bills
        for line in query(
            "finance", "SELECT * FROM invoice_lines WHERE invoice_id = ?", (bill["id"],)
        )
    ]
    transfers = [t for t in new_rows("finance", "transactions") if t["account_id"] == CHECKING]
    beside, reply = beside_rule(), reply_rule()
    said = [
        *(
            Said("the reply", f"{m['subject']}\n{sender_words(m)}", reply)
            for m in alices_new_mail()
        ),
        *(Said("the bill's memo", b["memo"], beside) for b in bills),
        *(Said("a line of the bill", line["description"], beside) for line in lines),
        *(Said("the transfer's memo", t["memo"], beside) for t in transfers),
    ]
    return judged_agreement(said, the_record())


@verifier.checkpoint(
    weight=4,
    rationale="finance changed only by that bill, its lines, one transfer and one payment (a "
    "new merchant for the printer at most); no contact, category, account, other invoice or "
    "transaction changed, even undone; every call as Alice",
)
def finance_nothing_else() -> bool:
    assert performed("finance", "create_invoice"), "no bill recorded: nothing to keep tidy"
    printer = satisfies(
        "a merchant named for the printer", lambda n: mentions(n, "Northside Print")
    )
    expect_changes(
        "finance",
        [
            Added("invoices", fields={"direction": "received"}, others=ANY),
            Added("invoice_lines", count=None, others=ANY),
            Added("transactions", fields={"account_id": CHECKING}, others=ANY),
            Added("payments", others=ANY),
            Added("merchants", count=None, fields={"name": printer}, others=ANY),
        ],
    ).check()
    lines = {r["invoice_id"] for r in new_rows("finance", "invoice_lines")}
    assert lines <= {r["id"] for r in new_rows("finance", "invoices")}, "lines on an old invoice"
    never_performed("finance", *FORBIDDEN_FINANCE).check()
    all_calls_as("finance", "alice").check()
    return True


@verifier.checkpoint(
    weight=4,
    rationale="the mailbox changed only by that one reply, written by the mail app (and read "
    "flags): no other mail, draft left, forward, move, label, deletion or contact, even undone; "
    "every call as Alice",
)
def mail_nothing_else() -> bool:
    header = {"from_address": "alice@example.test", "to_addresses": [SUPPLIER_MAIL]}
    expect_changes("email", sent_mail("alice", [], fields=header)).check()
    by_the_app = written_by("email", (*SENDING, "create_draft", "update_draft"), "messages")
    forged = [m["id"] for m in alices_new_mail() if str(m["id"]) not in by_the_app]
    assert not forged, f"messages {forged} were not written by the mail app"
    never_performed("email", *FORBIDDEN_EMAIL).check()
    all_calls_as("email", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
