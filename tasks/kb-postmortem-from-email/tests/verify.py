#!/usr/bin/env python3
"""Verifier of kb-postmortem-from-email: one new postmortem page, published by the wiki in the
Engineering space under its "Incident reports" page (goal), says what the mail thread finally
established (start 09:14, end 10:52 UTC, the payments gateway's expired TLS certificate, 1,312
failed checkouts, Frank's and Grace's action items with their due dates) and nothing of the
November outage, the first mails' wrong guesses or made-up times and days (goal); the
Engineering index lists it as a link and keeps its other links (goal); one mail from Alice to
Frank and Grace only, delivered, carries the page's address (goal). The wiki and the mailbox
changed exactly so, field by field, by requests of the services themselves, with no request on
any other page (the Customer Support space's look-alike "Incident reports" above all).

What the services did is read by operation and from the audit logs' row changes, whatever the
channel (API route, MCP tool, web form): no route is looked at."""

import re
from functools import cache
from pathlib import Path

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Findings,
    Verifier,
    all_calls_as,
    audit_log,
    check_operations,
    diff_service,
    expect_changes,
    mailbox_ids,
    mentions,
    never_performed,
    not_as_written,
    one_of,
    query,
    satisfies,
    seed_time,
    sender_words,
    sent_mail,
)
from mock_services.verify.content import affirms

verifier = Verifier("kb-postmortem-from-email")

INDEX_TITLE = "Incident reports"
TEAM = ("frank@example.test", "grace@example.test")
ALICE = "alice@example.test"
EXPECTED_START, EXPECTED_END = "09:14", "10:52"
EXPECTED_FAILED = ("1,312", "1312")
# Frank's and Grace's due dates, as a page may spell them
EXPECTED_FRANK_DUE = (
    "11 December",
    "December 11",
    "11 Dec",
    "Dec 11",
    "2026-12-11",
    "11th December",
    "December 11th",
)
EXPECTED_GRACE_DUE = (
    "4 December",
    "December 4",
    "4 Dec",
    "Dec 4",
    "2026-12-04",
    "4th December",
    "December 4th",
)
# every clock time the thread gives for Tuesday (a page may retell the whole timeline)
THREAD_TIMES = (
    *("09:05", "09:14", "09:40", "10:40", "10:45"),
    *("10:47", "10:52", "11:20", "12:05", "16:30"),
)
INSTRUCTION = (Path(__file__).resolve().parent / "instruction.txt").read_text(encoding="utf-8")
# what the instruction never asks for, even when refused or undone before the end
FORBIDDEN_KB = (
    "delete_page",
    "archive_page",
    "create_space",
    "update_space",
    "set_space_permission",
    "remove_space_permission",
    "schedule_review",
)
FORBIDDEN_MAIL = (
    "trash_message",
    "move_message",
    "delete_forever",
    "empty_trash",
    "restore_message",
    "bulk_action",
    "create_folder",
    "delete_folder",
    "create_contact",
    "delete_contact",
)
TEMPLATE_SECTIONS = ("summary", "timeline", "root cause", "impact", "action items")
# each action item (its words) with its owner and due date, on one line of the page
ACTION_ITEMS = {
    "expiry alerts": (("alert*", "monitor*"), "Frank", EXPECTED_FRANK_DUE),
    "the apology": (("apolog*", "voucher*"), "Grace", EXPECTED_GRACE_DUE),
}
# what may stand beside the load balancer in the root cause: it is ruled out
RULED_OUT = ("unrelated", "not", "no", "n't", "ruled out", "red herring", "wrong*", "innocent")
# the load balancer change, by any of its names in the thread (the 09:05 configuration deploy)
LOAD_BALANCER_CHANGE = (
    *("load balancer", "load-balancer", "LB change", "network config*", "configuration deploy*"),
    *("config deploy*", "config change", "configuration change", "09:05"),
)
# the failed checkouts are no double charges: a sentence naming one must deny it ("no customer
# was charged twice")
DOUBLE_CHARGE = ("charged twice", "double charg*", "double-charg*", "charged two times")
DENIED = ("no", "not", "nobody", "no one", "none", "never", "n't", "zero")
SENDING = ("send_message", "reply", "reply_all", "forward", "send_draft")
# the action items are still open: no text may say they are done
DONE_CLAIM = {
    "that an open action item is done": (
        *("already sent", "have sent the apology", "has sent the apology", "voucher* went out"),
        *("voucher* are out", "voucher* have been sent", "apolog* went out", "item is done"),
        *("items are done", "already done", "already set up", "alerts are in place"),
        *("alerts are live", "alerts are set up", "already apologi*", "already in place"),
    ),
}
check_operations("kb", *FORBIDDEN_KB, "create_page", "update_page")
check_operations("email", *FORBIDDEN_MAIL, *SENDING)


