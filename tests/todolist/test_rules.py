"""The business rules: recurrence, who may complete or change a task, subtasks under their
parent, and reminders."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error


def test_completing_a_recurring_task_spawns_the_next_occurrence(alice: ApiClient) -> None:
    done = expect(alice.post("/api/tasks/34/complete"), 200)  # weekly, due 4 March
    assert done["status"] == "completed" and done["completed_by"] == "alice"
    following = done["next_occurrence"]
    assert following["title"] == "Water the plants" and following["status"] == "open"
    assert following["due_date"] == "2026-03-11"
    assert following["recurrence"] == {"freq": "weekly", "interval": 1, "until": None}
    assert following["tags"] == ["home"]
    rent = expect(alice.post("/api/tasks/35/complete"), 200)["next_occurrence"]
    assert (rent["due_date"], rent["due_time"]) == ("2026-04-30", "09:00")


def test_a_late_completion_does_not_spawn_an_overdue_task(alice: ApiClient) -> None:
    expect(alice.patch("/api/tasks/36", json={"due_date": "2026-02-20"}), 200)
    following = expect(alice.post("/api/tasks/36/complete"), 200)["next_occurrence"]
    assert following["due_date"] == "2026-03-02"  # today in New York, not 21 February


def test_recurrence_ends_at_until(alice: ApiClient) -> None:
    expect(
        alice.patch(
            "/api/tasks/37",
            json={"recurrence": {"freq": "weekly", "interval": 2, "until": "2026-03-10"}},
        ),
        200,
    )
    assert expect(alice.post("/api/tasks/37/complete"), 200)["next_occurrence"] is None


def test_recurring_task_needs_a_due_date_and_subtasks_cannot_recur(alice: ApiClient) -> None:
    error = expect_error(
        alice.post("/api/tasks", json={"title": "x", "recurrence": {"freq": "daily"}}), 422
    )
    assert "recurring task needs a due_date" in error["message"]
    error = expect_error(
        alice.patch(
            "/api/tasks/6", json={"due_date": "2026-03-05", "recurrence": {"freq": "daily"}}
        ),
        422,
    )
    assert "a subtask cannot recur" in error["message"]


def test_only_the_owner_or_the_assignee_may_complete(
    alice: ApiClient, bob: ApiClient, carol: ApiClient
) -> None:
    expect_error(carol.post("/api/tasks/2/complete"), 403, "forbidden")
    done = expect(bob.post("/api/tasks/2/complete"), 200)
    assert (done["status"], done["completed_by"]) == ("completed", "bob")
    expect_error(bob.post("/api/tasks/2/complete"), 409, "conflict")  # already completed
    expect(bob.post("/api/tasks/5/complete"), 200)  # subtask of alice's, assigned to bob
    expect(alice.post("/api/tasks/55/complete"), 200)  # carol's task, assigned to alice


def test_the_assignee_cannot_edit_or_delete(bob: ApiClient, alice: ApiClient) -> None:
    error = expect_error(bob.patch("/api/tasks/2", json={"title": "Mine now"}), 403)
    assert "only its owner can change task 2; you are its assignee" in error["message"]
    expect_error(bob.delete("/api/tasks/2"), 403)
    expect_error(bob.post("/api/tasks", json={"title": "sub", "parent_id": 2}), 403)
    assert expect(alice.get("/api/tasks/2"), 200)["title"] == "Review Q1 budget with finance"


def test_reassigning_moves_the_task_between_users(
    alice: ApiClient, bob: ApiClient, carol: ApiClient
) -> None:
    expect(alice.patch("/api/tasks/2", json={"assignee": "carol"}), 200)
    expect_error(bob.get("/api/tasks/2"), 403)
    assert expect(carol.get("/api/tasks/2"), 200)["assignee"] == "carol"
    assert expect(alice.patch("/api/tasks/2", json={"assignee": None}), 200)["assignee"] is None


def test_a_task_is_seen_by_its_owner_its_assignee_and_the_assignee_of_its_parent(
    alice: ApiClient, bob: ApiClient, carol: ApiClient
) -> None:
    sub = expect(alice.post("/api/tasks", json={"title": "Print it", "parent_id": 2}), 201)
    assert expect(alice.get(f"/api/tasks/{sub['id']}"), 200) == sub
    assert expect(bob.get(f"/api/tasks/{sub['id']}"), 200) == sub  # bob is assigned task 2
    expect_error(carol.get(f"/api/tasks/{sub['id']}"), 403)
    parent = expect(bob.get("/api/tasks/2"), 200)
    assert parent["overdue"] and parent["subtasks"] == [
        {"id": sub["id"], "title": "Print it", "status": "open", "assignee": None}
    ]
    assert expect(bob.get("/api/tasks/5"), 200)["assignee"] == "bob"  # a subtask of task 3
    expect_error(bob.get("/api/tasks/3"), 403)


def test_completing_a_parent_completes_its_subtasks(alice: ApiClient) -> None:
    expect(alice.post("/api/tasks/3/complete"), 200)
    subtasks = expect(alice.get("/api/tasks/3"), 200)["subtasks"]
    assert [s["status"] for s in subtasks] == ["completed"] * 3
    assert expect(alice.get("/api/tasks/5"), 200)["completed_by"] == "alice"


def test_a_subtask_cannot_be_open_under_a_completed_parent(alice: ApiClient) -> None:
    expect(alice.post("/api/tasks/3/complete"), 200)
    error = expect_error(alice.post("/api/tasks/6/reopen"), 409, "conflict")
    assert "reopen task 3 first" in error["message"]
    error = expect_error(alice.post("/api/tasks", json={"title": "More", "parent_id": 3}), 409)
    assert "reopen it before adding subtasks" in error["message"]
    expect(alice.post("/api/tasks/3/reopen"), 200)
    assert expect(alice.post("/api/tasks/6/reopen"), 200)["status"] == "open"
    expect_error(alice.post("/api/tasks/6/reopen"), 409)  # already open


def test_subtasks_are_one_level_deep_and_follow_their_parent(alice: ApiClient) -> None:
    sub = expect(alice.post("/api/tasks", json={"title": "Call venues", "parent_id": 3}), 201)
    assert (sub["list_id"], sub["parent_id"]) == (1, 3)
    error = expect_error(alice.post("/api/tasks", json={"title": "x", "parent_id": sub["id"]}), 409)
    assert "is itself a subtask" in error["message"]
    expect_error(alice.patch(f"/api/tasks/{sub['id']}", json={"list_id": 2}), 409)
    expect(alice.patch("/api/tasks/3", json={"list_id": 2}), 200)
    assert expect(alice.get(f"/api/tasks/{sub['id']}"), 200)["list_id"] == 2
    expect(alice.delete("/api/tasks/3"), 204)
    expect_error(alice.get(f"/api/tasks/{sub['id']}"), 404)


def test_a_recurring_parent_spawns_with_fresh_subtasks(alice: ApiClient) -> None:
    expect(alice.post("/api/tasks", json={"title": "Buy soil", "parent_id": 34}), 201)
    following = expect(alice.post("/api/tasks/34/complete"), 200)["next_occurrence"]
    assert [(s["title"], s["status"]) for s in following["subtasks"]] == [("Buy soil", "open")]


def test_reminders_must_be_in_the_future_and_on_open_tasks(alice: ApiClient) -> None:
    error = expect_error(
        alice.post("/api/tasks/7/reminders", json={"remind_at": "2026-03-02T08:00:00Z"}), 422
    )
    assert error["message"].endswith("is not in the future (now is 2026-03-02T09:00:01Z)"), error
    local = expect(
        alice.post("/api/tasks/7/reminders", json={"remind_at": "2026-03-10T09:00:00"}), 201
    )
    assert local["remind_at"] == "2026-03-10T13:00:00Z"  # 09:00 in New York
    expect(alice.post("/api/tasks/19/complete"), 409)
    error = expect_error(
        alice.post("/api/tasks/19/reminders", json={"remind_at": "2026-03-10T09:00:00Z"}), 409
    )
    assert "reopen it" in error["message"]


def test_completing_a_task_drops_its_scheduled_reminders(alice: ApiClient) -> None:
    assert len(expect(alice.get("/api/tasks/1"), 200)["reminders"]) == 1
    expect(alice.post("/api/tasks/1/complete"), 200)
    assert expect(alice.get("/api/tasks/1"), 200)["reminders"] == []
    sent = expect(alice.get("/api/reminders", params={"state": "sent"}), 200)["items"]
    assert [r["task_id"] for r in sent] == [8]  # a sent reminder stays as history


def test_dispatch_sends_each_due_reminder_once(alice: ApiClient, bob: ApiClient) -> None:
    assert expect(bob.post("/api/reminders/dispatch"), 200)["sent"] == []
    sent = expect(alice.post("/api/reminders/dispatch"), 200)["sent"]
    assert [(r["task_id"], r["sent_at"] is not None) for r in sent] == [(9, True)]
    assert expect(alice.post("/api/reminders/dispatch"), 200)["sent"] == []


def test_only_the_reminded_user_or_the_owner_removes_a_reminder(
    alice: ApiClient, bob: ApiClient
) -> None:
    mine = expect(
        bob.post("/api/tasks/2/reminders", json={"remind_at": "2026-03-03T09:00:00Z"}), 201
    )
    assert mine["username"] == "bob"
    expect_error(bob.delete("/api/reminders/1"), 403)
    expect(alice.delete(f"/api/reminders/{mine['id']}"), 204)
