#!/bin/bash
# ALTERNATIVE (right): JSON API in another order and shape: issue the new invoice first, created
# directly as open (no separate finalize) with one line for the whole revised scope, then void the
# stale draft, then close the deal, and answer Ingrid with a reply in her thread (US date style).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
books = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
inv = books.call("POST", "/invoices", {"direction": "issued", "contact": "Lindqvist Architects",
    "due_on": "2026-04-30", "lines": [{"description": "Website redesign incl. stock image licence (revised quote)",
    "quantity": 1, "unit_price": 21750}], "status": "open"})
assert inv["status"] == "open" and inv["issued_on"] == "2026-03-16", inv
books.call("POST", "/invoices/INV-0004/void")
crm.call("PATCH", "/deals/2", {"amount": 21750, "stage": "closed_won"})
(msg,) = [m for m in mail.call("GET", "/messages?from=ingrid&folder=inbox")["items"] if "partners" in m["snippet"] or m["date"] > "2026-03-14"]
mail.call("POST", f"/messages/{msg['id']}/reply", {"body":
    f"Hello Ingrid,\n\nInvoice number: {inv['code']}\nAmount: $21,750\nDue date: 04/30/2026\n\nThanks for the go-ahead!\nAlice"})
PY
