#!/bin/bash
# Wrong (right effect, wrong details): attaches the invoice to the hand-entered item and
# submits, but keeps the booking's estimate (567.00, dated the arrival) instead of the invoice.
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

pdf = invoice("room%20412")
expense.call("POST", f"{items}/{hotel['id']}/receipts",
             {k: pdf[k] for k in ("filename", "content_type", "content_base64")})
expense.call("POST", f"/reports/{trip['id']}/submit", {})
PY
