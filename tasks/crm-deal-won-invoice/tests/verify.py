#!/usr/bin/env python3
"""Verifier of crm-deal-won-invoice: the Lindqvist Architects website redesign deal is closed
won at the revised quote's total from Ingrid's mail, not the stale proposal amount on the deal
(goal); one invoice for that total is issued today to Lindqvist Architects (not the look-alike
Lindqvist Bakery) and due 45 days on, as she asked (goal); the draft at the old price is
voided without ever going out (goal); Ingrid gets one mail with the new invoice's number, the
amount and the due date, and nothing about anyone else's business (goal); and nothing else
changed in the CRM, the books or the mailbox, field by field.

What the services did is read by operation and from the audit log's own record of each row,
whatever the channel (API, MCP tool, web form; the mail through the mail app or sent from the
CRM): no route is looked at, and a row written into a DB file by hand is not one a service
wrote."""

from datetime import date
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    AuditEntry,
    Changed,
    ContentRule,
    Findings,
    On,
    Record,
    Result,
    Said,
    Sum,
    Verifier,
    all_calls_as,
    attempted,
    audit_log,
    expect_changes,
    judged_agreement,
    logged_before,
    mailbox_ids,
    never_performed,
    not_as_written,
    one_of,
    performed,
    query,
    satisfies,
    sender_words,
    spelled,
    writes,
)

verifier = Verifier("crm-deal-won-invoice")

WON_DEAL = 2  # Lindqvist Architects: website redesign, at the first proposal's 24,000
OTHER_DEALS = (1, 3, 4)  # the bakery's menu boards, the architects' signage, Northwind's
INGRID = 2  # her CRM contact
INGRID_ADDRESS = "ingrid@lindqvist-arch.example"
BILLING_ADDRESS = "ap@lindqvist-arch.example"  # the accounts payable she asked the invoice go to
CUSTOMER_NAME = "Lindqvist Architects"
STALE_DRAFT = "INV-0004"  # started at the old price (redesign plus photo shoot)
EXPECTED_AMOUNT = 21750.0  # the revised quote she accepted
EXPECTED_TOTAL_CENTS = 2175000
EXPECTED_DUE = "2026-04-30"  # 45 days from the invoice date
EXPECTED_ISSUED = "2026-03-16"  # today
SENDING = ("send_message", "reply", "reply_all", "forward", "send_draft")
FORBIDDEN_CRM = (
    "delete_deal",
    "delete_contact",
    "delete_account",
    "delete_activity",
    "merge_contacts",
    "merge_accounts",
    "create_deal",
    "update_contact",
    "update_account",
)
FORBIDDEN_FINANCE = ("record_payment", "add_contact", "update_transaction", "add_transaction")
FORBIDDEN_MAIL = (
    "move_message",
    "trash_message",
    "delete_forever",
    "empty_trash",
    "bulk_action",
    "delete_contact",
    "update_contact",
)


def code_spellings(code: str) -> tuple[str, ...]:
    number = code.removeprefix("INV-")
    return (code, f"INV {number}", f"INV{number}")


OTHER_TERMS = (
    *(
        spelling
        for days in (7, 10, 14, 15, 21, 28, 30, 60, 90)
        for spelling in (f"net {days}", f"net-{days}", f"net{days}", f"{days} days", f"{days}-day")
    ),
    *("thirty days", "sixty days", "on receipt", "upon receipt"),
)
"""Payment terms other than the 45 days Ingrid asked for."""
UNDOING = {
    "a request not to pay or to wait": (
        *("do not pay", "don't pay", "dont pay", "hold off", "on hold", "hold payment"),
        *("ignore this invoice", "disregard", "not final", "provisional"),
    ),
    "that the invoice is to be withdrawn": (
        *("reissu*", "re-issu*", "will be cancel*", "to be cancel*", "will be void*"),
        *("to be void*", "will be withdrawn", "credit note"),
    ),
    "that the old invoice still stands": ("still stand*", "both invoices", "pay both"),
    "payment terms other than 45 days": OTHER_TERMS,
    "the first proposal's figures as agreed": ("24,000", "24000", "24k", "3,500", "3500"),
}
"""What no text beside the won deal and its invoice may assert (a clause that denies it may)."""
OTHERS = {
    "another customer or deal": ("Bakery", "Erik", "menu board*", "signage", "wayfinding"),
    "Northwind": ("Northwind",),
}
BILLED_AMOUNTS = (21750, 20500, 1250)
BILLED_DAYS = (date(2026, 4, 30), date(2026, 3, 16), date(2026, 3, 15))


