"""What the wrong solutions of finance-bank-reconciliation share: Alice's session in the
finance API and the calls that match, re-file and annotate."""

import os
import sqlite3

from mock_services.client import ServiceClient

fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
DUPLICATE_MEMO = "ACH BRIGHTLINE PAPER BP-7731 - duplicate charge, BP-7731 already paid; disputing"


def pay(code: str, tx_id: int, amount: float | None = None) -> None:
    body: dict = {"transaction_id": tx_id}
    if amount is not None:
        body["amount"] = amount
    fin.call("POST", f"/invoices/{code}/payments", body)


def refile(tx_id: int, category: str, **extra: object) -> None:
    fin.call("POST", f"/transactions/{tx_id}/category", {"category": category, **extra})


def memo(tx_id: int, text: str) -> None:
    fin.call("PATCH", f"/transactions/{tx_id}", {"memo": text})


def right_payments() -> None:
    pay("INV-0041", 101)
    pay("INV-0043", 104)
    pay("INV-0044", 105)


def right_categories() -> None:
    refile(104, "Equipment")
    refile(105, "Utilities")


def everything_right() -> None:
    right_payments()
    right_categories()
    memo(102, DUPLICATE_MEMO)


def db() -> sqlite3.Connection:
    """The finance DB file itself (writable where the agent runs as the services' user)."""
    folder = os.environ.get("MOCK_DATA_DIR", "/var/lib/mock-data")
    return sqlite3.connect(os.path.join(folder, "finance.db"), timeout=10)
