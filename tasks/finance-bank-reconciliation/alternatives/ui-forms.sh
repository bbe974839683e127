#!/bin/bash
# Correct alternative: the web UI's forms only, as a browser sends them: the Match buttons of
# the reconciliation page for each supplier bill's own charge (a "same contact" suggestion, the earliest
# per bill, customer invoices skipped), the Re-categorise form, and the Save transaction form
# for the duplicate's memo (the form sends the merchant back unchanged).
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

BASE = "http://127.0.0.1:5140"
s = requests.Session()
s.post(f"{BASE}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(k.startswith("mock_session_") for k in s.cookies.get_dict())

customers = set(re.findall(r"<td>(?:<a[^>]*>)?([^<]+)(?:</a>)?</td>\s*<td>customer</td>",
                           s.get(f"{BASE}/contacts").text, flags=re.IGNORECASE))
page = s.get(f"{BASE}/reconciliation").text
due = dict(re.findall(r'>(INV-\d{4})</a> ([^:<]+):', page))
rows = re.findall(
    r'<time datetime="(\d{4}-\d\d-\d\d)">[^<]*</time></td><td><a href="/transactions/(\d+)">'
    r'[^<]*</a>[^<]*</td><td>[^<]*</td><td><a[^>]*>(INV-\d{4})</a>[^<]*</td>'
    r'<td>[A-Z]{3} ([\d,.]+)</td><td>([^<]*)</td>', page)
chosen = {}
for day, tx, code, amount, why in sorted(rows, key=lambda r: (r[0], int(r[1]))):
    if "same contact" in why and html.unescape(due[code]).strip() not in customers and code not in chosen:
        chosen[code] = (int(tx), day, amount)
assert len(chosen) == 3, chosen
for code, (tx, _, _) in chosen.items():
    r = s.post(f"{BASE}/invoices/{code}/payments", data={"transaction_id": tx, "back": "reconciliation"})
    r.raise_for_status()
usual = dict(re.findall(r"<td>(?:<a[^>]*>)?([^<]+)(?:</a>)?</td><td>([^<]+)</td>",
                       s.get(f"{BASE}/categories").text))
for code, (tx, day, amount) in chosen.items():
    t = s.get(f"{BASE}/transactions/{tx}").text
    # the page is headed by payee, day and amount: "Harbor Bank, Fri 20 Mar, USD -1,274.40"
    merchant = html.unescape(re.search(r"<h1>([^<]+), \w{3} \d+ \w{3}(?: \d{4})?, [A-Z]{3} [^<]+</h1>", t).group(1))
    now = re.search(r'<strong id="category">([^<]*)</strong>', t).group(1)
    want = html.unescape(usual[merchant])
    if now != want:
        s.post(f"{BASE}/transactions/{tx}/category", data={"category": want}).raise_for_status()
# the later charge of the paper bill: same merchant and amount, still unmatched
paper_code = next(c for c, (tx, d, a) in chosen.items() if "Brightline" in due[c])
tx, day, amount = chosen[paper_code]
again = [int(r[1]) for r in rows if r[2] == paper_code and int(r[1]) != tx and r[3] == amount]
(dup,) = again
t = s.get(f"{BASE}/transactions/{dup}").text
merchant = html.unescape(re.search(r'id="merchant" name="merchant" value="([^"]*)"', t).group(1))
old = html.unescape(re.search(r'id="memo" name="memo" value="([^"]*)"', t).group(1))
s.post(f"{BASE}/transactions/{dup}/edit", data={
    "merchant": merchant, "memo": f"{old} | DUPLICATE of the {day} charge - dispute with the bank",
}).raise_for_status()
print("matched", chosen, "duplicate", dup)
PY
