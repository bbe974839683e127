#!/bin/bash
# Alternative (web UI, browser session): logs in to both apps through their /login forms (one
# requests.Session each, one per service), searches the webmail
# (/?q=adlon), opens each message page and downloads its attachments through the page's links,
# picks Alice's March invoice; in the expense UI uploads it with the item's "Attach" multipart form
# and submits with the "Submit for approval" form. The correction itself is the same browser
# session's PATCH to the item's API route (cookie auth, mixing channels in one session);
# solution/ui.py uses the item's Edit form instead.
set -euo pipefail
python3 - <<'PY'
import html
import re
from datetime import datetime

import requests

MAIL, EXP = "http://127.0.0.1:5001", "http://127.0.0.1:5005"


def session(base):
    s = requests.Session()
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    assert any(c.name.startswith("mock_session_") for c in s.cookies), base
    return s


def pdf_text(raw: bytes) -> str:
    shown = re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", raw)
    return "\n".join(re.sub(rb"\\(.)", rb"\1", t).decode("latin-1") for t in shown)


mail, exp = session(MAIL), session(EXP)
listing = mail.get(f"{MAIL}/", params={"q": "adlon"}).text
ids = sorted({int(i) for i in re.findall(r'data-id="(\d+)"', listing)})
chosen = None
for mid in ids:
    page = mail.get(f"{MAIL}/messages/{mid}").text
    for href, name in re.findall(r'<a href="(/messages/\d+/attachments/\d+/download)" download="[^"]*">(.*?)</a>', page):
        r = mail.get(MAIL + href)
        r.raise_for_status()
        text = pdf_text(r.content)
        if "Guest: Ms Alice Martin" in text and "Invoice date:" in text:
            when = datetime.strptime(re.search(r"Invoice date: (.*)", text).group(1).strip(), "%d %B %Y")
            if (when.year, when.month) == (2026, 3):
                assert chosen is None
                chosen = (html.unescape(name), r.headers.get("Content-Type", "application/pdf").split(";")[0], r.content, text, when)
filename, ctype, raw, text, when = chosen
currency, total = re.search(r"TOTAL\s+([A-Z]{3})\s+([\d.]+)", text).groups()

mine = exp.get(f"{EXP}/", params={"status": "draft"}).text
rid = next(int(i) for i, title in re.findall(r'href="/reports/(\d+)">EXP-\d+</a></span>.*?<p class="title">(.*?)</p>', mine, re.S) if "ITB" in title)
page = exp.get(f"{EXP}/reports/{rid}").text
item_id = next(int(i) for i, merchant in re.findall(r'<tr data-item="(\d+)">\s*<td>.*?</td>\s*<td>(.*?)</td>', page, re.S)
               if "Adlon" in merchant)

r = exp.patch(f"{EXP}/api/reports/{rid}/items/{item_id}",
              json={"amount": float(total), "currency": currency, "spent_on": when.date().isoformat(),
                    "category": "lodging", "description": "3 nights, room 412 (final invoice)"})
assert r.status_code == 200, r.text
r = exp.post(f"{EXP}/reports/{rid}/items/{item_id}/receipts", files={"receipt": (filename, raw, ctype)}, allow_redirects=False)
assert r.status_code == 303, r.status_code
r = exp.post(f"{EXP}/reports/{rid}/submit", allow_redirects=False)
assert r.status_code == 303, r.status_code
after = exp.get(f"{EXP}/reports/{rid}").text
print(re.search(r'id="status">(\w+)<', after).group(1), total, currency, when.date(), filename)
PY
