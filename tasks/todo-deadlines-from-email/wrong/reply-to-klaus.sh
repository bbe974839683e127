#!/bin/bash
# WRONG extra: correct tasks, plus an email reply to Klaus confirming (instruction: send no email).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
lists = {x["name"]: x for x in todo.call("GET", "/lists")["items"]}
work = lists["Work"]
(deck,) = [t for t in todo.call("GET", "/tasks?q=partner%20deck")["items"]]
def patch_deck(**kw):
    todo.call("PATCH", f"/tasks/{deck['id']}", kw)
def new(**kw):
    body = {"title": "Send signed data processing agreement to Klaus", "list_id": work["id"],
            "due_date": "2026-03-06", "timezone": "Europe/Berlin", "tags": ["partner"]}
    body.update(kw)
    return todo.call("POST", "/tasks", body)

patch_deck(due_date="2026-03-04", due_time="17:00", timezone="Europe/Berlin")
new()
found = mail.call("GET", "/messages?folder=inbox&q=klaus.richter&per_page=100")["items"]
latest = max(found, key=lambda m: m["date"])
mail.call("POST", f"/messages/{latest['id']}/reply", {"body": "Noted, thanks Klaus!"})
PY
