#!/bin/bash
# Correct alternative: the two web UIs' forms only, as a browser sends them: the invoice mail
# found on the mailbox page and its attachment read, the finance New invoice form (a draft, two
# lines), Approve bill, the Record transaction form, the bill's Record payment form, and the
# webmail's reply form (compose?mode=reply) with its own wording.
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

MAIL, FIN = "http://127.0.0.1:5001", "http://127.0.0.1:5140"
mail, fin = requests.Session(), requests.Session()
for s, base in ((mail, MAIL), (fin, FIN)):
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    assert any(k.startswith("mock_session_") for k in s.cookies.get_dict())

box = mail.get(f"{MAIL}/", params={"q": "NP-2318"}).text
ids = sorted({int(i) for i in re.findall(r'href="/messages/(\d+)"', box)})
invoice_mail = next(i for i in ids if "Invoice NP-2318" in mail.get(f"{MAIL}/messages/{i}").text)
page = mail.get(f"{MAIL}/messages/{invoice_mail}").text
link = re.search(r'href="(/messages/\d+/attachments/\d+/download)"', page).group(1)
text = mail.get(f"{MAIL}{link}").text
assert "INVOICE NP-2318" in text, text[:200]

r = fin.post(f"{FIN}/invoices", data={
    "direction": "received", "contact": "Northside Print Co.", "number": "NP-2318",
    "issued_on": "2026-03-17", "due_on": "2026-04-07", "currency": "USD", "memo": "",
    "line1_description": "Spring catalogue print run, 1,500 copies", "line1_quantity": "1500",
    "line1_unit_price": "0.79",
    "line2_description": "Rush proofing, 2 rounds", "line2_quantity": "1", "line2_unit_price": "89.40",
})
r.raise_for_status()
code = re.search(r"/invoices/(INV-\d{4})$", r.url).group(1)
fin.post(f"{FIN}/invoices/{code}/finalize").raise_for_status()
r = fin.post(f"{FIN}/transactions", data={
    "account_id": "1", "date": "2026-03-20", "amount": "-1274.40",
    "merchant": "Northside Print Co.", "category": "", "memo": "Transfer for invoice NP-2318",
    "status": "posted",
})
r.raise_for_status()
tx = re.search(r"/transactions/(\d+)$", r.url).group(1)
fin.post(f"{FIN}/invoices/{code}/payments", data={"transaction_id": tx}).raise_for_status()
assert "paid" in fin.get(f"{FIN}/invoices/{code}").text

r = mail.post(f"{MAIL}/compose?mode=reply&source={invoice_mail}", data={
    "mode": "reply", "source": str(invoice_mail), "to": "", "cc": "", "bcc": "", "subject": "",
    "body": "Dear Northside Print team,\n\nYour invoice NP-2318 has been entered in our books "
            "and settled in full by bank transfer on 20 March 2026 (USD 1,274.40).\n\n"
            "Kind regards,\nAlice",
})
r.raise_for_status()
print("bill", code, "transfer", tx, "reply", r.url)
PY
