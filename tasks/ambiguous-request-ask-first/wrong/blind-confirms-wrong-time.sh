#!/bin/bash
# Wrong (blind tester, stop 48) message: asks, books Aurora 10:30-11:30 correctly with Maria invited, then replies confirming "Thursday 10:00-11:00 in Aurora" (her original time).
set -euo pipefail
python3 - <<'PY'
import re
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
MARIA = "maria@example.test"
AUR, BOR = "Aurora room (3rd floor)", "Borealis room (5th floor)"
req = mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"][0]
def newest():
    it = mail.call("GET", "/messages?folder=inbox&from=maria@example.test&sort=newest")["items"][0]
    return mail.call("GET", "/messages/%d" % it["id"])
def ask(body="Hi Maria,\n\nHappy to set it up. Which room do you mean by the usual one: the Aurora room (3rd floor) or the Borealis room (5th floor)? We have used both lately.\n\nAlice"):
    mail.call("POST", "/messages/%d/reply" % req["id"], {"body": body})
    return newest()
def book(start, end, room, attendees=True, title="Northwind vendor review"):
    b = {"title": title, "start": "2026-03-12T%s:00" % start, "end": "2026-03-12T%s:00" % end, "timezone": "America/New_York", "location": room}
    if attendees: b["attendees"] = [{"email": MARIA}]
    return cal.call("POST", "/events", b)


a = ask()
m = re.search(r"(\d\d:\d\d) to (\d\d:\d\d)", a["body"])
book(m[1], m[2], AUR)
mail.call("POST", "/messages/%d/reply" % a["id"], {"body": "Hi Maria,\n\nDone: the Northwind vendor review is booked for Thursday from 10:00 to 11:00 in the Aurora room (3rd floor), and you are invited.\n\nAlice"})
PY
