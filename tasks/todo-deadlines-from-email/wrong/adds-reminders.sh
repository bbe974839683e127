#!/bin/bash
# wrong (forbidden extra): right deadlines, but also sets reminders on both tasks, which the instruction
# forbids.
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

patch_deck(due_date="2026-03-04", due_time="17:00", timezone="Europe/Berlin")
t = add(title=DPA, list_id=WORK, due_date="2026-03-06", timezone="Europe/Berlin")
for tid in (DECK["id"], t["id"]):
    todo.call("POST", f"/tasks/{tid}/reminders", {"remind_at": "2026-03-03T09:00:00"})
    print("reminder on", tid)
PY
