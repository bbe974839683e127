"""The whole right action of crm-deal-won-invoice (deal won at the revised total, stale draft
voided, invoice issued to accounts payable at Net 45, Ingrid mailed), each free text it writes
given by the caller. Texts may name ``{code}``, ``{amount}`` (USD 21,750.00) and ``{due}``
(30 April 2026), filled in once the invoice exists."""

import base64
import re
from datetime import date, timedelta
from urllib.parse import quote

from mock_services.client import ServiceClient

LINES = (
    ("Website redesign: design, build, CMS and launch", 20500),
    ("Stock image licence, up to 20 images", 1250),
)
MEMO = "Payment due within {days} days of the invoice date."
SUBJECT = "Invoice {code}: website redesign"
BODY = (
    "Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website redesign has gone "
    "to your accounts payable: {amount}, due on {due}.\n\nBest,\nAlice"
)


def run(
    *,
    deal_notes: str | None = None,
    deal_name: str | None = None,
    activity: tuple[str, str] | None = None,
    memo: str = MEMO,
    lines: tuple[tuple[str, float], ...] = LINES,
    subject: str = SUBJECT,
    body: str = BODY,
    body_html: str | None = None,
    attachment: tuple[str, str] | None = None,
) -> None:
    """Do the task; ``activity`` is a CRM note (subject, body) on the deal, ``body_html`` the
    mail's HTML part, ``attachment`` a text file (name, text) on the mail to Ingrid."""
    crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
    books = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")

    found = mail.call("GET", "/messages?q=redesign&folder=inbox")["items"]
    latest = max((m for m in found if "ingrid" in m["from_address"]), key=lambda m: m["date"])
    text = mail.call("GET", f"/messages/{latest['id']}")["body"]
    amount = float(re.search(r"USD ([\d,]+)", text).group(1).replace(",", ""))
    days = int(re.search(r"(\d+) days from the invoice date", text).group(1))
    billing = re.search(r"\(([\w.@-]+)\)", text).group(1)

    (ingrid,) = crm.call("GET", f"/contacts?q={quote(latest['from_address'])}")["items"]
    (deal,) = [
        d
        for d in crm.call("GET", "/deals?q=redesign&open=true")["items"]
        if d["contact_id"] == ingrid["id"]
    ]
    change: dict[str, object] = {"stage": "closed_won", "amount": amount}
    if deal_notes is not None:
        change["notes"] = deal_notes
    if deal_name is not None:
        change["name"] = deal_name
    won = crm.call("PATCH", f"/deals/{deal['id']}", change)
    today = date.fromisoformat(won["closed_at"][:10])
    if activity is not None:
        crm.call(
            "POST",
            "/activities",
            {
                "kind": "note",
                "subject": activity[0],
                "body": activity[1],
                "deal_id": deal["id"],
                "contact_id": ingrid["id"],
            },
        )

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
            "lines": [{"description": what, "unit_price": price} for what, price in lines],
            "memo": memo.format(days=days),
        },
    )
    invoice = books.call("POST", f"/invoices/{invoice['code']}/finalize")
    assert invoice["total"] == amount, invoice

    words = {
        "code": invoice["code"],
        "amount": f"USD {amount:,.2f}",
        "due": due.strftime("%-d %B %Y"),
    }
    message = {
        "to": [latest["from_address"]],
        "subject": subject.format(**words),
        "body": body.format(**words),
    }
    if body_html is not None:
        message["body_html"] = body_html.format(**words)
    if attachment is not None:
        name, content = attachment
        message["attachments"] = [
            {
                "filename": name,
                "content_type": "text/plain",
                "content_base64": base64.b64encode(content.format(**words).encode()).decode(),
            }
        ]
    mail.call("POST", "/messages/send", message)
