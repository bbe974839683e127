"""Steps the wrong solutions of crm-deal-won-invoice share, each with one detail to vary: the
reference's moves through the three services' JSON APIs, so a script changes only what makes
it wrong."""

import os

from mock_services.client import ServiceClient

CRM = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
BOOKS = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
MAIL = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
INGRID = "ingrid@lindqvist-arch.example"
LINES = [
    {"description": "Website redesign: design, build, CMS and launch", "unit_price": 20500},
    {"description": "Stock image licence, up to 20 images", "unit_price": 1250},
]


def win(amount=21750, deal=2, stage="closed_won"):
    return CRM.call("PATCH", f"/deals/{deal}", {"stage": stage, "amount": amount})


def void(code="INV-0004"):
    return BOOKS.call("POST", f"/invoices/{code}/void")


def issue(customer="Lindqvist Architects", due="2026-04-30", lines=LINES, finalize=True):
    body = {"direction": "issued", "contact": customer, "issued_on": "2026-03-16", "lines": lines}
    if due:
        body["due_on"] = due
    invoice = BOOKS.call("POST", "/invoices", body)
    if finalize:
        invoice = BOOKS.call("POST", f"/invoices/{invoice['code']}/finalize")
    return invoice


def note(code="INV-0005", amount="USD 21,750.00", due="30 April 2026"):
    return (
        f"Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website redesign has "
        f"gone to your accounts payable: {amount}, due on {due}.\n\nBest,\nAlice"
    )


def mail(body=None, to=(INGRID,), subject="Invoice for the website redesign"):
    return MAIL.call(
        "POST", "/messages/send", {"to": list(to), "subject": subject, "body": body or note()}
    )


def data_dir():
    return os.environ.get("MOCK_DATA_DIR", "/var/lib/mock-data")
