"""The right changes of todo-deadlines-from-email (the deck task moved to Wednesday 4 March 17:00
Berlin, a Work task for the signed data processing agreement due Friday 6 March), with free text
beside them given by each script: fields added to the new task, the deck task's notes extended."""

from mock_services.client import ServiceClient

DPA_TITLE = "Send signed data processing agreement to Klaus"


def run(dpa: dict[str, object] | None = None, deck_notes_append: str | None = None) -> None:
    """Makes the right changes; ``dpa`` adds or overrides fields of the new task,
    ``deck_notes_append`` is added after the deck task's own notes."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
    found = mail.call("GET", "/messages?folder=inbox&q=klaus.richter&per_page=100")["items"]
    latest = max(found, key=lambda m: m["date"])
    body = mail.call("GET", f"/messages/{latest['id']}")["body"]
    assert "Wednesday 4 March, 17:00" in body and "Friday 6 March" in body, body

    todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
    work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
    (deck,) = todo.call("GET", "/tasks?q=partner%20deck")["items"]
    change: dict[str, object] = {
        "due_date": "2026-03-04",
        "due_time": "17:00",
        "timezone": "Europe/Berlin",
    }
    if deck_notes_append is not None:
        notes = todo.call("GET", f"/tasks/{deck['id']}")["notes"]
        change["notes"] = f"{notes}\n{deck_notes_append}" if notes else deck_notes_append
    todo.call("PATCH", f"/tasks/{deck['id']}", change)
    task: dict[str, object] = {
        "title": DPA_TITLE,
        "list_id": work["id"],
        "due_date": "2026-03-06",
        "timezone": "Europe/Berlin",
        "tags": ["partner"],
    }
    task.update(dpa or {})
    created = todo.call("POST", "/tasks", task)
    print("deck moved; new task", created["id"], created["title"], repr(created.get("notes")))