@cache
def deal_text_rule() -> ContentRule:
    """What the deal's notes, a note logged on it, the invoice's memo and the mail may not say:
    the first proposal's figures or another amount, other terms or days, a request to hold,
    withdraw or not pay the invoice, another customer's business."""
    return ContentRule(
        not_about=OTHERS,
        forbids={
            **UNDOING,
            "the dropped photo shoot as billed": (
                *("including the photo shoot", "including photo shoot", "incl. the photo shoot"),
                *("incl. photo shoot", "plus the photo shoot", "plus photo shoot"),
                "photo shoot included",
            ),
        },
        days=BILLED_DAYS,
        amounts=BILLED_AMOUNTS,
    )


@cache
def line_rule() -> ContentRule:
    """What an invoice line may not describe: the photo shoot Ingrid dropped, another deal."""
    return ContentRule(
        not_about={**OTHERS, "the dropped photo shoot": ("photo*", "shoot*")},
        forbids=UNDOING,
        days=BILLED_DAYS,
        amounts=BILLED_AMOUNTS,
    )


def added_text(before: str | None, after: str | None) -> str:
    """What ``after`` adds to ``before``: all of it, or what follows a kept earlier text."""
    before, after = (before or "").strip(), (after or "").strip()
    return after.replace(before, " ", 1) if before and before in after else after


def ingrid_mail_rule(code: str) -> ContentRule:
    """What the mail to Ingrid must carry (the issued invoice's ``code``), and must not: any
    other invoice's number, the stale figures, the bakery's business."""
    others = [r["code"] for r in query("finance", "SELECT code FROM invoices") if r["code"] != code]
    return ContentRule(
        facts={
            "the invoice number": code_spellings(code),
            "the amount": Sum(EXPECTED_AMOUNT),
            "the due date": On(date.fromisoformat(EXPECTED_DUE)),
        },
        not_about={
            "another invoice": tuple(s for other in others for s in code_spellings(other)),
            "Lindqvist Bakery": ("Bakery", "Erik", "menu boards"),
            "the photo shoot's price": ("3,500", "3500"),
        },
        forbids=UNDOING,
        days=BILLED_DAYS,
        amounts=BILLED_AMOUNTS,
    )


def as_the_service_wrote(service: str, table: str, row: dict, fields: tuple[str, ...]) -> None:
    """Each of ``fields`` of ``row`` is as the service's last request on it wrote it."""
    behind = not_as_written(service, table, row, fields)
    assert not behind, f"{service}.{table} {row['id']}: {behind} not as a request wrote them"


def one(service: str, sql: str, args: tuple = (), *, seed: bool = False) -> dict | None:
    rows = query(service, sql, args, seed=seed)
    return rows[0] if rows else None


@cache
def new_ids(service: str, table: str) -> tuple[int, ...]:
    """Ids of the ``table`` rows the agent added (not in the seed)."""
    seeded = {r["id"] for r in query(service, f"SELECT id FROM {table}", seed=True)}
    return tuple(
        r["id"] for r in query(service, f"SELECT id FROM {table}") if r["id"] not in seeded
    )


@cache
def customer_id() -> int:
    row = one("finance", "SELECT id FROM contacts WHERE name = ?", (CUSTOMER_NAME,), seed=True)
    assert row, f"no {CUSTOMER_NAME} in the books' seed"
    return row["id"]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the website redesign deal is closed won at the revised quote's total, by the CRM; "
    "it gives no reason it was lost, and its notes and any note logged on it say nothing "
    "against that",
)
def deal_won() -> bool:
    deal = one("crm", "SELECT * FROM deals WHERE id = ?", (WON_DEAL,))
    assert deal, f"deal {WON_DEAL} is gone"
    found = (deal["stage"], deal["amount"], deal["currency"], deal["closed_at"] is not None)
    expected = ("closed_won", EXPECTED_AMOUNT, "USD", True)
    assert found == expected, f"the deal is (stage, amount, currency, closed) {found}"
    as_the_service_wrote("crm", "deals", deal, ("stage", "amount", "closed_at"))
    assert not (deal["lost_reason"] or "").strip(), (
        f"the won deal gives a reason it was lost: {deal['lost_reason']!r}"
    )
    seeded = one("crm", "SELECT notes FROM deals WHERE id = ?", (WON_DEAL,), seed=True) or {}
    rule = deal_text_rule()
    rule.contradictions(
        added_text(seeded.get("notes"), deal["notes"]), what="the deal's notes"
    ).check()
    for i in new_ids("crm", "activities"):
        note = one("crm", "SELECT * FROM activities WHERE id = ?", (i,))
        if note and not note["mailed"]:  # a mail is read as the mail to Ingrid
            text = f"{note['subject']}\n{note['body']}"
            rule.contradictions(text, what=f"the note logged as activity {i}").check()
    return True


