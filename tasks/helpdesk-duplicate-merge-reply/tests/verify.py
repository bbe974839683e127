#!/usr/bin/env python3
"""Verifier of helpdesk-duplicate-merge-reply: Maria Gonzalez's newer PDF-export ticket is merged
into her older one (goal), which carries one public reply of Alice's giving the fix date and the
workaround of Carol's note and nothing of its cause or of another customer (goal), and is
Alice's, high, tagged month-end with its tags kept, and pending (goal); the reply reached
Maria's mailbox through the helpdesk, and nobody else's; nothing else in the helpdesk changed,
and Alice wrote no mail of her own; nothing she wrote on the kept ticket (her reply, her notes)
says anything against what was done, read behind the content rules by the LLM judge (goal).

What the services did is read by operation and by the audit log's row changes, whatever the
channel (API, MCP tool, web form): no route is looked at, and a row no request wrote (a forged
DB) counts for nothing."""

from datetime import date
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Decision,
    Findings,
    Record,
    Result,
    Said,
    Verifier,
    all_calls_as,
    attempted,
    audit_log,
    expect_changes,
    judged_agreement,
    never_performed,
    performed,
    query,
    satisfies,
    spelled,
)

verifier = Verifier("helpdesk-duplicate-merge-reply")

KEPT, DUPLICATE = 1041, 1047  # Maria's first PDF-export ticket and the newer one
KEPT_CODE, DUPLICATE_CODE = "TK-1041", "TK-1047"
MARIA = "maria.gonzalez@northwind.example"
TAG_ASKED = "month-end"
EXPECTED_STATUS = "pending"  # "waiting on her reply"
PRIORITY_ASKED = "high"  # the instruction asks for it
# the days the reply may name: the release, and the days her two tickets came in
RELEASE_DAY, FIRST_DAY, SECOND_DAY = date(2026, 3, 12), date(2026, 3, 7), date(2026, 3, 10)
DAYS = (RELEASE_DAY, FIRST_DAY, SECOND_DAY)
# what the reply must say, and must not: Carol's note's cause and references, the other
# customer's ticket, her solved logo ticket
REPLY = ContentRule(
    facts={
        "the release day": (
            "Thursday",
            "12 March",
            "March 12",
            "12th March",
            "March 12th",
            "12 Mar",
            "Mar 12",
            "2026-03-12",
            "12/03",
            "03/12",
            "12.03",
        ),
        "the workaround": ("print*",),
        "the browser's PDF": (
            *("save as PDF", "save as a PDF", "save it as PDF", "save them as PDF"),
            *("print it to PDF", "print them to PDF", "print to PDF", "printing to PDF"),
            "print dialog",
        ),
    },
    not_about={
        "the internal cause": (
            *("licen*", "expired", "expiry", "renderer", "rendering engine", "lapse*"),
            *("subscription", "third-party", "third party", "vendor*", "supplier*"),
        ),
        "the internal reference": ("ENG-4471", "ENG 4471", "4471", "ENG"),
        "another customer": ("Mario", "Gonzales", "Globex", "TK-1044", "monthly report"),
        "her solved logo ticket": ("logo", "TK-1038", "branding"),
        "another workaround": ("CSV", "spreadsheet*", "Excel"),
        "the workaround ruled out": (
            *("do not print", "don't print", "do not use print", "don't use print"),
            *("avoid print*", "only wait", "nothing you can do", "no workaround"),
            *("do not try", "don't try", "not work either", "nothing to do but", "but wait"),
        ),
    },
    # the fix announced as coming, not put off
    decision=Decision(
        said=(
            "ship*",
            "releas*",
            "goes out",
            "go out",
            "roll* out",
            "available",
            "deploy*",
            "fix*",
            *("due out", "comes out", "coming out", "correction"),
        ),
        opposite=(
            *("delay*", "postpon*", "no date", "not yet known", "unknown", "no fix", "slipped"),
            *("pushed back", "moved back", "already shipped", "has shipped", "was released"),
            *("has been released", "already released", "is live", "retry now", "try again now"),
            *("again now", "fix shipped", "shipped in", "was fixed", "is fixed now"),
        ),
    ),
    days=DAYS,
    forbids={
        # nobody arranged a call (Grace is out all week) or any compensation
        "a promise nobody arranged": (
            *("will call", "call you", "phone you", "ring you", "give you a call"),
            *("will contact you by phone", "will visit", "credit*", "refund*", "discount*"),
            *("free of charge", "waive*", "voucher*", "compensat*"),
        ),
    },
)
# Alice's internal notes on the kept ticket: no wrong day, no other customer, no promise nobody
# arranged, and no request to undo the merge or the wait for Maria (the cause may be named there)
NOTE = ContentRule(
    not_about={
        k: v
        for k, v in REPLY.not_about.items()
        if k in ("another customer", "her solved logo ticket", "the workaround ruled out")
    },
    decision=REPLY.decision,
    days=DAYS,
    forbids={
        **REPLY.forbids,
        "a request that undoes the merge or the wait for her reply": (
            *("solve it now", "solve the ticket now", "solve this now", "solve now"),
            *("solve it today", "close it now", "close the ticket now", "mark it solved"),
            *("mark it as solved", "set it to solved", "no need to wait", "don't wait"),
            *("do not wait", "without waiting", "unmerge*", "split*", "reopen*"),
            *("separate again", "lower the priority"),
        ),
    },
)
# mail Alice might write herself instead of, or beside, the public reply
OWN_MAIL = ("send_message", "reply", "reply_all", "forward", "send_draft", "create_draft")
# what the instruction does not ask for, refused or undone ones included
FORBIDDEN_DESK = ("create_ticket", "create_requester", "rate_ticket", "solve_ticket")


