#!/bin/bash
# Reference solution of email-awaited-reply: Dana's address from the contacts, mail her the
# question, wait for her answer in the inbox, read every mail she sent (newest last) and take the
# time she gave last (her correction arrives a moment after her first answer, so the inbox is read
# again before booking), then create the call at that time with her as the guest.
set -euo pipefail
python3 - <<'PY'
import re
import time
from urllib.parse import urlencode

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
# Dana is in Alice's address book: her address, and her company for the call's name
(dana,) = mail.call("GET", "/contacts?q=Whitfield")["items"]
DANA, company = dana["email"], dana["company"].split()[0]

mail.call("POST", "/messages/send", {
    "to": [DANA],
    "subject": "Call on Thursday",
    "body": "Hi Dana,\n\nI'd like to set up a 30-minute call with you on Thursday (March 12) "
            "about the Northwind renewal. What time on Thursday suits you best?\n\n"
            "Thanks,\nAlice",
})


def her_mails():
    query = urlencode({"folder": "inbox", "from": DANA, "sort": "oldest"})
    return mail.call("GET", f"/messages?{query}")["items"]


def latest_time():
    """The time in the newest of her mails, each opened in full (oldest first)."""
    said = None
    for item in her_mails():
        body = mail.call("GET", f"/messages/{item['id']}")["body"]
        found = re.findall(r"\b(\d{1,2}):(\d{2})\s*([ap])\.?m", body, re.I)
        if found:
            hour, minute, half = found[-1]
            said = (int(hour) % 12 + (12 if half.lower() == "p" else 0), int(minute))
    return said


for _ in range(60):  # her answer comes by mail; wait for it
    if her_mails():
        break
    time.sleep(1)
seen, said = -1, None
while len(her_mails()) != seen:  # read until no new mail of hers arrives while reading
    seen = len(her_mails())
    said = latest_time()
    time.sleep(1)
hour, minute = said
start = f"2026-03-12T{hour:02d}:{minute:02d}:00"
end_minute = hour * 60 + minute + 30
end = f"2026-03-12T{end_minute // 60:02d}:{end_minute % 60:02d}:00"
event = cal.call("POST", "/events", {
    "title": f"{company} renewal call",
    "start": start,
    "end": end,
    "timezone": "America/New_York",
    "attendees": [{"email": DANA}],
})
print("booked", event.get("id"), start)
PY