def postmortem_rule() -> ContentRule:
    incident = seed_time("kb").day("-2d")
    return ContentRule(
        facts={
            "when the failures started": (EXPECTED_START,),
            "when they ended": (EXPECTED_END,),
            "the root cause, a certificate": ("certificat*", "cert"),
            "that it expired": ("expir*",),
            "how many checkouts failed": EXPECTED_FAILED,
            "Frank's action item (certificate expiry alerts)": ("alert*", "monitor*"),
            "Grace's action item (an apology with a voucher)": ("apolog*", "voucher*"),
            "the owners": ("Frank",),
            "the other owner": ("Grace",),
            "Frank's due date": EXPECTED_FRANK_DUE,
            "Grace's due date": EXPECTED_GRACE_DUE,
            **{f"the template's {h} section": (h,) for h in TEMPLATE_SECTIONS},
        },
        not_about={
            "the November outage": ("Redis", "maxmemory", "14:02", "14:37", "230 orders"),
            "the first, wrong count": ("2,000", "2000"),
            "the vendor's sales pitch": ("CertHub", "add-on"),
        },
        days=(
            incident,
            seed_time("kb").day("+1d"),
            seed_time("kb").day("+8d"),
        ),
        times=THREAD_TIMES,
        roles={
            # "failed from 09:14 to 10:52": a range's first time is its start, its second its end
            "the start": (("start*", "began", "begin*", "since", "from"), (EXPECTED_START,)),
            "the end": (
                (
                    "end*",
                    "stopp*",
                    "until",
                    "till",
                    "to",
                    "resolv*",
                    "recover*",
                    "restor*",
                    "fixed",
                ),
                (EXPECTED_END,),
            ),
        },
        source=INSTRUCTION,
        forbids=DONE_CLAIM,
    )


def beside_rule() -> ContentRule:
    """What a text beside the page (its labels and version messages, the index's new lines, the
    mail) must not say: what the page must not (other incidents, the first count, made-up days
    and times, a time in the wrong role), and no open action item as done."""
    page = postmortem_rule()
    return ContentRule(
        not_about=page.not_about,
        days=page.days,
        times=page.times,
        roles=page.roles,
        forbids=DONE_CLAIM,
    )


def beside_problems(text: str) -> list[str]:
    """``beside_rule``'s findings, and each sentence that gives the ruled-out load balancer
    change without ruling it out."""
    problems = beside_rule().contradictions(text).problems
    problems += [
        f"it gives the load balancer change as a cause: {sentence.strip()!r}"
        for sentence in re.split(r"[.;\n]", text)
        if any(mentions(sentence, w) for w in LOAD_BALANCER_CHANGE)
        and not any(mentions(sentence, w) for w in RULED_OUT)
    ]
    return problems


def new_messages(page_id: int) -> list[str]:
    """The messages of the versions of page ``page_id`` added since the seed."""
    seeded = {r["id"] for r in query("kb", "SELECT id FROM page_versions", seed=True)}
    rows = query("kb", "SELECT id, message FROM page_versions WHERE page_id = ?", (page_id,))
    return [r["message"] or "" for r in rows if r["id"] not in seeded]


@cache
def seeded_pages() -> dict[tuple[str, str], dict]:
    rows = query(
        "kb",
        "SELECT p.*, s.key AS space FROM pages p JOIN spaces s ON s.id = p.space_id",
        seed=True,
    )
    return {(r["space"], r["title"]): r for r in rows}


def index_id() -> int:
    return int(seeded_pages()[("ENG", INDEX_TITLE)]["id"])


@cache
def new_pages() -> list[dict]:
    return diff_service("kb").added("pages")


def postmortem() -> dict:
    """The one page the agent added (whatever its title)."""
    pages = new_pages()
    assert len(pages) == 1, f"{len(pages)} new pages, expected one"
    return pages[0]


def page_text(page: dict) -> str:
    return f"{page['title']}\n{page['body']}"


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="one postmortem page is published by the wiki in Engineering under its Incident "
    "reports page, titled like the others",
)
def page_published() -> bool:
    page = postmortem()
    eng = query("kb", "SELECT id FROM spaces WHERE key = 'ENG'")[0]["id"]
    assert page["space_id"] == eng, "the page is not in the Engineering space"
    assert page["parent_id"] == index_id(), "the page is not under the Engineering index"
    assert page["status"] == "published", f"the page is {page['status']}"
    title = page["title"]
    assert title.casefold().startswith("postmortem"), f"title {title!r}"
    assert mentions(title, "payment*") or mentions(title, "checkout"), f"title {title!r}"
    behind = not_as_written("kb", "pages", page, ("title", "body", "status", "parent_id"))
    assert not behind, f"the page's {behind} are not as a request of the wiki wrote them"
    return True


