#!/bin/bash
# Reference solution of crm-deal-won-invoice, through the three services' JSON APIs: read
# Ingrid's go-ahead (the revised quote's total and the payment terms), move the redesign deal
# to closed won at that amount, void the stale draft, issue the new invoice to the customer
# whose billing address she gave, and mail her its number, amount and due date.
set -euo pipefail
python3 - <<'PY'
import re
from urllib.parse import quote
from datetime import date, timedelta

from mock_services.client import ServiceClient

crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
books = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")

found = mail.call("GET", "/messages?q=redesign&folder=inbox")["items"]
latest = max((m for m in found if "ingrid" in m["from_address"]), key=lambda m: m["date"])
body = mail.call("GET", f"/messages/{latest['id']}")["body"]
amount = float(re.search(r"USD ([\d,]+)", body).group(1).replace(",", ""))
days = int(re.search(r"(\d+) days from the invoice date", body).group(1))
billing = re.search(r"\(([\w.@-]+)\)", body).group(1)

(ingrid,) = crm.call("GET", f"/contacts?q={quote(latest['from_address'])}")["items"]
(deal,) = [d for d in crm.call("GET", f"/deals?q=redesign&open=true")["items"]
           if d["contact_id"] == ingrid["id"]]
won = crm.call("PATCH", f"/deals/{deal['id']}", {"stage": "closed_won", "amount": amount})
today = date.fromisoformat(won["closed_at"][:10])  # the clock's 09:00 UTC: the same day in Paris

(customer,) = [c for c in books.call("GET", "/contacts?kind=customer")["items"]
               if c["email"] == billing]
for stale in books.call("GET", f"/invoices?contact={quote(customer['name'])}&status=draft")["items"]:
    books.call("POST", f"/invoices/{stale['code']}/void")
due = today + timedelta(days=days)
invoice = books.call("POST", "/invoices", {
    "direction": "issued",
    "contact": customer["name"],
    "issued_on": today.isoformat(),
    "due_on": due.isoformat(),
    "currency": "USD",
    "lines": [{"description": "Website redesign: design, build, CMS and launch", "unit_price": 20500},
              {"description": "Stock image licence, up to 20 images", "unit_price": 1250}],
    "memo": f"Payment due within {days} days of the invoice date.",
})
invoice = books.call("POST", f"/invoices/{invoice['code']}/finalize")
assert invoice["total"] == amount, invoice

mail.call("POST", "/messages/send", {
    "to": [latest["from_address"]],
    "subject": f"Invoice {invoice['code']}: website redesign",
    "body": f"Hi Ingrid,\n\nThank you for the go-ahead! Invoice {invoice['code']} for the website "
            f"redesign has gone to your accounts payable: USD {amount:,.2f}, due on "
            f"{due.strftime('%-d %B %Y')}.\n\nBest,\nAlice",
})
PY