@cache
def agent_id(username: str) -> int:
    (row,) = query("helpdesk", "SELECT id FROM users WHERE username = ?", (username,), seed=True)
    return row["id"]


def ticket(ticket_id: int, *, seed: bool = False) -> dict:
    (row,) = query("helpdesk", "SELECT * FROM tickets WHERE id = ?", (ticket_id,), seed=seed)
    return row


def written_by_requests(table: str) -> dict[str, dict]:
    """Each row id of ``table`` -> the row as the last successful request that wrote it left
    it (the audit log's own record): a row missing here was written by no request."""
    rows: dict[str, dict] = {}
    for entry in audit_log("helpdesk"):
        if entry.status not in range(200, 400):
            continue
        for change in entry.changes:
            if change.table == table and change.after is not None:
                rows[change.row_id] = change.after
    return rows


def as_requests_left(table: str, row: dict, columns: tuple[str, ...]) -> list[str]:
    """The ``columns`` of ``row`` that differ from what the helpdesk's requests wrote."""
    written = written_by_requests(table).get(str(row["id"]))
    if written is None:
        return list(columns)
    return [c for c in columns if _plain(written.get(c)) != _plain(row[c])]


def _plain(value: object) -> object:
    """A column value as both records hold it alike (SQLite keeps a boolean as 0 or 1)."""
    return int(value) if isinstance(value, bool) else value


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the newer ticket is merged into her older open one by the helpdesk",
)
def duplicate_merged() -> bool:
    dup = ticket(DUPLICATE)
    assert (dup["merged_into_id"], dup["status"]) == (KEPT, "closed"), (
        f"{DUPLICATE_CODE} is {dup['status']}, merged into {dup['merged_into_id']}"
    )
    assert ticket(KEPT)["merged_into_id"] is None, f"{KEPT_CODE} was merged away"
    merges = [
        e for e in performed("helpdesk", "merge_ticket") if e.params.get("code") == DUPLICATE_CODE
    ]
    assert merges, f"no successful merge of {DUPLICATE_CODE} in the helpdesk's log"
    assert not as_requests_left("tickets", dup, ("merged_into_id", "status")), (
        f"{DUPLICATE_CODE} is not as the merge left it"
    )
    return True


def public_replies(ticket_id: int) -> list[dict]:
    """Public comments added on ``ticket_id`` since the seed."""
    seeded = {r["id"] for r in query("helpdesk", "SELECT id FROM comments", seed=True)}
    return [
        c
        for c in query(
            "helpdesk", "SELECT * FROM comments WHERE ticket_id = ? AND public = 1", (ticket_id,)
        )
        if c["id"] not in seeded
    ]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one public reply of Alice's on the kept ticket gives the release day and the "
    "workaround, and nothing of the cause, its reference or another customer, nor a call or "
    "credit nobody arranged",
)
def reply_to_maria() -> bool:
    replies = public_replies(KEPT)
    assert len(replies) == 1, f"{len(replies)} new public replies on {KEPT_CODE}, expected one"
    (reply,) = replies
    assert reply["author_id"] == agent_id("alice"), "the reply is not Alice's"
    posted = {
        change.row_id
        for entry in performed("helpdesk", "add_comment")
        if entry.params.get("code") == KEPT_CODE
        for change in entry.changes
        if change.table == "comments" and change.action == "insert"
    }
    assert str(reply["id"]) in posted, f"the reply was not posted on {KEPT_CODE} by the helpdesk"
    assert not as_requests_left("comments", reply, ("ticket_id", "public", "body")), (
        "the reply is not as the helpdesk wrote it"
    )
    REPLY.check(reply["body"], what="the public reply").check()
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the kept ticket is Alice's, high, tagged month-end with its tags kept, and pending",
)
def ticket_fields_set() -> bool:
    kept, seeded = ticket(KEPT), ticket(KEPT, seed=True)
    found = (kept["assignee_id"], kept["priority"], sorted(kept["tags"]), kept["status"])
    tags = sorted({*seeded["tags"], TAG_ASKED})
    expected = (agent_id("alice"), PRIORITY_ASKED, tags, EXPECTED_STATUS)
    assert found == expected, f"{KEPT_CODE} has (assignee, priority, tags, status) {found}"
    behind = as_requests_left("tickets", kept, ("assignee_id", "priority", "tags", "status"))
    assert not behind, f"{KEPT_CODE}'s {behind} not as a request of the helpdesk left them"
    return True


