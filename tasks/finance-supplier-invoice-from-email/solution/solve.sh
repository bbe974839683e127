#!/bin/bash
# Reference solution of finance-supplier-invoice-from-email, through the APIs: read the newest
# Northside Print invoice mail (not the older business-card invoice, its reminder or the quote),
# take the number, dates, lines and total from its attached invoice, record it as an open
# received invoice from Northside Print Co. (not the look-alike Northside Signs), record today's
# transfer out of Business Checking, match it as the bill's payment, and reply to that mail.
set -euo pipefail
python3 - <<'PY'
import base64
import re
from datetime import datetime

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")

found = mail.call("GET", "/messages?from=billing@northsideprint.example&has_attachment=true&sort=newest")
message = mail.call("GET", f"/messages/{found['items'][0]['id']}")
(meta,) = message["attachments"]
text = base64.b64decode(mail.call("GET", f"/messages/{message['id']}/attachments/{meta['id']}")["content_base64"]).decode()


def day(label: str) -> str:
    written = re.search(rf"{label}: (\w+ \d+, \d{{4}})", text).group(1)
    return datetime.strptime(written, "%B %d, %Y").date().isoformat()


number = re.search(r"INVOICE (\S+)", text).group(1)
lines = []
for row in text.splitlines():
    charged = re.match(r"(.+?)\s+USD\s+([\d,.]+)$", row)
    if not charged or charged.group(1).startswith("TOTAL"):
        continue
    what, amount = charged.group(1), float(charged.group(2).replace(",", ""))
    each = re.match(r"([\d,]+) x (.+?) @ ([\d.]+)", what)
    if each:
        lines.append({"description": each.group(2), "quantity": int(each.group(1).replace(",", "")),
                      "unit_price": float(each.group(3))})
    else:
        lines.append({"description": what.strip(), "unit_price": amount})
total = float(re.search(r"TOTAL DUE\s+USD ([\d,.]+)", text).group(1).replace(",", ""))
bill = fin.call("POST", "/invoices", {
    "direction": "received", "contact": "Northside Print Co.", "number": number,
    "issued_on": day("Invoice date"), "due_on": day("Due date"), "currency": "USD",
    "lines": lines, "status": "open",
})
assert bill["total"] == total, (bill["total"], total)
checking = next(a for a in fin.call("GET", "/accounts")["items"] if a["name"] == "Business Checking")
transfer = fin.call("POST", "/transactions", {
    "account_id": checking["id"], "amount": -total, "merchant": "Northside Print Co.",
    "memo": f"Bank transfer {number}",
})
paid = fin.call("POST", f"/invoices/{bill['code']}/payments", {"transaction_id": transfer["id"]})
assert paid["status"] == "paid", paid["status"]
when = datetime.fromisoformat(transfer["date"]).strftime("%B %-d, %Y")
mail.call("POST", f"/messages/{message['id']}/reply", {
    "body": f"Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid "
            f"it in full today, {when}: USD {total:,.2f} by bank transfer, quoting {number}.\n\n"
            "Best regards,\nAlice Martin",
})
PY