def new_invoices() -> list[dict]:
    return [
        row
        for i in new_ids("finance", "invoices")
        if (row := one("finance", "SELECT * FROM invoices WHERE id = ?", (i,)))
    ]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one invoice for the agreed total is issued today to Lindqvist Architects, due "
    "on the terms Ingrid asked for, and sent by the books; its memo and lines say nothing "
    "against that",
)
def invoice_issued() -> bool:
    live = [r for r in new_invoices() if r["status"] != "void"]
    assert len(live) == 1, f"{len(live)} new invoices that are not void, expected one"
    (invoice,) = live
    found = (
        invoice["direction"],
        invoice["contact_id"],
        invoice["currency"],
        invoice["total_cents"],
        str(invoice["issued_on"]),
        str(invoice["due_on"]),
        invoice["status"],
    )
    expected = (
        "issued",
        customer_id(),
        "USD",
        EXPECTED_TOTAL_CENTS,
        EXPECTED_ISSUED,
        EXPECTED_DUE,
        "open",
    )
    assert found == expected, (
        f"the invoice is (direction, customer, currency, cents, issued, due, status) {found}"
    )
    lines = query("finance", "SELECT * FROM invoice_lines WHERE invoice_id = ?", (invoice["id"],))
    assert sum(line["amount_cents"] for line in lines) == EXPECTED_TOTAL_CENTS, "its lines differ"
    deal_text_rule().contradictions(invoice["memo"], what=f"{invoice['code']}'s memo").check()
    for line in lines:
        what = f"{invoice['code']}'s line {line['description']!r}"
        line_rule().contradictions(line["description"], what=what).check()
    as_the_service_wrote(
        "finance",
        "invoices",
        invoice,
        ("status", "contact_id", "total_cents", "issued_on", "due_on", "direction"),
    )
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the draft at the old price is voided by the books and never went out",
)
def stale_draft_voided() -> bool:
    draft = one("finance", "SELECT * FROM invoices WHERE code = ?", (STALE_DRAFT,))
    assert draft and draft["status"] == "void", f"{STALE_DRAFT} is {draft and draft['status']}"
    as_the_service_wrote("finance", "invoices", draft, ("status", "total_cents"))
    sent = [
        f"call {e.id} {e.operation} via {e.via}"
        for e in attempted("finance", "finalize_invoice")
        if e.params.get("code", "").upper() == STALE_DRAFT
    ]
    assert not sent, f"{STALE_DRAFT} was sent to be issued: {'; '.join(sent)}"
    return True


def written_by(service: str, operations: tuple[str, ...], table: str) -> set[str]:
    """Ids of the ``table`` rows a successful one of ``operations`` added or changed."""
    return {
        change.row_id
        for entry in performed(service, *operations)
        for change in entry.changes
        if change.table == table and change.action != "delete"
    }


def recipients(message: dict) -> set[str]:
    return {
        str(address).lower()
        for column in ("to_addresses", "cc_addresses", "bcc_addresses")
        for address in message[column] or []
    }


@cache
def mails_sent() -> tuple[dict, ...]:
    """Alice's new copies in Sent (the mail app) and the new CRM mails actually sent, each as
    ``{"channel", "id", "to", "text"}``."""
    sent_folder = mailbox_ids()["alice/sent"]
    mails = [
        {
            "channel": "email",
            "id": m["id"],
            "to": recipients(m),
            "text": f"{m['subject']}\n{sender_words(m)}",
        }
        for i in new_ids("email", "messages")
        if (m := one("email", "SELECT * FROM messages WHERE id = ?", (i,)))
        and m["folder_id"] == sent_folder
    ]
    mails += [
        {
            "channel": "crm",
            "id": a["id"],
            "contact_id": a["contact_id"],
            "text": f"{a['subject']}\n{a['body']}",
        }
        for i in new_ids("crm", "activities")
        if (a := one("crm", "SELECT * FROM activities WHERE id = ?", (i,))) and a["mailed"]
    ]
    return tuple(mails)


