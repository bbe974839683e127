#!/bin/bash
# wrong (duplicate): adds a new deck task with the new deadline instead of updating the existing one,
# leaving two deck tasks open.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
found = mail.call("GET", "/messages?folder=inbox&q=klaus.richter&per_page=100")["items"]
latest = max(found, key=lambda m: m["date"])
print(mail.call("GET", f"/messages/{latest['id']}")["body"])
todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
lists = {x["name"]: x["id"] for x in todo.call("GET", "/lists")["items"]}
WORK = lists["Work"]
def find(title):
    (t,) = [t for t in todo.call("GET", "/tasks?status=all&per_page=100&q=" + title.replace(" ", "%20"))["items"] if t["title"] == title]
    return t
DECK = find("Send partner deck to Klaus")
DPA = "Send signed data processing agreement to Klaus"
def patch_deck(**body):
    todo.call("PATCH", f"/tasks/{DECK['id']}", body); print("deck", body)
def add(**body):
    t = todo.call("POST", "/tasks", body); print("added", t["id"], body); return t

add(title="Send partner deck to Klaus (new deadline)", list_id=WORK, due_date="2026-03-04", due_time="17:00", timezone="Europe/Berlin")
add(title=DPA, list_id=WORK, due_date="2026-03-06", timezone="Europe/Berlin")
PY
