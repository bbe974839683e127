"""The prelude the blind round's wrong solutions of finance-supplier-invoice-from-email
share: the mail and finance clients as alice and the reference's moves (book the bill, add the
transfer, pay, reply), each with the detail a script varies as a parameter."""

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
LINES = [
    {
        "description": "Spring catalogue, 24 pp, saddle-stitched",
        "quantity": 1500,
        "unit_price": 0.79,
    },
    {"description": "Rush proofing (2 rounds)", "quantity": 1, "unit_price": 89.40},
]


def book(
    contact="Northside Print Co.",
    number="NP-2318",
    issued="2026-03-17",
    due="2026-04-07",
    lines=LINES,
    status="open",
):
    body = {
        "direction": "received",
        "contact": contact,
        "number": number,
        "issued_on": issued,
        "due_on": due,
        "currency": "USD",
        "lines": lines,
        "status": status,
    }
    return fin.call("POST", "/invoices", {k: v for k, v in body.items() if v is not None})


def transfer(amount=-1274.40, account=1, date=None, merchant="Northside Print Co."):
    body = {
        "account_id": account,
        "amount": amount,
        "merchant": merchant,
        "memo": "Bank transfer NP-2318",
    }
    if date:
        body["date"] = date
    return fin.call("POST", "/transactions", body)


def pay(code, txn):
    return fin.call("POST", f"/invoices/{code}/payments", {"transaction_id": txn})


def reply(msg=5, body=None):
    text = body or (
        "Hello,\n\nThank you for invoice NP-2318. It is recorded in our books and we paid it in "
        "full today, March 20, 2026: USD 1,274.40 by bank transfer, quoting NP-2318."
        "\n\nBest regards,\nAlice Martin"
    )
    return mail.call("POST", f"/messages/{msg}/reply", {"body": text})
