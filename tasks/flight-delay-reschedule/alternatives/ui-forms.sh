#!/bin/bash
# alternative (web UI): logs in to the webmail and the calendar through their /login forms
# (requests.Session, mock_session_<service> cookie); finds the delay notice with the mailbox search page and
# reads it on its message page; reads tomorrow's events and the meeting's guests from the schedule
# and the event page; mails the guests through the /compose form. The move itself is the JSON
# PATCH made with the same browser session cookie (mixing channels in one session);
# solution/ui.py uses the event's "Edit event" form instead.
set -euo pipefail
python3 - <<'PY'
import html
import re
from datetime import datetime, timedelta

import requests

MAIL, CAL = "http://127.0.0.1:5001", "http://127.0.0.1:5006"


def browser(base):
    s = requests.Session()
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
    assert any(k.startswith("mock_session_") for k in s.cookies.get_dict())
    return s


def text_of(fragment):
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


mail, cal = browser(MAIL), browser(CAL)
box = mail.get(f"{MAIL}/", params={"q": "delayed"}).text
ids = sorted({int(i) for i in re.findall(r'href="/messages/(\d+)"', box)}, reverse=True)
body = ""
for mid in ids:  # newest first: the LC214 notice about tomorrow
    page = text_of(mail.get(f"{MAIL}/messages/{mid}").text)
    if "New estimated arrival" in page and "tomorrow" in page:
        body = page
        break
old_landing = re.search(r"Scheduled arrival: (\d\d:\d\d)", body)[1]
new_landing = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]

week = cal.get(f"{CAL}/schedule").text  # the week as a list (the Schedule view)
# the week page: one card per day (data-date), one row per event: times, title link, place
events = []
# a day without events has no table: each card ends where the next begins
for day_date, card in re.findall(r'class="card day[^"]*" data-date="([0-9-]+)">(.*?)(?=class="card day|\Z)', week, re.S):
    for eid, cells in re.findall(r'<tr class="event" data-event-id="(\d+)"[^>]*>(.*?)</tr>', card, re.S):
        tds = re.findall(r"<td[^>]*>(.*?)</td>", cells, re.S)
        times = re.search(r"(\d\d:\d\d)\u2013(\d\d:\d\d)", text_of(tds[0]))
        if not times:
            continue
        events.append({"id": int(eid), "day": day_date, "start": times[1], "end": times[2],
                       "title": text_of(tds[1]).split("(repeats")[0].strip()})
flight = next(e for e in events if e["title"].startswith("Flight"))
day = flight["day"]
lo = datetime.fromisoformat(f"{day}T{old_landing}")
new_start = datetime.fromisoformat(f"{day}T{new_landing}") + timedelta(hours=2)
meeting = guests = None
for e in events:
    if e["day"] != day or not (lo <= datetime.fromisoformat(f"{day}T{e['start']}") < new_start):
        continue
    detail = cal.get(f"{CAL}/events/{e['id']}").text
    table = detail.split('id="guests"')[1].split("</table>")[0]
    found = re.findall(r"<td>([^<@\s]+@[^<\s]+)</td>", table)
    if found:
        meeting, guests = e, list(dict.fromkeys(found))
        break
assert meeting, "no meeting with guests after landing"

r = cal.patch(f"{CAL}/api/events/{meeting['id']}", json={"start": new_start.strftime("%Y-%m-%dT%H:%M:%S")})
r.raise_for_status()
moved = r.json()
assert moved["start_local"][11:16] == f"{new_start:%H:%M}", moved["start_local"]
check = text_of(cal.get(f"{CAL}/events/{meeting['id']}").text)
assert f"{new_start:%H:%M}" in check, "event page does not show the new time"

mail.get(f"{MAIL}/compose")
r = mail.post(f"{MAIL}/compose", data={
    "mode": "new", "to": ", ".join(guests), "cc": "", "bcc": "",
    "subject": f"{meeting['title']} moved to {new_start:%H:%M} tomorrow",
    "body": f"Hello,\n\nBecause my flight is delayed, {meeting['title']} has moved to tomorrow "
            f"{new_start:%A %d %B} at {new_start:%H:%M} London time (same place, same length).\n\nAlice",
}, headers={"Referer": f"{MAIL}/compose"})
r.raise_for_status()
assert "/messages/" in r.url, r.url
print("moved", meeting["title"], "to", moved["start_local"], "; mailed", guests)
PY
