"""The prelude the blind round's wrong solutions of crm-deal-won-invoice share: the three
services' clients as alice and the reference's moves (win the deal, void the stale draft,
issue the invoice, tell Ingrid), each with the detail a script varies as a parameter."""

from mock_services.client import ServiceClient

crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
books = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
INGRID = "ingrid@lindqvist-arch.example"
LINES = [
    {"description": "Website redesign (design, build, CMS, launch)", "unit_price": 20500},
    {"description": "Stock image licence, up to 20 images", "unit_price": 1250},
]


def win(deal_id=2, amount=21750):
    body = {"stage": "closed_won"}
    if amount is not None:
        body["amount"] = amount
    return crm.call("PATCH", f"/deals/{deal_id}", body)


def void(code="INV-0004"):
    return books.call("POST", f"/invoices/{code}/void")


def issue(
    contact="Lindqvist Architects",
    issued="2026-03-16",
    due="2026-04-30",
    lines=LINES,
    finalize=True,
    **kw,
):
    inv = books.call(
        "POST",
        "/invoices",
        {
            "direction": "issued",
            "contact": contact,
            "issued_on": issued,
            "due_on": due,
            "currency": "USD",
            "lines": lines,
            "memo": "Payment due within 45 days of the invoice date.",
            **kw,
        },
    )
    if finalize:
        inv = books.call("POST", f"/invoices/{inv['code']}/finalize")
    return inv


def tell(code, amount="USD 21,750.00", due="30 April 2026", to=INGRID, body=None):
    text = body or (
        f"Hi Ingrid,\n\nThe invoice for the website redesign is issued: invoice {code}, "
        f"{amount}, due on {due}. It went to your accounts payable.\n\nBest,\nAlice"
    )
    return mail.call(
        "POST",
        "/messages/send",
        {"to": [to], "subject": f"Invoice {code}: website redesign", "body": text},
    )
