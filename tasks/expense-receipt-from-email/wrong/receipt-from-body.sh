#!/bin/bash
# Wrong (right effect, wrong details): corrects the item and submits, but the receipt it
# uploads is the mail's text, not the invoice file attached to it.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
expense = ServiceClient("http://127.0.0.1:5005/api").login("alice", "alice-pass")


def invoice(query: str) -> dict:
    """The PDF attached to the one mail the search finds, with its content."""
    (found,) = mail.call("GET", f"/messages?q={query}&has_attachment=true")["items"]
    (meta,) = mail.call("GET", f"/messages/{found['id']}")["attachments"]
    return mail.call("GET", f"/messages/{found['id']}/attachments/{meta['id']}")


(trip,) = expense.call("GET", "/reports?status=draft&q=ITB")["items"]
report = expense.call("GET", f"/reports/{trip['id']}")
(hotel,) = [i for i in report["items"] if "Adlon" in i["merchant"]]
items = f"/reports/{trip['id']}/items"

import base64

(found,) = mail.call("GET", "/messages?q=room%20412")["items"]
body = mail.call("GET", f"/messages/{found['id']}")["body"]
expense.call("PATCH", f"{items}/{hotel['id']}",
             {"amount": 609.53, "currency": "EUR", "spent_on": "2026-03-05"})
expense.call("POST", f"{items}/{hotel['id']}/receipts",
             {"filename": "adlon-invoice.txt", "content_type": "text/plain",
              "content_base64": base64.b64encode(body.encode()).decode()})
expense.call("POST", f"/reports/{trip['id']}/submit", {})
PY