def issuing_request(invoice_id: int) -> AuditEntry | None:
    """The books' request that issued the invoice: the first to leave it neither a draft nor
    void (created issued, or a draft finalized)."""
    return next(
        (
            entry
            for entry, change in writes("finance", "invoices", invoice_id)
            if (change.after or {}).get("status") not in (None, "draft", "void")
        ),
        None,
    )


def mail_request(mail: dict) -> AuditEntry:
    """The request that sent ``mail``: the mail app's send (a draft is sent by a later
    request than the one that wrote it), or the CRM's logged mail."""
    if mail["channel"] == "email":
        service, table, sending = "email", "messages", SENDING
    else:
        service, table, sending = "crm", "activities", ("log_activity",)
    return next(e for e, _ in writes(service, table, mail["id"]) if e.operation in sending)


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="Ingrid gets one mail with the new invoice's number, the amount and the due date, "
    "and nobody else's business",
)
def ingrid_mailed() -> bool:
    mails = mails_sent()
    assert len(mails) == 1, f"{len(mails)} mails sent, expected the one to Ingrid"
    (mail,) = mails
    if mail["channel"] == "email":
        allowed = {INGRID_ADDRESS, BILLING_ADDRESS, "alice@example.test"}
        assert INGRID_ADDRESS in mail["to"] and mail["to"] <= allowed, f"it went to {mail['to']}"
        wrote = written_by("email", SENDING, "messages")
    else:
        assert mail["contact_id"] == INGRID, f"the CRM mailed contact {mail['contact_id']}"
        wrote = written_by("crm", ("log_activity",), "activities")
    assert str(mail["id"]) in wrote, "the mail was not sent by a service"
    live = [r for r in new_invoices() if r["status"] != "void"]
    if len(live) == 1:  # else invoice_issued says what is wrong with the books
        issued, sent = issuing_request(live[0]["id"]), mail_request(mail)
        assert issued is not None and logged_before(issued, sent), (
            f"the mail to Ingrid (request {sent.id} of the {mail['channel']} service) went out "
            f"before {live[0]['code']} was issued "
            f"({f'request {issued.id} of the books' if issued else 'never, by a request'})"
        )
    code = live[0]["code"] if len(live) == 1 else "INV-0005"  # the books' next code
    ingrid_mail_rule(code).check(mail["text"], what="the mail to Ingrid").check()
    return True


def the_record(code: str) -> Record:
    """What Alice did and the deal's own facts, as the judge reads what she wrote."""
    issued, due = date.fromisoformat(EXPECTED_ISSUED), date.fromisoformat(EXPECTED_DUE)
    return Record(
        "Alice closed the Lindqvist Architects website redesign deal as won at the revised "
        f"quote's USD 21,750, voided the draft {STALE_DRAFT} at the old price, issued invoice "
        f"{code} today to Lindqvist Architects' accounts payable ({BILLING_ADDRESS}) for USD "
        f"21,750, and mailed Ingrid Lindqvist ({INGRID_ADDRESS}) its number, amount and due date.",
        [
            f"Invoice {code}: issued {spelled(issued)}, due {spelled(due)}, 45 days from the "
            "invoice date, USD 21,750.00.",
            "The revised quote: website redesign (design, build, CMS, launch) USD 20,500 and a "
            "stock image licence, up to 20 images, USD 1,250; total USD 21,750, valid until the "
            "end of March. The first proposal's photo shoot was dropped.",
            f"The partners signed off yesterday, {spelled(BILLED_DAYS[2])}. Ingrid Lindqvist, "
            "Managing Partner, needs the number, amount and due date to raise a purchase order.",
        ],
    )


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="nothing Alice wrote (the deal's notes, a note logged on it, the invoice's memo "
    "and lines, the mail to Ingrid) says anything against what was done: the content rules "
    "above first, then the LLM judge with the record of it",
)
def nothing_said_against() -> Result:
    live = [r for r in new_invoices() if r["status"] != "void"]
    code = live[0]["code"] if len(live) == 1 else "INV-0005"  # the books' next code
    seeded = one("crm", "SELECT notes FROM deals WHERE id = ?", (WON_DEAL,), seed=True) or {}
    deal = one("crm", "SELECT notes FROM deals WHERE id = ?", (WON_DEAL,)) or {}
    notes = [
        f"{a['subject']}\n{a['body']}"
        for i in new_ids("crm", "activities")
        if (a := one("crm", "SELECT * FROM activities WHERE id = ?", (i,))) and not a["mailed"]
    ]
    lines = [
        line["description"]
        for invoice in live
        for line in query(
            "finance", "SELECT * FROM invoice_lines WHERE invoice_id = ?", (invoice["id"],)
        )
    ]
    said = [
        Said(
            "the deal's notes", added_text(seeded.get("notes"), deal.get("notes")), deal_text_rule()
        ),
        *(Said("a note logged on the deal", n, deal_text_rule()) for n in notes),
        *(Said("the invoice's memo", invoice["memo"], deal_text_rule()) for invoice in live),
        *(Said("a line of the invoice", line, line_rule()) for line in lines),
        *(Said("the mail to Ingrid", m["text"], ingrid_mail_rule(code)) for m in mails_sent()),
    ]
    return judged_agreement(said, the_record(code))


