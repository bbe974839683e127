#!/bin/bash
# Correct alternative: the web UIs' forms, as a browser sends them: the calendar's "new event"
# form (date, start and end time, New York zone, Tom as guest), then the helpdesk's reply form
# submitted as on-hold. The free slot is read from the calendar's week listing through the API.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar
import urllib.parse
import urllib.request

from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
thursday = cal.call("GET", "/events?start=2026-03-12T00:00:00&end=2026-03-13T00:00:00")["items"]
busy = sorted((e["start_local"][11:16], e["end_local"][11:16]) for e in thursday)
assert ("10:00", "11:30") in busy and ("12:00", "13:00") in busy, busy


def browser(base):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def post(path, fields):
        data = urllib.parse.urlencode(fields).encode()
        answer = opener.open(urllib.request.Request(base + path, data=data, method="POST"))
        assert answer.status == 200, (path, answer.status)

    post("/login?next=/", {"username": "alice", "password": "alice-pass"})
    return post


calendar_form = browser("http://127.0.0.1:5006")
calendar_form(
    "/events/new",
    {
        "title": "Tom Becker (Northwind): screen sharing in the Harbour room",
        "date": "2026-03-12",
        "start_time": "11:30",
        "end_time": "12:00",
        "timezone": "America/New_York",
        "location": "",
        "attendees": "tom.becker@northwind.example",
        "repeat": "",
        "repeat_count": "5",
        "description": "Helpdesk ticket TK-1052",
    },
)
desk_form = browser("http://127.0.0.1:5100")
desk_form(
    "/tickets/TK-1052/comments",
    {
        "body": "Hello Tom,\n\nthe call is booked: Thursday, March 12th, 11:30-12:00 New York time. "
        "The invitation is on its way to your inbox.\n\nBest,\nAlice",
        "public": "on",
        "status": "on-hold",
    },
)
PY
