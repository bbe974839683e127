#!/bin/bash
# Correct alternative: the web UI's forms, as a browser sends them: log in, find Maria's tickets
# through the JSON API's search, then the merge form on the newer ticket, the edit form on the
# kept one (every field as the page shows it, with the new assignee, priority and tags), and
# the reply form submitted as pending.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar
import urllib.parse
import urllib.request

from mock_services.client import ServiceClient

desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
found = desk.call("GET", "/tickets?q=PDF&status=unsolved&per_page=100")["items"]
hers = sorted((t for t in found if t["requester_name"] == "Maria Gonzalez"), key=lambda t: t["created_at"])
older, newer = hers[0], hers[-1]

jar = http.cookiejar.CookieJar()
browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
BASE = "http://127.0.0.1:5100"


def post(path, fields):
    data = urllib.parse.urlencode(fields).encode()
    answer = browser.open(urllib.request.Request(BASE + path, data=data, method="POST"))
    assert answer.status == 200, (path, answer.status)


post("/login?next=/", {"username": "alice", "password": "alice-pass"})
post(f"/tickets/{newer['code']}/merge", {"merged_into": older["code"]})
kept = desk.call("GET", f"/tickets/{older['code']}")
post(
    f"/tickets/{kept['code']}/edit",
    {
        "subject": kept["subject"],
        "status": kept["status"],
        "priority": "high",
        "type": kept["type"],
        "assignee": "alice",
        "group": kept["group"] or "",
        "category": kept["category"],
        "tags": ", ".join([*kept["tags"], "month-end"]),
    },
)
post(
    f"/tickets/{kept['code']}/comments",
    {
        "body": "Dear Maria,\n\nthank you for your patience, and sorry for the trouble at month end. "
        "The fix for the PDF export is scheduled for Thursday, March 12th (release 4.2.1).\n\n"
        "In the meantime: open the invoice, use Print, and pick \"Save as PDF\" as the printer. "
        "That gives you the PDF without the export.\n\nPlease tell us after the release whether "
        "all is well.\n\nKind regards,\nAlice Martin",
        "public": "on",
        "status": "pending",
    },
)
PY