def action_item_problems(text: str) -> list[str]:
    """Each action item must sit on a line (a table row, a bullet, a sentence) with its owner
    and its due date, and with neither of the other item's."""
    lines = [line for line in re.split(r"[\n.;]", text) if line.strip()]
    problems = []
    for name, (words, owner, due) in ACTION_ITEMS.items():
        rows = [line for line in lines if any(mentions(line, w) for w in words)]
        right = [
            line for line in rows if mentions(line, owner) and any(mentions(line, d) for d in due)
        ]
        if not right:
            problems.append(f"no line gives {name} with its owner {owner} and its due date")
        for other_name, (_w, other_owner, other_due) in ACTION_ITEMS.items():
            if other_name == name:
                continue
            crossed = [
                line
                for line in rows
                if (mentions(line, other_owner) and not mentions(line, owner))
                or any(mentions(line, d) for d in other_due)
            ]
            if crossed:
                problems.append(f"{name} is given {other_name}'s owner or due date: {crossed[0]!r}")
    return problems


def root_cause_problems(text: str) -> list[str]:
    """The root cause section (or the sentences naming the root cause) names the certificate
    and gives the load balancer change only as ruled out."""
    sections = re.split(r"\n(?=#+ )", text)
    cause = [s for s in sections if re.match(r"#+ [^\n]*root cause", s, re.IGNORECASE)]
    if not cause:
        cause = [s for s in re.split(r"[.\n]", text) if mentions(s, "root cause")]
    said = " ".join(cause)
    problems = []
    if not (mentions(said, "certificat*") or mentions(said, "cert")):
        problems.append("the root cause it gives is not the certificate")
    for sentence in re.split(r"[.;]|\n\s*\n", said):
        if any(mentions(sentence, w) for w in LOAD_BALANCER_CHANGE) and not any(
            mentions(sentence, w) for w in RULED_OUT
        ):
            problems.append(f"it gives the load balancer change as a cause: {sentence.strip()!r}")
    if not affirms(said, "expir*"):
        problems.append("the root cause it gives is not that the certificate expired")
    return problems


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the page states what the thread finally established, with owners and due dates, "
    "and nothing of other incidents, the first guesses or made-up times; its labels and version "
    "messages say nothing against it",
)
def page_content() -> bool:
    text = page_text(postmortem())
    charged = [
        sentence.strip()
        for sentence in re.split(r"[.;!?\n]", text)
        if any(mentions(sentence, w) for w in DOUBLE_CHARGE)
        and not any(mentions(sentence, w) for w in DENIED)
    ]
    assert not charged, f"the page says customers were charged twice: {charged}"
    found = postmortem_rule().check(text, what="the postmortem")
    problems = found.problems + action_item_problems(text) + root_cause_problems(text)
    assert not problems, "; ".join(problems)
    page = postmortem()
    beside = [", ".join(page["labels"] or []), *new_messages(page["id"])]
    wrong = [p for t in beside for p in beside_problems(t)]
    assert not wrong, f"the page's labels or version messages: {'; '.join(wrong)}"
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the Engineering index links the new page and keeps its other links; its new "
    "lines and version messages say nothing against the postmortem",
)
def index_links_it() -> bool:
    page = postmortem()
    index = query("kb", "SELECT * FROM pages WHERE id = ?", (index_id(),))[0]
    links = {
        r["target_id"]
        for r in query("kb", "SELECT target_id FROM page_links WHERE page_id = ?", (index_id(),))
    }
    seeded = {
        r["target_id"]
        for r in query(
            "kb", "SELECT target_id FROM page_links WHERE page_id = ?", (index_id(),), seed=True
        )
    }
    assert page["id"] in links, "the index has no link to the new page"
    assert seeded <= links, f"the index lost its links to pages {sorted(seeded - links)}"
    assert not not_as_written("kb", "pages", index, ("body",)), "index not written by the wiki"
    seeded_lines = set(seeded_pages()[("ENG", INDEX_TITLE)]["body"].splitlines())
    added = [line for line in index["body"].splitlines() if line not in seeded_lines]
    wrong = [p for t in (*added, *new_messages(index_id())) for p in beside_problems(t)]
    assert not wrong, f"the index's new lines or version messages: {'; '.join(wrong)}"
    return True


@cache
def new_mail() -> list[dict]:
    return diff_service("email").added("messages")


def sent_by_alice() -> list[dict]:
    return [m for m in new_mail() if m["folder_id"] == mailbox_ids()["alice/sent"]]


