#!/bin/bash
# alternative (web UI channel): logs in to each web UI with the /login form, reads the orders and
# the shipping mail from the HTML pages, and creates the all-day event with the calendar's
# "New event" form (POST /events/new with all_day checked), as a browser would.
set -euo pipefail
python3 - <<'PY'
import re, html
from datetime import date
import requests

SHOP, MAIL, CAL = "http://127.0.0.1:1234", "http://127.0.0.1:5001", "http://127.0.0.1:5006"
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]

def session(base):
    s = requests.Session()
    r = s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"})
    r.raise_for_status()
    assert any(c.name.startswith("mock_session_") for c in s.cookies), "login failed"
    return s

shop, mail, cal = session(SHOP), session(MAIL), session(CAL)
orders = sorted(set(re.findall(r'/orders/(ORD-\d+)', shop.get(f"{SHOP}/orders").text)))
code = None
for c in orders:
    page = shop.get(f"{SHOP}/orders/{c}").text
    status = re.search(r'id="status">([^<]+)<', page).group(1).lower()  # "Shipped" on the page
    if status == "shipped" and "desk" in page.lower():
        code = c
print("desk order", code)
inbox = mail.get(f"{MAIL}/", params={"q": code}).text
ids = sorted(set(re.findall(r'/messages/(\d+)', inbox)))
when = None
for i in ids:
    text = html.unescape(mail.get(f"{MAIL}/messages/{i}").text)
    m = re.search(r"Estimated delivery: \w+ (\d+) (\w+)", text)
    if code in text and "has shipped" in text and m:
        when = date(2026, MONTHS.index(m.group(2).lower()) + 1, int(m.group(1))).isoformat()
print("delivery day", when)
form = cal.get(f"{CAL}/events/new").text
cal_id = re.search(r'name="calendar_id">\s*<option value="(\d+)"', form)
data = {"title": f"Stay home (WFH): desk delivery {code}", "date": when, "all_day": "on",
        "end_date": when, "start_time": "10:00", "end_time": "11:00", "timezone": "Europe/Paris",
        "location": "", "attendees": "", "repeat": "", "repeat_count": "5", "description": ""}
if cal_id:
    data["calendar_id"] = cal_id.group(1)
r = cal.post(f"{CAL}/events/new", data=data, allow_redirects=False)
print(r.status_code, r.headers.get("Location"))
assert r.status_code == 303 and "/events/" in r.headers["Location"], r.text[:2000]
PY
