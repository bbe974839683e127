#!/usr/bin/env python3
"""Verifier of crm-lead-dedupe-convert: of Priya's two lead entries, the complete one is
converted into a contact at a new Kestrel Robotics account with the deal the call agreed
(goal) and the misspelt one is unqualified, not converted (goal); the call is logged once on
her new contact and the deal, with its length and what was agreed (goal); Marisol's bare
duplicate is merged into her original record, which keeps everything (goal); and nothing else
in the CRM changed, field by field: the look-alikes (Priya Raman at Halcyon Bank, Marisol Vega
at Kestrel Aviation, the Kestrel Aviation account) untouched, nothing deleted.

What the service did is read by operation and from the audit log's own record of each row,
whatever the channel (API, MCP tool, web form): no route is looked at, and a row written into
the DB file by hand is not one the service wrote."""

from datetime import date, datetime
from functools import cache
from zoneinfo import ZoneInfo

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Findings,
    Removed,
    Verifier,
    all_calls_as,
    attempted,
    audit_log,
    expect_changes,
    never_performed,
    not_as_written,
    performed,
    query,
    seed_time,
)

verifier = Verifier("crm-lead-dedupe-convert")

FULL_LEAD = 1  # Priya's referral entry: phone, job title, notes
MISSPELT_LEAD = 2  # "Pryia", the badge scan: nothing but the e-mail
ORIGINAL_MARISOL = 1  # her record since 2024: phone, title, primary, notes
DUPLICATE_MARISOL = 5  # "Marisol Vegas", entered at the trade fair
LOOKALIKE_CONTACTS = (3, 7)  # Priya Raman at Halcyon Bank, Marisol Vega at Kestrel Aviation
EXPECTED_AMOUNT = 48500.0
EXPECTED_CURRENCY = "USD"
EXPECTED_CLOSE = "2026-04-17"
EXPECTED_MINUTES = 30
OPEN_STAGES = ("prospecting", "qualification", "proposal", "negotiation")
# what the instruction's "leave every other record as it is" rules out, even when undone
FORBIDDEN = (
    "delete_contact",
    "delete_account",
    "delete_deal",
    "delete_activity",
    "delete_task",
    "merge_accounts",
    "create_lead",
)

# what the call note must carry, and what it must not: the look-alikes' business
CALL_NOTE = ContentRule(
    facts={
        "the amount": ("48,500", "48500", "48.5k", "48.5 k", "48 500"),
        "the close date": ("17 April", "April 17", "2026-04-17", "17th April", "April 17th"),
    },
    not_about={
        "Halcyon Bank's business": ("Halcyon", "treasury", "135,000", "135000"),
        "Kestrel Aviation": ("Aviation",),
    },
    days=(date(2026, 4, 17), date(2026, 3, 10), date(2026, 3, 3)),  # close, today, the quote
    amounts=(48500,),
)


# what any text written beside the conversion must not say: the look-alikes' business, the
# booth's list price, a deal lost or already signed (Priya expects to sign by 17 April)
KESTREL_TEXT = ContentRule(
    not_about={
        "Halcyon Bank's business": ("Halcyon", "treasury", "135,000", "135000", "212 555 0177"),
        "Kestrel Aviation's people": ("Bob", "CUS-104", "860 555 0102", "Fleet Planner"),
    },
    forbids={
        "a tie to Kestrel Aviation": ("Aviation",),
        "the booth's list price": ("52,000", "52000", "52k", "52 000"),
        "the deal lost": ("lost", "competitor*", "declin*", "reject*", "walked away"),
        "a contract already signed": (
            *("signed today", "signed on the call", "contract signed", "signed the contract"),
            *("has signed", "have signed", "already signed", "was signed", "is signed"),
        ),
    },
    days=(date(2026, 4, 17), date(2026, 3, 10), date(2026, 3, 3)),
    amounts=(48500,),
)
# what the unqualified duplicate's notes must not say: that it is the entry to keep (the list
# price Priya asked for at the booth is this entry's own history)
TWIN_NOTE = ContentRule(
    not_about=KESTREL_TEXT.not_about,
    forbids={
        **{k: v for k, v in KESTREL_TEXT.forbids.items() if k != "the booth's list price"},
        "that this entry is the one to keep": (
            *("primary", "main entry", "master", "original entry", "the real one", "qualified"),
            *("convert this", "keep this", "the one to convert", "to be converted"),
        ),
        "that the full entry is the duplicate": (
            *(f"lead {FULL_LEAD} is the duplicate", f"lead {FULL_LEAD} is a duplicate"),
            *("other entry is the duplicate", "other lead is the duplicate"),
            *("duplicate is lead", "duplicated by lead"),
        ),
    },
    days=KESTREL_TEXT.days,
    amounts=(48500, 52000),
)


def added_text(before: str | None, after: str | None) -> str:
    """What ``after`` adds to ``before``: all of it, or what follows a kept earlier text."""
    before, after = (before or "").strip(), (after or "").strip()
    return after.replace(before, " ", 1) if before and before in after else after


