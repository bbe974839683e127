"""What the wrong solutions of finance-supplier-invoice-from-email share: Alice's sessions and
the calls that book the bill, pay it and answer the printer."""

import os
import sqlite3

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
INVOICE_MAIL = 5  # the March invoice's message (pinned by the seed)
LINES = [
    {"description": "Spring catalogue, 24 pp", "quantity": 1500, "unit_price": 0.79},
    {"description": "Rush proofing (2 rounds)", "unit_price": 89.40},
]
RIGHT_REPLY = (
    "Hello,\n\nThank you for invoice NP-2318. It is recorded in our books and we paid it in "
    "full on March 20, 2026: USD 1,274.40 by bank transfer.\n\nBest regards,\nAlice Martin"
)


def book(
    contact="Northside Print Co.",
    number="NP-2318",
    issued="2026-03-17",
    due="2026-04-07",
    lines=None,
    status="open",
) -> dict:
    body = {
        "direction": "received",
        "contact": contact,
        "number": number,
        "issued_on": issued,
        "due_on": due,
        "lines": lines or LINES,
        "status": status,
    }
    return fin.call("POST", "/invoices", {k: v for k, v in body.items() if v is not None})


def transfer(amount=1274.40, account=1, merchant="Northside Print Co.", **extra) -> dict:
    return fin.call(
        "POST",
        "/transactions",
        {
            "account_id": account,
            "amount": -amount,
            "merchant": merchant,
            "memo": "NP-2318",
            **extra,
        },
    )


def pay(code: str, tx_id: int) -> dict:
    return fin.call("POST", f"/invoices/{code}/payments", {"transaction_id": tx_id})


def reply(body: str = RIGHT_REPLY, message: int = INVOICE_MAIL) -> dict:
    return mail.call("POST", f"/messages/{message}/reply", {"body": body})


def book_and_pay() -> dict:
    bill = book()
    pay(bill["code"], transfer()["id"])
    return bill


def db(service: str) -> sqlite3.Connection:
    """A service's DB file itself (writable where the agent runs as the services' user)."""
    folder = os.environ.get("MOCK_DATA_DIR", "/var/lib/mock-data")
    return sqlite3.connect(os.path.join(folder, f"{service}.db"), timeout=10)
