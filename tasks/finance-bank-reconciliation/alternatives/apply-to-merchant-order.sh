#!/bin/bash
# ALTERNATIVE (right): JSON API in another order: fix the categories first with "apply to every
# transaction of this merchant" (the merchants' defaults already are Equipment and Utilities, so
# only the two mis-filed charges change), flag the duplicate, then record the three payments.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
fin.call("POST", "/transactions/104/category", {"category": "Equipment", "apply_to_merchant": True})
fin.call("POST", "/transactions/105/category", {"category": "Utilities", "apply_to_merchant": True})
fin.call("PATCH", "/transactions/102", {"memo": "Duplicate charge (BP-7731 already paid on Mar 3) - to dispute with the bank"})
fin.call("POST", "/invoices/INV-0043/payments", {"transaction_id": 104, "amount": 930})
fin.call("POST", "/invoices/INV-0044/payments", {"transaction_id": 105})
fin.call("POST", "/invoices/INV-0041/payments", {"transaction_id": 101})
PY
