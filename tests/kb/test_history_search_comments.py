"""A page's history (versions, diffs, restores), search with highlighted snippets and labels,
comments, watching and reviews."""

from __future__ import annotations

import re

from tests.helpers import ApiClient, expect, expect_error


def test_the_history_lists_every_version_newest_first(ivan: ApiClient) -> None:
    history = expect(ivan.get("/api/pages/4/versions"), 200)["items"]
    assert [(v["number"], v["author"], v["message"], v["current"]) for v in history] == [
        (4, "frank", "Add the deploy freeze windows", True),
        (3, "alice", "Canary releases", False),
        (2, "frank", "Jenkins is gone: GitHub Actions", False),
        (1, "alice", "First version", False),
    ]
    first = expect(ivan.get("/api/pages/4/versions/1"), 200)
    assert "**Jenkins** job" in first["body"] and first["created_at"] == "2025-05-06T10:00:00Z"
    missing = expect_error(ivan.get("/api/pages/4/versions/9"), 404)
    assert missing["message"] == "page 4 has no version 9; it has versions 1 to 4"


def test_a_diff_shows_what_changed_between_two_versions(ivan: ApiClient) -> None:
    diff = expect(ivan.get("/api/pages/4/diff", params={"from_version": 1, "to_version": 2}), 200)
    assert (diff["lines_added"], diff["lines_removed"]) == (3, 2)
    assert (
        "-2. Ask in #deploys, then run the **Jenkins** job `deploy-prod` by hand." in (diff["diff"])
    )
    latest = expect(ivan.get("/api/pages/4/diff"), 200)
    assert (latest["from_version"], latest["to_version"]) == (3, 4)
    labels = expect(ivan.get("/api/pages/2/diff", params={"from_version": 1}), 200)
    assert labels["to_version"] == 3 and labels["labels_added"] == []
    refused = expect_error(ivan.get("/api/pages/4/diff", params={"to_version": 7}), 422)
    assert refused["message"].startswith("to_version: page 4 has no version 7")


def test_restoring_makes_a_new_version_with_the_old_content(alice: ApiClient) -> None:
    restored = expect(alice.post("/api/pages/4/restore", json={"version": 3}), 200)
    assert restored["version"] == 5 and "Deploy freeze" not in restored["body"]
    history = expect(alice.get("/api/pages/4/versions"), 200)["items"]
    assert (history[0]["author"], history[0]["message"]) == ("alice", "Restored version 3")
    again = expect_error(alice.post("/api/pages/4/restore", json={"version": 5}), 409)
    assert again["message"] == "version: 5 is page 4's newest version already"
    draft = expect_error(alice.post("/api/pages/12/restore", json={"version": 1}), 409)
    assert draft["message"] == "page 12 is draft; only a published page's versions are restored"


def hits(client: ApiClient, **params: object) -> list[tuple[int, str]]:
    found = expect(client.get("/api/search", params=params), 200)["items"]
    return [(h["page"]["id"], h["title"]) for h in found]


def test_search_finds_every_word_and_highlights_it(alice: ApiClient, bob: ApiClient) -> None:
    found = expect(alice.get("/api/search", params={"q": "deploy freeze"}), 200)
    assert found["total"] == 1
    hit = found["items"][0]
    assert (hit["page"]["id"], hit["title"], hit["matched_in"]) == (
        4,
        "<mark>Deploy</mark> process",
        ["title", "labels", "body"],
    )
    assert hit["snippet"].startswith("# <mark>Deploy</mark> process 1. Merge to `main`")
    remote = hits(alice, q="remote")
    assert remote[:2] == [(16, "<mark>Remote</mark> work policy"), (17, "Hybrid work policy 2026")]
    assert hits(alice, q="meals") == [(20, "Travel and expense policy")]  # FIN's is closed
    assert [i for i, _ in hits(bob, q="meals")] == [36, 20]
    assert hits(alice, q="parental", space="ENG") == []
    assert [i for i, _ in hits(alice, q="price", label="pricing")] == [30]
    assert [i for i, _ in hits(alice, q="price list", include_archived="true")] == [30, 29, 25]


