#!/bin/bash
# ALT (correct): all through the MCP tools (/mcp) of the social network and the calendar; reads each friend's conversation, creates the three events first (retrying the calendar's 503s) with slightly different titles/locations, then replies to each of the three friends in other wording.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
social, cal = McpClient("http://127.0.0.1:5008/mcp"), McpClient("http://127.0.0.1:5006/mcp")
social.call("login", username="alice", password="alice-pass")
cal.call("login", username="alice", password="alice-pass")
friends = {u["username"] for u in social.call("following", username="alice", per_page=100)["items"]}
for c in social.call("conversations")["items"]:
    who = c["with_user"]["username"]
    if who in friends:
        for m in reversed(social.call("conversation", username=who, per_page=100)["items"]):
            print(m["sent_at"], m["sender"], m["text"])
plans = [
    ("erin", "Book club", "14 Elm Street (Erin's place)", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z",
     "Noted the new date - book club on Thursday the 12th at 19:00 is in my calendar. See you then!"),
    ("carol", "Birthday brunch", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z",
     "Thank you! Brunch on Sunday at 11:30 at Café Lumière is in my calendar."),
    ("bob", "Jazz night at the Blue Note", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z",
     "Jazz night on Friday at 20:00 is in my calendar now, can't wait!"),
]
for who, title, place, start, end, _ in plans:
    ev = cal.call("create_event", title=title, location=place, start=start, end=end)
    print("created", ev.get("id") or ev)
for who, *_, text in plans:
    social.call("send_message", username=who, text=text)
PY