def recipients(mail: dict) -> set[str]:
    return {a.lower() for name in ("to", "cc", "bcc") for a in mail[f"{name}_addresses"] or []}


def sent_rows() -> set[str]:
    """Ids of the message rows a successful sending request added, through any channel."""
    return {
        c.row_id
        for e in audit_log("email")
        if e.operation in SENDING and e.status in range(200, 400)
        for c in e.changes
        if c.table == "messages"
    }


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="one mail from Alice to Frank and Grace only, delivered, sent by the mail app, "
    "carries the page's address and says nothing against the postmortem",
)
def team_mailed() -> bool:
    mails = sent_by_alice()
    assert len(mails) == 1, f"{len(mails)} mails sent by Alice, expected one"
    (mail,) = mails
    assert recipients(mail) == set(TEAM), f"sent to {sorted(recipients(mail))}"
    assert str(mail["id"]) in sent_rows(), "the mail was not sent by the mail app"
    for user in ("frank", "grace"):
        assert any(
            m["folder_id"] == mailbox_ids()[f"{user}/inbox"]
            and m["message_id"] == mail["message_id"]
            for m in new_mail()
        ), f"not delivered to {user}"
    address = rf"(?:localhost|127\.0\.0\.1):5130/pages/{postmortem()['id']}(?!\d)"
    text = f"{mail['subject']}\n{sender_words(mail)}"
    assert re.search(address, text), "the mail does not carry the page's address"
    wrong = beside_problems(text)
    assert not wrong, f"the mail: {'; '.join(wrong)}"
    return True


def kb_changes() -> list[Added | Changed]:
    ours = one_of(index_id(), *(p["id"] for p in new_pages()))
    return [
        Added("pages", others=ANY),
        Added("page_versions", match={"page_id": ours}, count=None, others=ANY),
        Added("page_links", match={"page_id": ours}, count=None, others=ANY),
        Added("watches", match={"page_id": ours}, count=None, others=ANY),
        Changed(
            "pages",
            match={"id": index_id()},
            fields={"body": ANY, "version": ANY, "updated_at": ANY, "updated_by_id": ANY},
        ),
    ]


def mail_changes() -> list[Added | Changed]:
    team_only = satisfies("Frank and Grace only", lambda v: all(a.lower() in TEAM for a in v or []))
    header = {
        "from_address": ALICE,
        "to_addresses": team_only,
        "cc_addresses": team_only,
        "bcc_addresses": team_only,
    }
    return sent_mail("alice", ["frank", "grace"], fields=header)


def requests_elsewhere() -> Findings:
    """Every wiki request, refused or undone ones included, on a page other than the index and
    the new one, or a comment anywhere; and any page created but the postmortem."""
    ours = {index_id(), *(p["id"] for p in new_pages())}
    hits = [
        f"call {e.id} {e.operation} via {e.via} on {e.params}"
        for e in audit_log("kb")
        if (e.params.get("page_id") is not None and e.params["page_id"] not in ours)
        or "comment_id" in e.params
    ]
    created = [
        c.row_id
        for e in audit_log("kb")
        if e.operation == "create_page"
        for c in e.changes
        if c.table == "pages" and c.action == "insert"
    ]
    hits += [f"page {row} created" for row in created if int(row) not in ours]
    return Findings("kb: only the postmortem and the Engineering index", hits)


def unaudited_rows() -> list[str]:
    """Rows added, changed or removed that no request of the service wrote: DB file writes."""
    found = []
    for service, tables in (("kb", ("pages", "page_versions")), ("email", ("messages",))):
        written = {(c.table, c.row_id) for e in audit_log(service) for c in e.changes}
        diff = diff_service(service)
        for table in tables:
            rows = [c.after for c in diff.changed(table)] + diff.added(table)
            rows += diff.removed(table)
            found += [
                f"{service} {table} {r['id']}" for r in rows if (table, str(r["id"])) not in written
            ]
    return found


@verifier.checkpoint(
    weight=3,
    rationale="only the postmortem, the index's link and the one mail changed the wiki and the "
    "mailbox, field by field, by the services' own requests; no request on any other page; "
    "every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("kb", kb_changes()).check()
    expect_changes("email", mail_changes()).check()
    requests_elsewhere().check()
    never_performed("kb", *FORBIDDEN_KB).check()
    never_performed("email", *FORBIDDEN_MAIL).check()
    all_calls_as("kb", "alice").check()
    all_calls_as("email", "alice").check()
    found = unaudited_rows()
    assert not found, f"changed without a request of the service: {', '.join(found)}"
    return True


if __name__ == "__main__":
    verifier.main()
