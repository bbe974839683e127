"""Shared steps of the d69 scripts for crm-lead-dedupe-convert: the reference's actions, with the
free text written beside them (deal name, notes and lost reason, the duplicate's notes, the
call's subject, the new contact's and account's notes, a follow-up task) given by each script."""

from dataclasses import dataclass

from mock_services.client import ServiceClient

CALL_BODY = (
    "Kestrel Robotics wants fleet tracking for its three warehouses at USD 48,500 a year; "
    "Priya expects to sign by 17 April 2026."
)


@dataclass
class Texts:
    """What the agent writes beside the right actions (None: left as the reference leaves it)."""

    deal_name: str = "Kestrel Robotics: fleet tracking"
    twin_note: str = "Duplicate of lead {full}."
    call_subject: str = "Call with Priya: ready to buy fleet tracking"
    call_body: str = CALL_BODY
    deal_notes: str | None = None
    lost_reason: str | None = None
    contact_notes: str | None = None
    account_notes: str | None = None
    task: tuple[str, str] | None = None


def solve(texts: Texts) -> None:
    """Convert Priya's full lead with the deal, unqualify the misspelt one, log the call and
    merge Marisol's bare duplicate into her original, writing ``texts`` beside it."""
    crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")

    (leads,) = crm.call("GET", "/duplicates?kind=leads")["groups"]
    entries = [crm.call("GET", f"/leads/{i}") for i in leads["ids"]]
    full = max(entries, key=lambda lead: sum(bool(lead[f]) for f in ("phone", "job_title")))
    (twin,) = [lead for lead in entries if lead["id"] != full["id"]]

    converted = crm.call(
        "POST",
        f"/leads/{full['id']}/convert",
        {
            "create_deal": True,
            "deal_name": texts.deal_name,
            "amount": 48500,
            "currency": "USD",
            "close_date": "2026-04-17",
        },
    )
    note = texts.twin_note.format(full=full["id"])
    crm.call(
        "PATCH",
        f"/leads/{twin['id']}",
        {"status": "unqualified", "notes": f"{twin['notes']} {note}"},
    )
    crm.call(
        "POST",
        "/activities",
        {
            "kind": "call",
            "subject": texts.call_subject,
            "body": texts.call_body,
            "contact_id": converted["contact_id"],
            "deal_id": converted["deal_id"],
            "duration_minutes": 30,
        },
    )
    deal_text = {"notes": texts.deal_notes, "lost_reason": texts.lost_reason}
    if deal_text := {k: v for k, v in deal_text.items() if v is not None}:
        crm.call("PATCH", f"/deals/{converted['deal_id']}", deal_text)
    if texts.contact_notes is not None:
        crm.call("PATCH", f"/contacts/{converted['contact_id']}", {"notes": texts.contact_notes})
    if texts.account_notes is not None:
        crm.call("PATCH", f"/accounts/{converted['account']}", {"notes": texts.account_notes})
    if texts.task is not None:
        subject, notes = texts.task
        crm.call(
            "POST",
            "/tasks",
            {
                "subject": subject,
                "notes": notes,
                "due_date": "2026-04-17",
                "priority": "high",
                "contact_id": converted["contact_id"],
                "deal_id": converted["deal_id"],
            },
        )

    (contacts,) = crm.call("GET", "/duplicates?kind=contacts")["groups"]
    people = [crm.call("GET", f"/contacts/{i}") for i in contacts["ids"]]
    original = min(people, key=lambda c: c["created_at"])
    for other in people:
        if other["id"] != original["id"]:
            crm.call("POST", f"/contacts/{original['id']}/merge", {"duplicate_id": other["id"]})
