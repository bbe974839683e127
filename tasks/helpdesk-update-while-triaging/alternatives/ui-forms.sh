#!/bin/bash
# Correct alternative: the helpdesk's web forms, as a browser sends them (the properties form and
# the reply composer), after reading Tom's ticket page again until his update shows; the other
# two tickets taken in the same way, Priya's last.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar
import time
import urllib.parse
import urllib.request

opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
BASE = "http://127.0.0.1:5100"


def post(path, fields):
    data = urllib.parse.urlencode(fields).encode()
    answer = opener.open(urllib.request.Request(BASE + path, data=data, method="POST"))
    assert answer.status == 200, (path, answer.status)
    return answer.read().decode()


def get(path):
    return opener.open(BASE + path).read().decode()


def edit(code, **fields):
    page = post(f"/tickets/{code}/edit", fields)
    assert f"Saved {code}." in page, page[:2000]


post("/login?next=/", {"username": "alice", "password": "alice-pass"})
for _ in range(30):
    page = get("/tickets/TK-1102")
    if 'aria-label="Tom Becker, the requester, wrote"' in page:
        break
    time.sleep(1)
assert "nobody in our sales team" in page
edit("TK-1102", priority="urgent", group="Technical Escalations", assignee="")
page = post(
    "/tickets/TK-1102/comments",
    {
        "public": "on",
        "status": "",
        "body": "Hi Tom,\n\nunderstood: with all of sales locked out this is now urgent. I've "
        "escalated it to Technical Escalations, and an engineer will call you within the hour.\n\n"
        "Alice",
    },
)
assert "Reply sent." in page
edit("TK-1103", priority="low", assignee="alice", status="open")
edit("TK-1101", priority="normal", assignee="alice", status="open")
PY
