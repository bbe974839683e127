#!/bin/bash
# Reference solution of finance-bank-reconciliation, through the finance API: for each open
# supplier bill, the earliest posted payment this month from that supplier is recorded as its
# payment (the amount that left the account, so a deposit leaves the bill partly paid) and filed
# under the supplier's usual category; a later charge of the same supplier for the same amount
# is left unmatched with a memo saying it is a duplicate. A bill no charge of its supplier
# covers stays open, whatever amount suggestions say.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

fin = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
checking = next(a for a in fin.call("GET", "/accounts")["items"] if a["name"] == "Business Checking")
month = fin.call("GET", f"/accounts/{checking['id']}/statement")  # this month so far
usual = {m["name"]: m["category"] for m in fin.call("GET", "/merchants")["items"]}
bills = [i for i in fin.call("GET", "/invoices?direction=received&status=unpaid&per_page=100")["items"]]
posted = sorted(
    (t for t in month["transactions"] if t["status"] == "posted" and t["amount"] < 0),
    key=lambda t: (t["date"], t["id"]),
)
for bill in bills:
    charges = [t for t in posted if t["merchant"] == bill["contact"] and t["invoice"] is None]
    if not charges:
        continue  # nothing from this supplier yet: the bill stays open
    first, *later = charges
    fin.call("POST", f"/invoices/{bill['code']}/payments", {"transaction_id": first["id"]})
    if first["category"] != usual[bill["contact"]]:
        fin.call("POST", f"/transactions/{first['id']}/category", {"category": usual[bill["contact"]]})
    for again in later:
        if again["amount"] == first["amount"]:
            fin.call("PATCH", f"/transactions/{again['id']}", {
                "memo": f"{again['memo']} - DUPLICATE CHARGE: {bill['number']} was already paid "
                        f"on {first['date']}; disputing with the bank",
            })
PY
