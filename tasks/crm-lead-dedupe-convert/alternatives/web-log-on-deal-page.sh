#!/bin/bash
# BORDERLINE ALTERNATIVE: as web_forms.sh, but the call is logged from the new deal's page, whose
# "Log an activity" form carries only the deal (the deal's contact is Priya; the activity has none).
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, re, urllib.parse, urllib.request
B = "http://127.0.0.1:5110"
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def get(path):
    return op.open(B + path).read().decode()
def post(path, fields):
    r = op.open(B + path, urllib.parse.urlencode(fields).encode())
    print(path, r.status, r.url)
    return r.read().decode(), r.url
post("/login?next=/", {"username": "alice", "password": "alice-pass"})
# convert lead 1 (the one with phone and title)
page, url = post("/leads/1/convert", {"account": "", "create_deal": "on",
    "deal_name": "Kestrel Robotics: fleet tracking", "amount": "48500", "currency": "USD",
    "close_date": "2026-04-17"})
lead = get("/leads/1")
contact_id = int(re.search(r'href="/contacts/(\d+)"', lead).group(1))
deal_id = int(re.search(r'href="/deals/(\d+)"', lead).group(1))
print("contact", contact_id, "deal", deal_id)
# the twin lead: edit form, all fields as shown, status unqualified
post("/leads/2/edit", {"first_name": "Pryia", "last_name": "Raman",
    "email": "Priya.Raman@Kestrel-Robotics.example", "phone": "", "company": "Kestrel Robotics",
    "job_title": "", "source": "event", "status": "unqualified", "owner": "alice",
    "notes": "Badge scan at the LogiMAT booth. Asked for list price at the booth: USD 52,000 a year. Duplicate of lead 1."})
# log the call from the new contact's page, naming the deal too
post("/activities", {"back": f"/deals/{deal_id}",
    "deal_id": str(deal_id), "kind": "call", "subject": "Call with Priya: quote accepted",
    "body": "Kestrel Robotics accepts the USD 48,500/year fleet-tracking quote; Priya expects to sign by 17 April 2026.",
    "occurred_at": "", "duration_minutes": "30"})
# Marisol: the duplicates page's merge button
post("/contacts/1/merge", {"duplicate_id": "5"})
PY
