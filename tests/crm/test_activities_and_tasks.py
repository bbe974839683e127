"""Activities logged about a contact, an account or a deal (the account's last contact moves),
and tasks with due dates, completed once."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error


def test_a_call_on_a_contact_lands_on_its_account(alice: ApiClient) -> None:
    body = {"kind": "call", "subject": "Check-in", "contact_id": 19, "duration_minutes": 10}
    logged = expect(alice.post("/api/activities", json=body), 201)
    assert (logged["account"], logged["owner"], logged["mailed"]) == ("CUS-014", "alice", False)
    assert expect(alice.get("/api/accounts/CUS-014"), 200)["last_contact"] == "2026-03-02"
    listed = expect(
        alice.get("/api/activities", params={"account": "CUS-014", "kind": "call"}), 200
    )
    assert [a["subject"] for a in listed["items"]] == ["Check-in", "SSO add-on kickoff"]


def test_a_call_on_a_deal_was_with_its_contact(alice: ApiClient) -> None:
    """The deal page's form names only the deal: the call takes the deal's contact and
    account, as one logged from the activities page naming both does."""
    logged = expect(
        alice.post("/api/activities", json={"kind": "call", "subject": "Terms", "deal_id": 3}), 201
    )
    assert (logged["contact_id"], logged["account"], logged["deal_id"]) == (3, "CUS-002", 3)


def test_a_note_or_a_future_meeting_is_not_a_contact(alice: ApiClient) -> None:
    note = {"kind": "note", "subject": "Thought", "account": "CUS-016"}
    expect(alice.post("/api/activities", json=note), 201)
    meeting = {"kind": "meeting", "subject": "Lunch", "account": "CUS-016",
               "occurred_at": "2026-03-10T12:00:00Z"}  # fmt: skip
    expect(alice.post("/api/activities", json=meeting), 201)
    assert expect(alice.get("/api/accounts/CUS-016"), 200)["last_contact"] == "2026-02-22"


def test_an_activity_must_be_about_something_consistent(alice: ApiClient) -> None:
    nothing = expect_error(
        alice.post("/api/activities", json={"kind": "call", "subject": "?"}), 422
    )
    assert nothing["message"] == "contact_id: name a contact, an account or a deal it was about"
    mixed = {"kind": "call", "subject": "?", "contact_id": 1, "deal_id": 3}
    assert (
        "different accounts"
        in expect_error(alice.post("/api/activities", json=mixed), 422)["message"]
    )
    wrong = {"kind": "call", "subject": "?", "contact_id": 1, "account": "CUS-002"}
    assert expect_error(alice.post("/api/activities", json=wrong), 422)["message"].startswith(
        "account:"
    )
    unsent = {"kind": "call", "subject": "?", "contact_id": 1, "send": True}
    assert expect_error(alice.post("/api/activities", json=unsent), 422)["message"].startswith(
        "send:"
    )
    no_mail = {"kind": "email", "subject": "?", "contact_id": 37, "send": True}
    expect_error(alice.post("/api/activities", json=no_mail), 422)


def test_an_activity_is_deleted_by_its_owner(alice: ApiClient, bob: ApiClient) -> None:
    expect_error(bob.delete("/api/activities/1"), 403)
    assert alice.delete("/api/activities/1").status_code == 204
    expect_error(alice.get("/api/activities/1"), 404)


def test_tasks_are_listed_by_due_date_and_show_overdue(alice: ApiClient) -> None:
    mine = expect(alice.get("/api/tasks", params={"owner": "alice", "status": "open"}), 200)[
        "items"
    ]
    assert [(t["subject"], t["overdue"]) for t in mine][:2] == [
        ("Follow up on Globex onboarding ticket", True),
        ("Prepare Globex discount approval", False),
    ]


def test_a_task_is_created_changed_and_completed_once(alice: ApiClient, bob: ApiClient) -> None:
    made = expect(
        alice.post(
            "/api/tasks", json={"subject": "Send NDA", "deal_id": 3, "due_date": "2026-03-04"}
        ),
        201,
    )
    assert (made["account"], made["owner"], made["priority"], made["status"]) == (
        "CUS-002",
        "alice",
        "normal",
        "open",
    )
    cleared = expect(alice.patch(f"/api/tasks/{made['id']}", json={"due_date": None}), 200)
    assert cleared["due_date"] is None
    expect_error(bob.post(f"/api/tasks/{made['id']}/complete"), 403)
    done = expect(alice.post(f"/api/tasks/{made['id']}/complete"), 200)
    assert (done["status"], done["completed_at"][:10]) == ("done", "2026-03-02")
    again = expect_error(alice.post(f"/api/tasks/{made['id']}/complete"), 409)
    assert again["message"] == f"task {made['id']} is done already"
    assert alice.delete(f"/api/tasks/{made['id']}").status_code == 204
    expect_error(alice.get(f"/api/tasks/{made['id']}"), 404)


def test_a_task_for_someone_else_names_a_real_owner(alice: ApiClient) -> None:
    assigned = expect(alice.post("/api/tasks", json={"subject": "Call back", "owner": "bob"}), 201)
    assert assigned["owner"] == "bob"
    refused = expect_error(alice.post("/api/tasks", json={"subject": "x", "owner": "zoe"}), 422)
    assert refused["message"].startswith("owner: no owner 'zoe'")