def test_a_snippet_starts_near_the_match(alice: ApiClient) -> None:
    found = expect(alice.get("/api/search", params={"q": "OpsGenie"}), 200)["items"][0]
    assert found["snippet"].startswith("…")
    assert "Pages come from **<mark>OpsGenie</mark>**; acknowledge" in found["snippet"]


def test_labels_count_the_pages_you_can_read(alice: ApiClient) -> None:
    labels = {
        item["name"]: item["pages"] for item in expect(alice.get("/api/labels"), 200)["items"]
    }
    assert (labels["runbook"], labels["deploy"], labels["pricing"]) == (3, 2, 2)
    assert "budget" not in labels and "rfc" not in labels  # FIN; a draft


def test_comments_are_added_listed_and_resolved(
    grace: ApiClient, alice: ApiClient, carol: ApiClient
) -> None:
    added = expect(grace.post("/api/pages/18/comments", json={"body": "Does it cover 2025?"}), 201)
    assert (added["author_name"], added["resolved"]) == ("Grace Kim", False)
    open_ones = expect(alice.get("/api/pages/18/comments", params={"resolved": "false"}), 200)
    assert [c["body"] for c in open_ones["items"]] == ["Does it cover 2025?"]
    refused = expect_error(alice.post(f"/api/comments/{added['id']}/resolve"), 403)
    assert refused["message"].startswith(
        "only editors or admins can resolve others' comments in space HR; you are a viewer"
    )
    resolved = expect(carol.post(f"/api/comments/{added['id']}/resolve"), 200)
    assert (resolved["resolved"], resolved["resolved_by"]) == (True, "carol")
    twice = expect_error(grace.post(f"/api/comments/{added['id']}/resolve"), 409)
    assert twice["message"] == f"comment {added['id']} is resolved already"


def test_watching_is_started_and_stopped(grace: ApiClient) -> None:
    assert expect(grace.put("/api/pages/9/watch"), 200)["watchers"] == ["alice", "frank", "grace"]
    assert expect(grace.put("/api/pages/9/watch"), 200)["watching"] is True  # no second row
    watched = expect(grace.get("/api/watching"), 200)["items"]
    assert "Database failover" in [p["title"] for p in watched]
    assert expect(grace.delete("/api/pages/9/watch"), 200)["watching"] is False


def test_a_review_is_scheduled_with_people_who_can_read_the_page(
    frank: ApiClient, carol: ApiClient
) -> None:
    body = {"start": "2026-03-04T10:00:00Z", "duration_minutes": 45, "attendees": ["ivan"]}
    review = expect(frank.post("/api/pages/6/reviews", json=body), 201)
    assert (review["organizer"], review["attendees"], review["end"]) == (
        "frank",
        ["frank", "ivan"],
        "2026-03-04T10:45:00Z",
    )
    assert expect(frank.get("/api/pages/6"), 200)["reviews"] == [review]
    past = expect_error(
        frank.post("/api/pages/6/reviews", json={**body, "start": "2026-03-01T10:00:00Z"}), 422
    )
    assert past["message"].startswith("start: 2026-03-01T10:00:00+00:00 is not in the future")
    # now in whole seconds, in UTC, as every answer gives a time (a running clock has microseconds)
    assert re.search(r"\(now: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$", past["message"]), past
    closed = expect_error(carol.post("/api/pages/16/reviews", json=body), 422)  # ivan: no HR
    assert closed["message"] == "attendees: ivan cannot read page 16; grant them access first"
    seeded = expect(carol.get("/api/pages/16"), 200)["reviews"]
    assert [(r["organizer"], r["start"]) for r in seeded] == [("carol", "2026-03-05T14:00:00Z")]