@cache
def mailbox_owner(username: str) -> int:
    (row,) = query("email", "SELECT id FROM users WHERE username = ?", (username,), seed=True)
    return row["id"]


def delivered_by_requests() -> set[str]:
    """Ids of the message rows a successful request of the email service added."""
    return {
        change.row_id
        for entry in audit_log("email")
        if entry.status in range(200, 400)
        for change in entry.changes
        if change.table == "messages" and change.action == "insert"
    }


def new_mail(owner: str) -> list[dict]:
    seeded = {r["id"] for r in query("email", "SELECT id FROM messages", seed=True)}
    rows = query("email", "SELECT * FROM messages WHERE owner_id = ?", (mailbox_owner(owner),))
    return [m for m in rows if m["id"] not in seeded]


RECORD = Record(
    f"Alice, covering for Grace, merged Maria Gonzalez's newer ticket {DUPLICATE_CODE} into the "
    f"one she opened first about the PDF export, {KEPT_CODE}; answered her there with one "
    "public reply giving the day of the fix (release 4.2.1 on "
    f"{spelled(RELEASE_DAY)}) and what she can do until then (open the invoice, press Print and "
    "choose 'Save as PDF' in the browser's print dialog); took the ticket herself, raised it "
    "from normal to high priority, added the tag month-end to its tags invoices and pdf-export, "
    "and left it pending, waiting on Maria's reply.",
    [
        f'{KEPT_CODE}, "Invoice PDF export fails with error 500": Maria Gonzalez (Finance, '
        f"Northwind Traders, {MARIA}) opened it on {spelled(FIRST_DAY)}: every invoice she "
        "exports to PDF fails with 'Error 500 - export failed', since the day before, four days "
        "before the reply; CSV export works. Grace Kim answered the same day that she had passed "
        "it to the technical team.",
        f'{DUPLICATE_CODE}, "Still can\'t export invoices to PDF - month end!": Maria wrote '
        f"again on {spelled(SECOND_DAY)}, the day of the reply, a few hours before it: every "
        "invoice still fails; she closes the month at the end of this week and has about 40 "
        "invoices to send out, and she asked what she can do in the meantime. The merge closed "
        f"it as a duplicate of {KEPT_CODE}, where the conversation carries on.",
        "Carol Diaz (Technical Escalations) reproduced the problem on Northwind's account and "
        "wrote in an internal note: the fix ships in release 4.2.1 on "
        f"{spelled(RELEASE_DAY)}; until then an invoice can be opened, printed with Print and "
        "saved with 'Save as PDF' in the browser's print dialog, which does not go through the "
        "part that fails. The cause (the licence of the PDF renderer, expired on our side the "
        "week before) and the engineering reference ENG-4471 are internal: an internal note may "
        "name them, a reply to Maria may not.",
        "Nothing is fixed yet: the export fails until the release. Grace is out this week, so "
        "Alice Martin has taken the ticket over. Nobody arranged a call, a visit, a screen "
        "share, a credit, a refund or a discount, no invoice was exported or sent for Maria, "
        "and nobody else was written to.",
    ],
)
"""What Alice did and the tickets' own facts, as the judge reads what she wrote."""


