#!/bin/bash
# Correct alternative (the web UI's forms, as a browser posts them): logs in at /login, then
# the lead's Convert form, the other lead's edit form (status only), the activity form sent
# from the deal's page, and the contact's Merge form.
set -euo pipefail
python3 - <<'PY'
import re

import requests

BASE = "http://127.0.0.1:5110"
s = requests.Session()
s.post(f"{BASE}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies), "login failed"


def post(path, data):
    r = s.post(f"{BASE}{path}", data=data, allow_redirects=False)
    assert r.status_code == 303 and "/login" not in r.headers.get("Location", ""), (path, r.status_code, r.text[:300])
    return r


page = s.get(f"{BASE}/duplicates", params={"kind": "leads"}).text
lead_ids = sorted({int(i) for i in re.findall(r'href="/leads/(\d+)"', page)})
pages = {i: s.get(f"{BASE}/leads/{i}").text for i in lead_ids}
full = next(i for i, text in pages.items() if "Director of Operations" in text)
other = next(i for i in lead_ids if i != full)

post(f"/leads/{full}/convert", {"create_deal": "on", "deal_name": "Kestrel Robotics fleet tracking",
                                "amount": "48500", "currency": "USD", "close_date": "2026-04-17",
                                "account": ""})
lead = s.get(f"{BASE}/leads/{full}").text
contact_id = int(re.search(r'href="/contacts/(\d+)"', lead).group(1))
deal_id = int(re.search(r'href="/deals/(\d+)"', lead).group(1))
post(f"/leads/{other}/edit", {"status": "unqualified"})
post("/activities", {"kind": "call", "subject": "Call with Priya Raman",
                     "body": "Agreed: fleet tracking for 3 warehouses, 48,500 USD per year; "
                             "she expects to sign by 2026-04-17.",
                     "contact_id": str(contact_id), "deal_id": str(deal_id), "account": "",
                     "occurred_at": "", "duration_minutes": "30", "back": f"/deals/{deal_id}"})
post("/contacts/1/merge", {"duplicate_id": "5"})
print("converted", full, "contact", contact_id, "deal", deal_id)
PY