def others_acted_on() -> Findings:
    """Requests, refused or undone ones included, on another deal or invoice."""
    hits = [
        f"call {e.id} {e.operation} via {e.via} on deal {e.params['deal_id']}"
        for e in audit_log("crm")
        if e.params.get("deal_id") in OTHER_DEALS
    ]
    seeded = {r["code"] for r in query("finance", "SELECT code FROM invoices", seed=True)}
    hits += [
        f"call {e.id} {e.operation} via {e.via} on {e.params['code']}"
        for e in audit_log("finance")
        if str(e.params.get("code", "")).upper() in seeded - {STALE_DRAFT}
    ]
    return Findings("the other deals and invoices left alone", hits)


@verifier.checkpoint(
    weight=4,
    rationale="only the deal, the two invoices and the one mail changed anything; no other "
    "deal, invoice, contact or mail acted on; every call as Alice",
)
def nothing_else_changed() -> bool:
    ids = mailbox_ids()
    added = set(new_ids("finance", "invoices"))
    expect_changes(
        "crm",
        [
            Changed(
                "deals",
                match={"id": WON_DEAL},
                fields={
                    "stage": "closed_won",
                    "amount": EXPECTED_AMOUNT,
                    "closed_at": ANY,
                    "close_date": ANY,
                    "notes": ANY,
                },
            ),
            # a note or the mail logged on her or the deal (the mail: at most one, above)
            Added(
                "activities",
                fields={"contact_id": one_of(INGRID, None), "deal_id": one_of(WON_DEAL, None)},
                others=ANY,
                count=None,
            ),
            Changed(
                "accounts", match={"code": "CUS-102"}, fields={"last_contact": ANY}, count=None
            ),
        ],
    ).check()
    expect_changes(
        "finance",
        [
            Added("invoices", fields={"contact_id": customer_id()}, others=ANY),
            Added(
                "invoice_lines",
                fields={"invoice_id": satisfies("a new invoice's", added.__contains__)},
                others=ANY,
                count=None,
            ),
            Changed("invoices", match={"code": STALE_DRAFT}, fields={"status": "void"}),
        ],
    ).check()
    expect_changes(
        "email",
        [
            Added(
                "messages",
                match={"owner_id": ids["alice"]},
                fields={"folder_id": one_of(ids["alice/sent"], ids["alice/inbox"])},
                others=ANY,
                count=None,
            ),
            Added("labels", match={"owner_id": ids["alice"]}, others=ANY, count=None),
            Added("message_labels", others=ANY, count=None),
            Changed(
                "messages", match={"owner_id": ids["alice"]}, fields={"is_read": ANY}, count=None
            ),
        ],
    ).check()
    never_performed("crm", *FORBIDDEN_CRM).check()
    never_performed("finance", *FORBIDDEN_FINANCE).check()
    never_performed("email", *FORBIDDEN_MAIL).check()
    others_acted_on().check()
    for service in ("crm", "finance", "email"):
        all_calls_as(service, "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
