#!/bin/bash
# Correct alternative: another order and other operations through the API: the reply drafted
# first in the invoice's thread (reply_to_message_id) and sent only at the end; the transfer
# added by importing a one-line CSV statement into Business Checking; the bill created open
# with its two lines after the transfer exists.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
(found,) = mail.call("GET", "/messages?q=NP-2318")["items"]
draft = mail.call("POST", "/drafts", {
    "reply_to_message_id": found["id"], "to": ["billing@northsideprint.example"],
    "subject": "Re: Invoice NP-2318 - spring catalogue",
    "body": "Hello,\n\nInvoice NP-2318 is booked in our system and was paid by bank transfer "
            "on March 20th: USD 1,274.40.\n\nRegards,\nAlice",
})
done = fin.call("POST", "/accounts/1/statement", {
    "csv": "date,amount,currency,merchant,category,memo,status\n"
           "2026-03-20,-1274.40,USD,Northside Print Co.,Printing,Bank transfer NP-2318,posted\n",
})
(tx,) = done["transaction_ids"]
bill = fin.call("POST", "/invoices", {
    "direction": "received", "contact": "Northside Print Co.", "number": "NP-2318",
    "issued_on": "2026-03-17", "due_on": "2026-04-07", "status": "open",
    "lines": [{"description": "Spring catalogue", "quantity": 1500, "unit_price": 0.79},
              {"description": "Rush proofing", "unit_price": 89.40}],
})
fin.call("POST", f"/invoices/{bill['code']}/payments", {"transaction_id": tx})
mail.call("POST", f"/drafts/{draft['id']}/send", {})
PY