def texts_agree(rule: ContentRule, row: dict, fields: tuple[str, ...], what: str) -> None:
    """Each of ``fields`` of ``row`` says nothing ``rule`` finds against the action."""
    for field in fields:
        rule.contradictions(row[field], what=f"{what}'s {field}").check()


def as_the_service_wrote(table: str, row: dict, fields: tuple[str, ...]) -> None:
    """Each of ``fields`` of ``row`` is as the CRM's last request on it wrote it."""
    behind = not_as_written("crm", table, row, fields)
    assert not behind, f"{table} {row['id']}: {behind} not as a request of the CRM wrote them"


def one(sql: str, args: tuple = (), *, seed: bool = False) -> dict | None:
    rows = query("crm", sql, args, seed=seed)
    return rows[0] if rows else None


@cache
def new_ids(table: str) -> list[int]:
    """Ids of the ``table`` rows the agent added (not in the seed)."""
    seeded = {r["id"] for r in query("crm", f"SELECT id FROM {table}", seed=True)}
    return [r["id"] for r in query("crm", f"SELECT id FROM {table}") if r["id"] not in seeded]


def kestrel_account() -> dict:
    """The one new account of Kestrel Robotics."""
    found = [
        row
        for i in new_ids("accounts")
        if (row := one("SELECT * FROM accounts WHERE id = ?", (i,)))
        and " ".join(row["name"].casefold().split()).startswith("kestrel robotics")
    ]
    assert len(found) == 1, f"{len(found)} new Kestrel Robotics accounts, expected one"
    return found[0]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the complete lead entry is converted into a contact at a new Kestrel Robotics "
    "account with the agreed deal, by the CRM; what their names and notes say agrees with it",
)
def full_lead_converted() -> bool:
    lead = one("SELECT * FROM leads WHERE id = ?", (FULL_LEAD,))
    assert lead and lead["status"] == "converted", f"lead {FULL_LEAD} is {lead and lead['status']}"
    assert any(e.params.get("lead_id") == FULL_LEAD for e in performed("crm", "convert_lead")), (
        f"no successful conversion of lead {FULL_LEAD}"
    )
    as_the_service_wrote("leads", lead, ("status", "contact_id", "account_id", "deal_id"))
    account = kestrel_account()
    assert lead["account_id"] == account["id"], (
        f"the lead became a contact at account {lead['account_id']}, not the new Kestrel Robotics"
    )
    contact = one("SELECT * FROM contacts WHERE id = ?", (lead["contact_id"],))
    assert contact and contact["account_id"] == account["id"], "her contact is not at the account"
    seeded = one("SELECT * FROM leads WHERE id = ?", (FULL_LEAD,), seed=True)
    for field in ("first_name", "last_name", "email", "phone", "job_title"):
        assert contact[field] == seeded[field], f"her contact's {field} is {contact[field]!r}"
    deals = query("crm", "SELECT * FROM deals WHERE account_id = ?", (account["id"],))
    assert len(deals) == 1, f"{len(deals)} deals at Kestrel Robotics, expected one"
    (deal,) = deals
    found = (deal["amount"], deal["currency"], str(deal["close_date"]), deal["contact_id"])
    expected = (EXPECTED_AMOUNT, EXPECTED_CURRENCY, EXPECTED_CLOSE, contact["id"])
    assert found == expected, f"the deal is (amount, currency, close date, contact) {found}"
    assert deal["stage"] in OPEN_STAGES, f"the deal is {deal['stage']}, not open"
    assert lead["deal_id"] in (None, deal["id"]), f"the lead names deal {lead['deal_id']}"
    as_the_service_wrote("deals", deal, ("amount", "currency", "close_date", "stage", "contact_id"))
    as_the_service_wrote("contacts", contact, ("account_id", "email"))
    texts_agree(KESTREL_TEXT, deal, ("name", "notes", "lost_reason"), "the deal")
    texts_agree(KESTREL_TEXT, contact, ("notes",), "her contact")
    fields = ("industry", "location", "sla", "churn_reason", "notes")
    texts_agree(KESTREL_TEXT, account, fields, "the account")
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the misspelt lead entry is unqualified, not converted, by the CRM; its notes do "
    "not call it the entry to keep",
)
def misspelt_lead_unqualified() -> bool:
    lead = one("SELECT * FROM leads WHERE id = ?", (MISSPELT_LEAD,))
    assert lead and lead["status"] == "unqualified", (
        f"lead {MISSPELT_LEAD} is {lead and lead['status']}"
    )
    assert lead["contact_id"] is None and lead["deal_id"] is None, "it was converted"
    as_the_service_wrote("leads", lead, ("status",))
    seeded = one("SELECT notes FROM leads WHERE id = ?", (MISSPELT_LEAD,), seed=True) or {}
    added = added_text(seeded.get("notes"), lead["notes"])
    TWIN_NOTE.contradictions(added, what="what its notes add").check()
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="today's 30-minute call is logged once on her new contact and the deal, saying "
    "the amount and the close date agreed, nothing against them and nobody else's business",
)
def call_logged() -> bool:
    lead = one("SELECT * FROM leads WHERE id = ?", (FULL_LEAD,))
    assert lead and lead["contact_id"], "her lead was not converted: no contact to log it on"
    calls = [
        row
        for i in new_ids("activities")
        if (row := one("SELECT * FROM activities WHERE id = ?", (i,)))
    ]
    assert len(calls) == 1, f"{len(calls)} new activities, expected the one call"
    (call,) = calls
    deal = one("SELECT id FROM deals WHERE account_id = ?", (lead["account_id"],))
    found = (call["kind"], call["contact_id"], call["deal_id"], call["duration_minutes"])
    expected = ("call", lead["contact_id"], deal and deal["id"], EXPECTED_MINUTES)
    assert found == expected, f"the activity is (kind, contact, deal, minutes) {found}"
    clock = seed_time("crm")
    at = datetime.fromisoformat(str(call["occurred_at"])).replace(tzinfo=ZoneInfo("UTC"))
    assert at.astimezone(clock.timezone).date() == clock.day("today"), f"it happened at {at}"
    assert str(call["id"]) in {
        c.row_id for e in performed("crm", "log_activity") for c in e.changes
    }, "the call was not logged by the CRM"
    text = f"{call['subject']}\n{call['body']}"
    CALL_NOTE.check(text, what="the call's subject and note").check()
    KESTREL_TEXT.contradictions(text, what="the call's subject and note").check()
    return True


