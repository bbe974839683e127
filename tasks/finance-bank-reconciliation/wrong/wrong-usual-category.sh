#!/bin/bash
# WRONG (detail): re-files the Orbit deposit under Office supplies instead of Orbit's usual
# Equipment category.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
def pay(code, txn, **kw):
    return fin.call("POST", f"/invoices/{code}/payments", {"transaction_id": txn, **kw})
def cat(txn, category, **kw):
    return fin.call("POST", f"/transactions/{txn}/category", {"category": category, **kw})
def memo(txn, text):
    return fin.call("PATCH", f"/transactions/{txn}", {"memo": text})
DUP = "ACH BRIGHTLINE PAPER BP-7731 - DUPLICATE CHARGE: BP-7731 was already paid on 2026-03-03; disputing with the bank"
def right_matches():
    pay("INV-0041", 101)            # Brightline BP-7731, the earlier charge
    pay("INV-0043", 104)            # Orbit deposit 930 of 1,860
    cat(104, "Equipment")
    pay("INV-0044", 105)            # Lumen LE-883120
    cat(105, "Utilities")

pay("INV-0041", 101)
pay("INV-0043", 104); cat(104, "Office supplies")
pay("INV-0044", 105); cat(105, "Utilities")
memo(102, DUP)
PY
