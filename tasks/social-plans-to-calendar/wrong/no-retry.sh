#!/bin/bash
# Wrong (gives up on faults): creates each event with one plain HTTP call and no retry, so the
# calendar's two 503 answers lose the jazz night and the brunch; still tells all three friends.
set -uo pipefail
python3 - <<'PY'
import json
import urllib.error
import urllib.request

from mock_services.client import ServiceClient

social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
login = urllib.request.Request(
    "http://127.0.0.1:5006/api/auth/login",
    data=json.dumps({"username": "alice", "password": "alice-pass"}).encode(),
    headers={"Content-Type": "application/json"},
)
token = json.load(urllib.request.urlopen(login))["token"]
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club", "14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}
for friend, (title, place, start, end) in PLANS.items():
    body = {"title": title, "location": place, "start": start, "end": end}
    create = urllib.request.Request(
        "http://127.0.0.1:5006/api/events",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    try:
        urllib.request.urlopen(create)
    except urllib.error.HTTPError as exc:
        print("calendar answered", exc.code, "for", title)
    social.call("POST", f"/conversations/{friend}/messages", {"text": f"{title} is in my calendar!"})
PY
