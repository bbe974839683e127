#!/bin/bash
# Correct alternative (the web UIs' forms, as a browser posts them): logs in to each app at
# /login, saves the deal's whole edit form as won at the revised total with today as its close
# date, voids the draft and creates the invoice as open from the books' forms, and writes to
# Ingrid from the mail app's compose form.
set -euo pipefail
python3 - <<'PY'
import re

import requests


def session(base):
    s = requests.Session()
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    assert any(c.name.startswith("mock_session_") for c in s.cookies), f"login failed at {base}"
    return s


def post(s, url, data):
    r = s.post(url, data=data, allow_redirects=False)
    assert r.status_code == 303 and "/login" not in r.headers.get("Location", ""), (url, r.status_code, r.text[:300])
    return r


CRM, BOOKS, MAIL = "http://127.0.0.1:5110", "http://127.0.0.1:5140", "http://127.0.0.1:5001"
crm, books, mail = session(CRM), session(BOOKS), session(MAIL)

post(crm, f"{CRM}/deals/2/edit", {
    "name": "Lindqvist Architects: website redesign", "stage": "closed_won", "amount": "21750",
    "currency": "USD", "close_date": "2026-03-16", "contact_id": "2", "owner": "alice",
    "lost_reason": "", "notes": "First proposal: 20,500 redesign plus a two-day photo shoot at 3,500.\n"
                                "Won at 21,750 without the shoot, with a stock image licence.",
})

post(books, f"{BOOKS}/invoices/INV-0004/void", {})
created = post(books, f"{BOOKS}/invoices", {
    "direction": "issued", "contact": "Lindqvist Architects", "number": "",
    "issued_on": "2026-03-16", "due_on": "2026-04-30", "currency": "USD",
    "line1_description": "Website redesign", "line1_quantity": "1", "line1_unit_price": "20500",
    "line2_description": "Stock image licence", "line2_quantity": "1", "line2_unit_price": "1250",
    "memo": "Net 45.", "status": "open",
})
code = re.search(r"/invoices/(INV-\d+)", created.headers["Location"]).group(1)

post(mail, f"{MAIL}/compose", {
    "mode": "new", "to": "ingrid@lindqvist-arch.example", "cc": "", "bcc": "",
    "subject": f"Website redesign: invoice {code}",
    "body": f"Dear Ingrid,\n\nThe invoice is on its way to accounts payable.\n\nInvoice number: {code}\n"
            "Amount: $21,750.00\nDue date: April 30, 2026\n\nKind regards,\nAlice",
})
print("issued", code)
PY
