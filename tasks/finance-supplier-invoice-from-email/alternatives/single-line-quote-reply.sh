#!/bin/bash
# ALTERNATIVE (right): JSON API in another order and shape: record today's transfer first, then the
# bill as one line for the invoice total, approve it by finalizing a draft, match, and reply with
# the original quoted below (quote: true), written in a different style.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
t = fin.call("POST", "/transactions", {"account_id": 1, "amount": -1274.40, "merchant": "Northside Print Co.",
                                       "memo": "Wire NP-2318"})
b = fin.call("POST", "/invoices", {"direction": "received", "contact": "Northside Print Co.", "number": "NP-2318",
    "issued_on": "2026-03-17", "due_on": "2026-04-07",
    "lines": [{"description": "Spring catalogue print run incl. rush proofing", "unit_price": 1274.40}]})
fin.call("POST", f"/invoices/{b['code']}/finalize")
paid = fin.call("POST", f"/invoices/{b['code']}/payments", {"transaction_id": t["id"], "amount": 1274.40})
assert paid["status"] == "paid"
mail.call("POST", "/messages/5/reply", {"quote": True, "append_signature": True, "body":
    "Dear Northside Print billing team,\n\nYour invoice NP-2318 has been entered in our accounts and settled in full "
    "on 2026-03-20 by bank transfer for $1,274.40.\n\nRegards,"})
PY
