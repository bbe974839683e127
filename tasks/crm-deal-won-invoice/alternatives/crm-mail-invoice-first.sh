#!/bin/bash
# Correct alternative (another order, the mail sent from the CRM): issues the invoice first as a
# draft then finalizes it, voids the old draft after, closes the deal, and sends Ingrid the mail
# as an email logged on her contact and the deal with the CRM's send option (the mail app
# delivers it), in other words.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
books = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")

invoice = books.call("POST", "/invoices", {
    "direction": "issued", "contact": "Lindqvist Architects", "due_on": "2026-04-30",
    "lines": [{"description": "Website redesign", "unit_price": 20500},
              {"description": "Stock images (licence)", "unit_price": 1250}],
})
invoice = books.call("POST", f"/invoices/{invoice['code']}/finalize")
books.call("POST", "/invoices/INV-0004/void")
crm.call("PATCH", "/deals/2", {"stage": "closed_won", "amount": 21750, "close_date": "2026-03-16"})
crm.call("POST", "/activities", {
    "kind": "email", "contact_id": 2, "deal_id": 2, "send": True,
    "subject": f"Your invoice {invoice['code']}",
    "body": f"Hello Ingrid, as requested: invoice no. {invoice['code']}, total USD 21.75k, "
            "due 2026-04-30 (45 days). It has been sent to accounts payable. Best, Alice",
})
PY
