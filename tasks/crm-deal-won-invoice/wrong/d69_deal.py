"""Shared steps of the d69 scripts for crm-deal-won-invoice: the reference's actions, with the
free text written beside them (deal notes and lost reason, invoice memo and lines, the mail, a
logged activity) given by each script."""

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from urllib.parse import quote

from mock_services.client import ServiceClient

LINES = [
    ("Website redesign: design, build, CMS and launch", 20500),
    ("Stock image licence, up to 20 images", 1250),
]
SUBJECT = "Invoice {code}: website redesign"
BODY = (
    "Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website redesign has gone "
    "to your accounts payable: USD {amount:,.2f}, due on {due}.\n\n{extra}Best,\nAlice"
)


@dataclass
class Texts:
    """What the agent writes beside the right actions; ``{code}``, ``{amount}``, ``{due}``,
    ``{days}`` are filled in."""

    deal_notes: str | None = None
    lost_reason: str | None = None
    memo: str = "Payment due within {days} days of the invoice date."
    lines: list[tuple[str, float]] = field(default_factory=lambda: list(LINES))
    subject: str = SUBJECT
    extra: str = ""
    activity: str | None = None


def solve(texts: Texts) -> None:
    """Win the deal at the revised total, void the stale draft, issue the invoice at 45 days
    to accounts payable and mail Ingrid, writing ``texts`` beside it."""
    crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
    books = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")

    found = mail.call("GET", "/messages?q=redesign&folder=inbox")["items"]
    latest = max((m for m in found if "ingrid" in m["from_address"]), key=lambda m: m["date"])
    body = mail.call("GET", f"/messages/{latest['id']}")["body"]
    amount = float(re.search(r"USD ([\d,]+)", body).group(1).replace(",", ""))
    days = int(re.search(r"(\d+) days from the invoice date", body).group(1))
    billing = re.search(r"\(([\w.@-]+)\)", body).group(1)

    (ingrid,) = crm.call("GET", f"/contacts?q={quote(latest['from_address'])}")["items"]
    (deal,) = [
        d
        for d in crm.call("GET", "/deals?q=redesign&open=true")["items"]
        if d["contact_id"] == ingrid["id"]
    ]
    change: dict = {"stage": "closed_won", "amount": amount}
    if texts.deal_notes is not None:
        change["notes"] = texts.deal_notes
    if texts.lost_reason is not None:
        change["lost_reason"] = texts.lost_reason
    won = crm.call("PATCH", f"/deals/{deal['id']}", change)
    today = date.fromisoformat(won["closed_at"][:10])

    (customer,) = [
        c for c in books.call("GET", "/contacts?kind=customer")["items"] if c["email"] == billing
    ]
    drafts = books.call("GET", f"/invoices?contact={quote(customer['name'])}&status=draft")
    for stale in drafts["items"]:
        books.call("POST", f"/invoices/{stale['code']}/void")
    due = today + timedelta(days=days)
    invoice = books.call(
        "POST",
        "/invoices",
        {
            "direction": "issued",
            "contact": customer["name"],
            "issued_on": today.isoformat(),
            "due_on": due.isoformat(),
            "currency": "USD",
            "lines": [{"description": d, "unit_price": p} for d, p in texts.lines],
            "memo": texts.memo.format(days=days),
        },
    )
    invoice = books.call("POST", f"/invoices/{invoice['code']}/finalize")
    assert invoice["total"] == amount, invoice

    words = {"code": invoice["code"], "amount": amount, "due": due.strftime("%-d %B %Y")}
    words["days"] = days
    mail.call(
        "POST",
        "/messages/send",
        {
            "to": [latest["from_address"]],
            "subject": texts.subject.format(**words),
            "body": BODY.format(**words, extra=texts.extra.format(**words)),
        },
    )
    if texts.activity is not None:
        crm.call(
            "POST",
            "/activities",
            {
                "kind": "note",
                "subject": "Website redesign won",
                "body": texts.activity.format(**words),
                "contact_id": ingrid["id"],
                "deal_id": deal["id"],
            },
        )
