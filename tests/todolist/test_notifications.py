"""Assignment, completion by an assignee and due reminders are mailed to the wired email
service (a stand-in inbox here; tests/services/test_notifications.py uses the real one)."""

from __future__ import annotations

import pytest

from tests.helpers import ApiClient, expect
from tests.service_fixtures import mail_fixtures

pytestmark = pytest.mark.process  # a real server mails a stand-in inbox on a port


globals().update(mail_fixtures("todolist"))


def test_assigning_a_task_mails_the_assignee(inbox: tuple[ApiClient, list]) -> None:
    service, received = inbox
    alice = service.as_user("alice", "alice-pass")
    task = expect(
        alice.post(
            "/api/tasks",
            json={"title": "Renew domain", "due_date": "2026-03-09", "assignee": "carol"},
        ),
        201,
    )
    assert [(m["to"], m["subject"]) for m in received] == [
        (["carol@example.test"], "Task assigned to you: Renew domain")
    ]
    mail = received[0]
    assert mail["path"] == "/admin/deliver" and mail["sender"] == "todo@example.test"
    assert "due Mon 9 Mar 2026" in mail["body"] and f"/api/tasks/{task['id']}" in mail["body"]
    received.clear()
    expect(alice.patch(f"/api/tasks/{task['id']}", json={"title": "Renew domains"}), 200)
    expect(alice.post("/api/tasks", json={"title": "Mine", "assignee": "alice"}), 201)
    assert received == []  # no new assignee; assigning yourself mails nobody


def test_completion_by_the_assignee_mails_the_owner(inbox: tuple[ApiClient, list]) -> None:
    service, received = inbox
    bob = service.as_user("bob", "bob-pass")
    expect(bob.post("/api/tasks/2/complete"), 200)
    assert [(m["to"], m["subject"]) for m in received] == [
        (["alice@example.test"], "Completed: Review Q1 budget with finance")
    ]
    assert "Bob Chen completed" in received[0]["body"]


def test_the_scheduler_mails_due_reminders_once(inbox: tuple[ApiClient, list]) -> None:
    service, received = inbox
    sent = expect(service.admin("POST", "/admin/reminders/dispatch"), 200)["sent"]
    assert [(r["task_id"], r["username"]) for r in sent] == [(9, "alice")]
    assert [(m["to"], m["subject"]) for m in received] == [
        (
            ["alice@example.test"],
            "Reminder: Prepare 1:1 agenda for Dave, due Mon 2 Mar 2026 14:00 (America/New_York)",
        )
    ]
    assert expect(service.admin("POST", "/admin/reminders/dispatch"), 200)["sent"] == []
    assert len(received) == 1
    alice = service.as_user("alice", "alice-pass")
    reminders = expect(alice.get("/api/reminders", params={"state": "sent"}), 200)["items"]
    assert sorted(r["task_id"] for r in reminders) == [8, 9]
