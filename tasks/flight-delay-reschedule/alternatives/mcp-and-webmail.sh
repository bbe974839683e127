#!/bin/bash
# Correct alternative: reads the notice and moves the meeting through the calendar's MCP tools
# (update_event with start only, which keeps the length), then sends the guests' mail through
# the webmail's compose form (cookie login, POST /compose) like a browser, 12-hour wording.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
import urllib.request, urllib.parse, http.cookiejar, re
from datetime import datetime, timedelta
import urllib.request, urllib.error
mail = McpClient("http://127.0.0.1:5001/mcp"); mail.call("login", username="alice", password="alice-pass")
cal = McpClient("http://127.0.0.1:5006/mcp"); cal.call("login", username="alice", password="alice-pass")
msgs = mail.call("list_messages", folder="inbox", q="delayed", sort="newest")["items"]
body = mail.call("get_message", message_id=msgs[0]["id"])["body"]
arr = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]
evs = cal.call("list_events", per_page=100)["items"]
mt = min([e for e in evs if e["attendees"]], key=lambda e: e["start"])
ls = datetime.fromisoformat(mt["start_local"]).replace(tzinfo=None)
ns = datetime.combine(ls.date(), datetime.strptime(arr, "%H:%M").time()) + timedelta(hours=2)
cal.call("update_event", event_id=mt["id"], start=ns.strftime("%Y-%m-%dT%H:%M:%S"))
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def post(path, data):
    return op.open(urllib.request.Request("http://127.0.0.1:5001" + path, data=urllib.parse.urlencode(data).encode(), method="POST")).status
post("/login?next=/", {"username": "alice", "password": "alice-pass"})
h = ns.hour - 12 if ns.hour > 12 else ns.hour
print(post("/compose", {"mode": "new", "to": ", ".join(a["email"] for a in mt["attendees"]), "cc": "", "bcc": "",
    "subject": f"{mt['title']} moved to {h}:{ns.minute:02d} pm tomorrow",
    "body": f"Hi,\n\nMy flight home is delayed, so I've moved {mt['title']} to tomorrow at {h}:{ns.minute:02d} pm (London time). Same room, same length.\n\nAlice"}))
print(mail.call("list_messages", folder="sent")["items"][0]["to"] if True else "")
PY