def written_by_alice(ticket_id: int) -> list[dict]:
    """The comments added on ``ticket_id`` since the seed but the merge's own: its note and the
    duplicate's comments it carried over are the helpdesk's writing, not Alice's."""
    seeded = {r["id"] for r in query("helpdesk", "SELECT id FROM comments", seed=True)}
    by_merge = {
        change.row_id
        for entry in performed("helpdesk", "merge_ticket")
        for change in entry.changes
        if change.table == "comments" and change.action == "insert"
    }
    return [
        c
        for c in query("helpdesk", "SELECT * FROM comments WHERE ticket_id = ?", (ticket_id,))
        if c["id"] not in seeded and str(c["id"]) not in by_merge
    ]


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="nothing Alice wrote on the kept ticket (her public reply, her internal notes) "
    "says anything against what was done: the content rules above first, then the LLM judge "
    "with the record of it",
)
def nothing_said_against() -> Result:
    said = [
        Said("the public reply", c["body"], REPLY)
        if c["public"]
        else Said("an internal note", c["body"], NOTE)
        for c in written_by_alice(KEPT)
    ]
    return judged_agreement(said, RECORD)


@verifier.checkpoint(
    weight=2,
    rationale="the reply reached Maria's inbox as the helpdesk's mail on her ticket, and no "
    "mailbox else got anything",
)
def reply_in_marias_mailbox() -> bool:
    mails = new_mail("maria")
    assert len(mails) == 1, f"{len(mails)} new mails in Maria's mailbox, expected one"
    (mail,) = mails
    assert str(mail["id"]) in delivered_by_requests(), "Maria's mail was delivered by no request"
    assert KEPT_CODE in mail["subject"], f"Maria's mail is about {mail['subject']!r}"
    REPLY.check(mail["body"], what="the mail to Maria").check()
    others = [m["subject"] for user in ("mario", "alice") for m in new_mail(user)]
    assert not others, f"other mailboxes got mail: {others}"
    return True


def marias_label(label_id: object) -> bool:
    """Whether ``label_id`` is one of Maria's labels (the helpdesk's mail carries one)."""
    rows = query("email", "SELECT owner_id FROM labels WHERE id = ?", (label_id,))
    return [r["owner_id"] for r in rows] == [mailbox_owner("maria")]


def other_merges() -> Findings:
    """Every merge asked for but the duplicate's (a merge of the wrong way round, of the other
    customer's ticket or into the solved one), refused or not."""
    found = [
        f"call {e.id} merge_ticket via {e.via} on {e.params.get('code')}"
        for e in attempted("helpdesk", "merge_ticket")
        if e.params.get("code") != DUPLICATE_CODE
    ]
    return Findings("helpdesk: only the duplicate merged", found)


@verifier.checkpoint(
    weight=3,
    rationale="in the helpdesk only the merge, the reply and the kept ticket's fields changed "
    "(Alice's internal notes true to them); no other ticket, customer or mail touched, and Alice "
    "wrote no mail herself",
)
def nothing_else_changed() -> bool:
    alice = agent_id("alice")
    expect_changes(
        "helpdesk",
        [
            Changed(
                "tickets",
                match={"id": DUPLICATE},
                fields={"status": "closed", "merged_into_id": KEPT, "updated_at": ANY},
            ),
            Changed(
                "tickets",
                match={"id": KEPT},
                fields={
                    "status": EXPECTED_STATUS,
                    "priority": PRIORITY_ASKED,
                    "assignee_id": alice,
                    "tags": ANY,
                    "updated_at": ANY,
                },
            ),
            Added("comments", match={"ticket_id": KEPT, "public": True}, others=ANY),
            Added(
                "comments",
                match={"ticket_id": KEPT, "public": False},
                fields={"author_id": alice, "body": NOTE.agrees("a note true to what was done")},
                others=ANY,
                count=None,
            ),
            Added(
                "comments",
                match={"ticket_id": DUPLICATE, "public": False},
                fields={"author_id": alice},
                others=ANY,
            ),
        ],
    ).check()
    other_merges().check()
    never_performed("helpdesk", *FORBIDDEN_DESK).check()
    all_calls_as("helpdesk", "alice").check()
    never_performed("email", *OWN_MAIL).check()
    expect_changes(
        "email",
        [
            Added(
                "messages",
                match={"owner_id": mailbox_owner("maria")},
                fields={"to_addresses": [MARIA]},
                others=ANY,
            ),
            Added(
                "labels",
                match={"owner_id": mailbox_owner("maria"), "name": "helpdesk"},
                others=ANY,
                count=None,
            ),
            Added(
                "message_labels",
                match={"label_id": satisfies("a label of Maria's", marias_label)},
                count=None,
            ),
            Changed(
                "messages",
                match={"owner_id": mailbox_owner("alice")},
                fields={"is_read": ANY},
                count=None,
            ),
        ],
    ).surprises_only().check()
    return True


if __name__ == "__main__":
    verifier.main()
