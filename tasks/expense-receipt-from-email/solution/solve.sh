#!/bin/bash
# Reference solution of expense-receipt-from-email: finds the hotel's invoice for Alice's own
# room in March among the mails' attachments (not January's, not Dave's room), corrects the
# hand-entered hotel item of the open ITB draft to the invoice's total, currency and date,
# attaches the invoice file to it and submits the report.
set -euo pipefail
python3 - <<'PY'
import base64
import re
from datetime import datetime

from mock_services.client import ServiceClient


def invoice_lines(pdf: bytes) -> list[str]:
    """The text lines of a simple PDF: each string its content stream shows."""
    shown = re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", pdf)
    return [re.sub(r"\\(.)", r"\1", text.decode("latin-1")) for text in shown]


def field(lines: list[str], label: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in lines if line.startswith(label + ":"))


mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
found = mail.call("GET", "/messages?q=adlon&has_attachment=true&per_page=100")["items"]
invoices = []
for summary in found:
    message = mail.call("GET", f"/messages/{summary['id']}")
    for meta in message["attachments"]:
        attachment = mail.call("GET", f"/messages/{message['id']}/attachments/{meta['id']}")
        raw = base64.b64decode(attachment["content_base64"])
        lines = invoice_lines(raw)
        invoices.append((meta, attachment, raw, lines))

(invoice,) = [
    (meta, attachment, lines)
    for meta, attachment, raw, lines in invoices
    if "Alice Martin" in field(lines, "Guest")
    and datetime.strptime(field(lines, "Invoice date"), "%d %B %Y").month == 3
]
meta, attachment, lines = invoice
spent_on = datetime.strptime(field(lines, "Invoice date"), "%d %B %Y").date().isoformat()
currency, total = re.search(r"TOTAL\s+([A-Z]{3}) ([\d.]+)", "\n".join(lines)).groups()

expense = ServiceClient("http://127.0.0.1:5005/api").login("alice", "alice-pass")
drafts = expense.call("GET", "/reports?status=draft&q=ITB&per_page=100")["items"]
(trip,) = drafts
report = expense.call("GET", f"/reports/{trip['id']}")
(hotel,) = [item for item in report["items"] if "adlon" in item["merchant"].casefold()]
expense.call(
    "PATCH",
    f"/reports/{report['id']}/items/{hotel['id']}",
    {
        "amount": float(total),
        "currency": currency,
        "spent_on": spent_on,
        "category": "lodging",
        "description": next(line for line in lines if line.startswith("INVOICE")),
    },
)
expense.call(
    "POST",
    f"/reports/{report['id']}/items/{hotel['id']}/receipts",
    {
        "filename": attachment["filename"],
        "content_type": attachment["content_type"],
        "content_base64": attachment["content_base64"],
    },
)
expense.call("POST", f"/reports/{report['id']}/submit", {})
print(report["code"], "submitted with", total, currency, "on", spent_on)
PY
