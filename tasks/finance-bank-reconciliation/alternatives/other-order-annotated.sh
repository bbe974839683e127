#!/bin/bash
# Correct alternative: another order through the API: the duplicate memo first, then the
# categories, then the payments (electricity first, the deposit with its amount given), and
# each paying charge's memo annotated with the bill it paid (a memo that is no duplicate flag).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
tx = {t["id"]: t for t in fin.call("GET", "/transactions?account_id=1&start=2026-03-01&per_page=100")["items"]}
fin.call("PATCH", "/transactions/102", {"memo": "Double charge: same 482.60 USD as the 2026-03-03 payment of BP-7731. To dispute."})
fin.call("POST", "/transactions/105/category", {"category": "Utilities"})
fin.call("POST", "/transactions/104/category", {"category": "Equipment"})
fin.call("POST", "/invoices/INV-0044/payments", {"transaction_id": 105})
fin.call("POST", "/invoices/INV-0043/payments", {"transaction_id": 104, "amount": 930.00})
fin.call("POST", "/invoices/INV-0041/payments", {"transaction_id": 101, "amount": 482.60})
for t, bill in ((105, "LE-883120"), (104, "OOF-5520 deposit"), (101, "BP-7731")):
    fin.call("PATCH", f"/transactions/{t}", {"memo": f"{tx[t]['memo']} / paid {bill}"})
PY