def attached_to_duplicate() -> dict[str, list[int]]:
    """The seeded activities and tasks on Marisol's duplicate, by table."""
    return {
        table: [
            r["id"]
            for r in query(
                "crm",
                f"SELECT id FROM {table} WHERE contact_id = ?",
                (DUPLICATE_MARISOL,),
                seed=True,
            )
        ]
        for table in ("activities", "tasks")
    }


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="Marisol's trade-fair duplicate is merged into her original record, which keeps "
    "its details and now holds what was attached to either",
)
def marisol_merged() -> bool:
    gone = one("SELECT id FROM contacts WHERE id = ?", (DUPLICATE_MARISOL,))
    assert gone is None, f"contact {DUPLICATE_MARISOL} (the duplicate) still exists"
    kept = one("SELECT * FROM contacts WHERE id = ?", (ORIGINAL_MARISOL,))
    seeded = one("SELECT * FROM contacts WHERE id = ?", (ORIGINAL_MARISOL,), seed=True)
    assert kept == seeded, f"her original record changed or is gone: {kept}"
    merged = [
        e
        for e in performed("crm", "merge_contacts")
        if e.params.get("contact_id") == ORIGINAL_MARISOL
        and any(
            c.table == "contacts" and c.row_id == str(DUPLICATE_MARISOL) and c.action == "delete"
            for c in e.changes
        )
    ]
    assert merged, "the duplicate was not merged into her original record by the CRM"
    for table, ids in attached_to_duplicate().items():
        for i in ids:
            now = one(f"SELECT contact_id FROM {table} WHERE id = ?", (i,))
            assert now and now["contact_id"] == ORIGINAL_MARISOL, (
                f"{table} {i} of the duplicate is not on her original record"
            )
    return True


def lookalikes_acted_on() -> Findings:
    """Requests, refused or undone ones included, that named a look-alike contact or the
    Kestrel Aviation account."""
    hits = [
        f"call {e.id} {e.operation} via {e.via} on contact {e.params['contact_id']}"
        for e in audit_log("crm")
        if e.params.get("contact_id") in LOOKALIKE_CONTACTS
    ]
    hits += [
        f"call {e.id} merge_contacts via {e.via} merging in contact {e.body.get('duplicate_id')}"
        for e in attempted("crm", "merge_contacts")
        if isinstance(e.body, dict)
        and str(e.body.get("duplicate_id")) in {str(i) for i in LOOKALIKE_CONTACTS}
    ]
    return Findings("crm: the look-alikes left alone", hits)


@verifier.checkpoint(
    weight=3,
    rationale="only the conversion, the unqualified entry, the call and the merge changed the "
    "CRM; nothing deleted, no look-alike acted on, every call as Alice",
)
def nothing_else_changed() -> bool:
    moved = attached_to_duplicate()
    expect_changes(
        "crm",
        [
            Changed(
                "leads",
                match={"id": FULL_LEAD},
                fields={
                    "status": "converted",
                    "converted_at": ANY,
                    "contact_id": ANY,
                    "account_id": ANY,
                    "deal_id": ANY,
                },
            ),
            Changed(
                "leads", match={"id": MISSPELT_LEAD}, fields={"status": "unqualified", "notes": ANY}
            ),
            Added("accounts", fields={"name": ANY}, others=ANY),
            Added("contacts", fields={"first_name": "Priya"}, others=ANY),
            Added("deals", fields={"amount": EXPECTED_AMOUNT}, others=ANY),
            Added("activities", fields={"kind": "call"}, others=ANY),
            Removed("contacts", match={"id": DUPLICATE_MARISOL}),
            *(
                Changed(table, match={"id": i}, fields={"contact_id": ORIGINAL_MARISOL})
                for table, ids in moved.items()
                for i in ids
            ),
        ],
    ).check()
    never_performed("crm", *FORBIDDEN).check()
    lookalikes_acted_on().check()
    all_calls_as("crm", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
