"""Lists and tasks over the API: listing and filters, due dates in the task's time zone,
creating, editing and deleting, and bad input named."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect, expect_error

Titles = Callable[[ApiClient, dict], list[str]]


def test_lists_show_open_and_completed_counts(alice: ApiClient) -> None:
    lists = expect(alice.get("/api/lists"), 200)["items"]
    assert [(x["name"], x["open_count"], x["completed_count"]) for x in lists] == [
        ("Groceries", 7, 1),
        ("Personal", 13, 1),
        ("Work", 17, 3),
    ]


def test_task_listing_is_by_due_date_and_includes_assigned_tasks(
    alice: ApiClient, titles: Titles
) -> None:
    found = titles(alice, {})
    assert found[:4] == [
        "Expense report for Berlin trip",  # due 25 Feb
        "Review Q1 budget with finance",  # end of 28 Feb in New York
        "Renew SSL certificate for status page",  # 1 Mar 12:00 New York
        "Pick up dry cleaning",  # the end of 1 Mar in New York: 2 Mar 05:00 UTC
    ]
    assert "Design review prep" in found  # carol's task, assigned to alice
    assert "Close February books" not in found  # bob's
    assert "Get budget approval" not in found  # a subtask: listed under its parent


def test_filters_by_words_tag_priority_list_overdue_and_assignee(
    alice: ApiClient, bob: ApiClient, titles: Titles
) -> None:
    assert titles(alice, {"q": "Q1 BOARD"}) == ["Send Q1 board deck to Maria"]
    assert titles(alice, {"tag": "Hiring"}) == [
        "Write onboarding guide for new hires",
        "Update hiring scorecard",
    ]
    assert titles(alice, {"tag": "hiring", "status": "all", "sort": "title"}) == [
        "Interview: backend candidate",
        "Update hiring scorecard",
        "Write onboarding guide for new hires",
    ]
    assert titles(alice, {"overdue": "true"}) == [
        "Expense report for Berlin trip",
        "Review Q1 budget with finance",
        "Renew SSL certificate for status page",
        "Pick up dry cleaning",
    ]
    assert titles(alice, {"list_id": 3, "status": "completed"}) == ["Coffee beans"]
    assert titles(alice, {"priority": "high", "due_before": "2026-03-03"}) == [
        "Review Q1 budget with finance",
        "Renew SSL certificate for status page",
        "Send Q1 board deck to Maria",
    ]
    assert titles(bob, {"assignee": "me"}) == ["Review Q1 budget with finance"]
    assert titles(bob, {"assignee": "me", "top_level": "false"}) == [
        "Review Q1 budget with finance",
        "Get budget approval",
    ]
    assert titles(alice, {"parent_id": 3}) == [
        "Get budget approval",
        "Send calendar hold to the team",
    ]


def test_paging(alice: ApiClient) -> None:
    first = expect(alice.get("/api/tasks", params={"per_page": 10}), 200)
    second = expect(alice.get("/api/tasks", params={"per_page": 10, "page": 4}), 200)
    assert first["total"] == second["total"] == 38
    assert len(first["items"]) == 10 and len(second["items"]) == 8
    assert not {t["id"] for t in first["items"]} & {t["id"] for t in second["items"]}


def test_due_time_is_local_to_the_task_time_zone(alice: ApiClient, service: ApiClient) -> None:
    task = expect(
        alice.post(
            "/api/tasks",
            json={
                "title": "Call Tokyo office",
                "list_id": 1,
                "due_date": "2026-03-03",
                "due_time": "09:00",
                "timezone": "Asia/Tokyo",
            },
        ),
        201,
    )
    assert task["due"] == "2026-03-03T09:00:00+09:00" and task["timezone"] == "Asia/Tokyo"
    assert not task["overdue"]
    default_zone = expect(
        alice.post(
            "/api/tasks", json={"title": "Lunch", "due_date": "2026-03-02", "due_time": "12:00"}
        ),
        201,
    )
    assert default_zone["due"] == "2026-03-02T12:00:00-05:00"  # alice's zone, New York
    assert default_zone["list_name"] == "Inbox"  # created on first use
    moved = expect(alice.patch(f"/api/tasks/{task['id']}", json={"timezone": "Europe/Paris"}), 200)
    assert moved["due"] == "2026-03-03T09:00:00+01:00"


def test_a_day_without_time_is_overdue_only_once_it_ended_where_the_task_lives(
    alice: ApiClient,
) -> None:
    # now is 2 March 09:00 UTC: still 1 March in Honolulu, already 2 March in London
    honolulu = expect(
        alice.post(
            "/api/tasks",
            json={"title": "A", "due_date": "2026-03-01", "timezone": "Pacific/Honolulu"},
        ),
        201,
    )
    london = expect(
        alice.post(
            "/api/tasks", json={"title": "B", "due_date": "2026-03-01", "timezone": "Europe/London"}
        ),
        201,
    )
    assert (honolulu["overdue"], london["overdue"]) == (False, True)
    assert honolulu["due"] is None and honolulu["due_date"] == "2026-03-01"


def test_edit_clears_due_date_and_sets_tags(alice: ApiClient) -> None:
    task = expect(
        alice.patch("/api/tasks/8", json={"due_date": None, "tags": ["Ops", "urgent", "ops"]}),
        200,
    )
    assert (task["due_date"], task["due_time"], task["overdue"]) == (None, None, False)
    assert task["tags"] == ["ops", "urgent"]
    tags = {t["name"]: t for t in expect(alice.get("/api/tags"), 200)["items"]}
    assert tags["urgent"]["open_tasks"] == 1 and tags["travel"]["notes"] == 3


def test_lists_are_unique_per_user_and_deleting_one_deletes_its_tasks(
    alice: ApiClient, bob: ApiClient
) -> None:
    expect_error(alice.post("/api/lists", json={"name": "Work"}), 409, "conflict")
    expect(bob.post("/api/lists", json={"name": "Groceries"}), 201)  # bob's own namespace
    expect(alice.delete("/api/lists/1"), 204)
    expect_error(alice.get("/api/tasks/3"), 404)
    expect_error(alice.get("/api/tasks/5"), 404)  # its subtasks went too
    assert expect(alice.get("/api/reminders"), 200)["total"] == 0


def test_bad_input_is_named(alice: ApiClient) -> None:
    error = expect_error(
        alice.post(
            "/api/tasks", json={"title": "x", "due_date": "2026-03-03", "timezone": "Mars/Base"}
        ),
        422,
    )
    assert "timezone" in error["message"] and "Mars/Base" in error["message"]
    error = expect_error(alice.post("/api/tasks", json={"title": "x", "due_time": "10:00"}), 422)
    assert "due_time needs a due_date" in error["message"]
    error = expect_error(alice.post("/api/tasks", json={"title": "x", "tags": ["no spaces"]}), 422)
    assert "'no spaces' is not a tag name" in error["message"]
    error = expect_error(alice.post("/api/tasks", json={"title": "x", "due_time": "25:00"}), 422)
    assert "due_time" in error["message"]
    error = expect_error(alice.post("/api/tasks", json={"title": "x", "assignee": "zed"}), 404)
    assert "no user 'zed'" in error["message"]
    expect_error(alice.post("/api/tasks", json={"title": "x", "list_id": 4}), 403, "forbidden")
    expect_error(alice.get("/api/tasks", params={"priority": "extreme"}), 422)
    assert expect(alice.get("/api/tasks/1"), 200)["title"] == "Send Q1 board deck to Maria"


def test_another_users_task_is_not_readable(carol: ApiClient) -> None:
    expect_error(carol.get("/api/tasks/1"), 403, "forbidden")
    expect_error(carol.get("/api/tasks/999"), 404, "not_found")
    assert expect(carol.get("/api/tasks/13"), 200)["assignee"] == "carol"
