#!/bin/bash
# alternative (web UI): logs in to the airline and the webmail through their /login forms
# (requests.Session, mock_session_<service> cookie), reads the booking and the search results from the
# HTML pages (/bookings, /bookings/K7Q2XM, / search sorted by departure), and sends the mail to
# Bob through the webmail's /compose form. The flight change itself is the JSON change call made
# with the same browser session cookie (mixing channels in one session), retried on 429/503 as
# the site asks; solution/ui.py makes it with the booking page's "Change flight" form instead.
set -euo pipefail
python3 - <<'PY'
import html
import re
import time

import requests

AIR, MAIL = "http://127.0.0.1:5000", "http://127.0.0.1:5001"


def browser(base):
    s = requests.Session()
    # the login's own answer (a redirect): the page it leads to may be the busy search (429)
    r = s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"},
               allow_redirects=False)
    r.raise_for_status()
    assert any(k.startswith("mock_session_") for k in s.cookies.get_dict()), s.cookies.get_dict()
    return s


def get(s, url, **params):
    for _ in range(12):
        r = s.get(url, params=params)
        if r.status_code in (429, 500, 502, 503, 504):
            time.sleep(float(r.headers.get("Retry-After") or 1)); continue
        r.raise_for_status(); return r.text
    raise SystemExit(f"GET {url} keeps failing")


air = browser(AIR)
bookings = get(air, f"{AIR}/bookings")
refs = re.findall(r'href="/bookings/([A-Z0-9]{6})"', bookings)
booking_ref = leg = None
for ref in refs:
    page = get(air, f"{AIR}/bookings/{ref}")
    # legs table: leg, "LC214 LYS→LHR", departs, arrives, status, gate
    for row in re.findall(r"<tr><td>(outbound|return)</td><td>(LC\d+) ([A-Z]{3})→([A-Z]{3})</td>(.*?)</tr>", page, re.S | re.I):
        cells = re.findall(r"<td>(.*?)</td>", row[4], re.S)
        if len(cells) >= 3 and cells[2].strip().lower() == "cancelled":
            booking_ref, leg = ref, row
            break
    if booking_ref:
        break
assert booking_ref, "no booking on a cancelled flight"
leg_name, old_number, origin, destination = leg[:4]
leg_name = leg_name.lower()
page = get(air, f"{AIR}/bookings/{booking_ref}")
# the passengers table's rows (a cancelled leg offers no seat map to count them from)
passengers = page.split('id="passengers"')[1].split("</table>")[0].count("<tr>") - 1
# the day of the cancelled flight, from the booking list row ("LC214 LYS→LHR Tue 3 Mar", the
# day's <time datetime="2026-03-03">)
day = re.search(rf'{old_number} {origin}→{destination} <time datetime="(\d{{4}}-\d\d-\d\d)"', bookings)[1]

results = get(air, f"{AIR}/", origin=origin, destination=destination, date=day, cabin="economy",
              passengers=str(passengers), sort="departure")
cards = results.split('id="results"')[1].split("</ol>")[0]
options = []
# each flight card: its number, status and seats left in the searched cabin, its times (local)
for card in cards.split('<li class="flight-card"')[1:]:
    fact = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', card.split(">", 1)[0]))
    flight_id = int(re.search(r'class="book" href="/flights/(\d+)/book', card)[1])
    number, departs, arrives = fact["number"], fact["departs"], fact["arrives"]
    if number != old_number and fact["status"] in ("scheduled", "delayed") and int(fact["seats"]) >= passengers:
        options.append((departs, flight_id, number, arrives))
options.sort()
departs, flight_id, new_number, lands = options[0]
print("earliest with a seat:", new_number, departs, "lands", lands)

# no change form in the airline UI: the booking change with the same logged-in session
for _ in range(12):
    r = air.post(f"{AIR}/api/bookings/{booking_ref}/change", json={"flight_id": flight_id, "leg": leg_name})
    if r.status_code in (429, 500, 502, 503, 504):
        time.sleep(float(r.headers.get("Retry-After") or 1)); continue
    r.raise_for_status(); break
else:
    raise SystemExit("change keeps failing")
page = get(air, f"{AIR}/bookings/{booking_ref}")
assert f"{new_number} {origin}→{destination}" in page, "booking not moved"

mail = browser(MAIL)
get(mail, f"{MAIL}/compose")
r = mail.post(f"{MAIL}/compose", data={
    "mode": "new", "to": "bob@example.test", "cc": "", "bcc": "",
    "subject": f"New flight tomorrow: {new_number}, landing {lands}",
    "body": f"Hi Bob,\n\nMy flight {old_number} was cancelled. I'm now on {new_number}, which lands at "
            f"London Heathrow at {lands} London time tomorrow.\n\nSee you there,\nAlice",
}, headers={"Referer": f"{MAIL}/compose"})
r.raise_for_status()
assert "Message sent" in r.text or "/messages/" in r.url, r.url
print("mailed Bob via the compose form:", r.url)
PY
