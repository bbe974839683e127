#!/bin/bash
# alternative (web forms): logs in to the airline and the webmail through their /login forms
# (requests.Session), reads the booking page, picks the earliest flight still operating with a
# seat from its "Change flight" form (after a first look at the start page, the search, and a
# second one at the form), submits that form, reads the flight's page for when it lands now
# ("Arrives: Tue 3 Mar 14:05 Chicago time, now ..."), and sends the mail through the webmail's /compose form.
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

AIR, MAIL = "http://127.0.0.1:5000", "http://127.0.0.1:5001"


def browser(base):
    s = requests.Session()
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    return s


air = browser(AIR)
bookings = air.get(f"{AIR}/bookings").text
ref = re.findall(r'href="/bookings/([A-Z0-9]{6})"', bookings)[0]
day = re.search(r'LC512 BOS→ORD <time datetime="(\d{4}-\d\d-\d\d)"', bookings)[1]
# the first look: the search page, sorted by departure
air.get(f"{AIR}/", params={"origin": "BOS", "destination": "ORD", "date": day,
                           "cabin": "economy", "passengers": "1", "sort": "departure"})
page = air.get(f"{AIR}/bookings/{ref}").text
form = page.split('class="change-form"')[1].split("</form>")[0]
options = []
for value, date, label in re.findall(r'<option value="(\d+)" data-date="([^"]*)"[^>]*>(.*?)</option>', form, re.S):
    label = html.unescape(label)
    # "LC512 Wed 11 Mar 07:00 BOS→ORD (scheduled) ...": the day in words, its ISO in data-date
    number, departs, status = re.match(r"(\S+) .*? (\d\d:\d\d) \S+ \((\w+)\)", label).groups()
    seats = int(re.search(r"(\d+) seats left", label)[1])
    if date == day and status.strip("()").lower() in ("scheduled", "delayed") and seats > 0:
        options.append((departs, int(value), number))
departs, flight_id, number = min(options)
r = air.post(f"{AIR}/bookings/{ref}/change", data={"leg": "outbound", "flight_id": flight_id})
r.raise_for_status()
assert f"Changed to {number}" in r.text, r.text[-2000:]
flight = air.get(f"{AIR}/flights/{flight_id}").text
day = r"\w{3} \d{1,2} \w{3}"
arrives = re.search(
    rf"Arrives:</strong> <time[^>]*>{day} (\d\d:\d\d) [^<]*</time>(?:, now {day} (\d\d:\d\d))?", flight
)
lands = arrives[2] or arrives[1]

mail = browser(MAIL)
mail.get(f"{MAIL}/compose")
r = mail.post(f"{MAIL}/compose", data={
    "mode": "new", "to": "dana@example.test", "cc": "", "bcc": "",
    "subject": f"New flight tomorrow: {number}, landing {lands}",
    "body": f"Hi Dana,\n\nMy flight LC512 was cancelled. I'm now on {number}, which lands at "
            f"O'Hare at {lands} Chicago time tomorrow.\n\nSee you there,\nAlice",
}, headers={"Referer": f"{MAIL}/compose"})
r.raise_for_status()
assert "Message sent" in r.text or "/messages/" in r.url, r.url
print("moved", ref, "to", number, "landing", lands)
PY
