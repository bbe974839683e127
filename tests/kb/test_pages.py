"""The pages area: listing with filters, a page with its links and backlinks, creating,
saving (a version per change), moving, publishing drafts, archiving and deleting."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO


def titles(client: ApiClient, **params: object) -> list[str]:
    page = expect(client.get("/api/pages", params={"per_page": 100, **params}), 200)
    return [p["title"] for p in page["items"]]


def test_filters_find_stale_labelled_and_draft_pages(alice: ApiClient, carol: ApiClient) -> None:
    assert titles(alice, space="ENG", updated_before="2025-03-01T00:00:00Z", sort="oldest") == [
        "Deploy process (old)",
        "On-call runbook",
        "Engineering Home",
        "Local development setup",
    ]
    assert titles(alice, label="policy", space="hr") == [
        "Annual leave",
        "Code of conduct",
        "Equipment and laptop policy",
        "Hybrid work policy 2026",
        "Parental leave",
        "Remote work policy",
        "Travel and expense policy",
    ]
    assert titles(alice, status="draft") == ["API versioning RFC"]  # ENG's admin sees frank's
    assert titles(carol, status="draft") == ["Performance review cycle 2026"]
    assert titles(alice, sort="recent", per_page=3) == [
        "Release notes 2026-02",
        "API versioning RFC",
        "Deploy process",
    ]
    assert titles(alice, parent_id=6) == ["Database failover", "Incident response"]
    assert titles(alice, author="grace") == [
        "Competitor battlecard: Initech",
        "Demo script",
        "Objection handling",
    ]
    refused = expect_error(alice.get("/api/pages", params={"space": "OPS"}), 422)
    assert "space" in str(refused) and "no space 'OPS'" in refused["message"]


def test_a_page_shows_its_place_links_and_backlinks(alice: ApiClient, bob: ApiClient) -> None:
    page = expect(alice.get("/api/pages/4"), 200)
    assert (page["title"], page["version"], page["updated_by"]) == ("Deploy process", 4, "frank")
    assert [a["title"] for a in page["ancestors"]] == ["Engineering Home"]
    assert [(link["target"], link["page"] and link["page"]["id"]) for link in page["links"]] == [
        ("FIN:Month-end close checklist", None),  # alice cannot read FIN
        ("Incident response", 7),
    ]
    assert [b["title"] for b in page["backlinks"]] == ["Engineering Home", "Onboarding checklist"]
    assert (page["watchers"], page["watching"], page["open_comments"]) == (
        ["alice", "frank", "ivan"],
        True,
        2,
    )
    guardrails = expect(bob.get("/api/pages/37"), 200)
    assert [(b["id"], b["space"]) for b in guardrails["backlinks"]] == [(27, "SALES"), (33, "FIN")]


def test_someone_elses_draft_is_theirs_alone(frank: ApiClient, ivan: ApiClient) -> None:
    expect(frank.get("/api/pages/12"), 200)
    refused = expect_error(ivan.get("/api/pages/12"), 403)
    assert refused["message"] == (
        "draft 12 belongs to another account; only its author sees it until it is published"
    )
    assert "no page 999" in expect_error(ivan.get("/api/pages/999"), 404)["message"]


def test_a_draft_above_a_published_page_stays_out_of_others_breadcrumbs(
    frank: ApiClient, ivan: ApiClient
) -> None:
    under = {"space": "ENG", "title": "Versioning FAQ", "parent_id": 12, "status": "published"}
    child = expect(frank.post("/api/pages", json=under), 201)
    mine = expect(frank.get(f"/api/pages/{child['id']}"), 200)
    assert [a["title"] for a in mine["ancestors"]][-1] == "API versioning RFC"  # his own draft
    theirs = expect(ivan.get(f"/api/pages/{child['id']}"), 200)
    assert "API versioning RFC" not in [a["title"] for a in theirs["ancestors"]]
    assert 12 not in [a["id"] for a in theirs["ancestors"]]


@OVER_HTTP_TOO
def test_a_page_is_written_saved_as_versions_and_linked(
    frank: ApiClient, kb_db: Callable[[str], list[tuple]]
) -> None:
    body = {
        "space": "ENG",
        "parent_id": 6,
        "title": "Redis runbook",
        "body": "Restart with care; see [[Database failover]] and [[Cache warming]].",
        "labels": ["Runbook", "redis"],
        "message": "First cut",
    }
    created = expect(frank.post("/api/pages", json=body), 201)
    page_id = created["id"]
    assert (created["version"], created["labels"], created["watchers"]) == (
        1,
        ["redis", "runbook"],
        ["frank"],
    )
    assert [link["page"] and link["page"]["id"] for link in created["links"]] == [9, None]
    saved = expect(
        frank.patch(f"/api/pages/{page_id}", json={"body": "Use [[9]].", "message": "Shorter"}),
        200,
    )
    assert saved["version"] == 2 and saved["links"][0]["page"]["title"] == "Database failover"
    same = expect(frank.patch(f"/api/pages/{page_id}", json={"body": "Use [[9]]."}), 200)
    assert same["version"] == 2  # nothing changed: no version
    assert kb_db(f"SELECT number, message FROM page_versions WHERE page_id = {page_id}") == [
        (1, "First cut"),
        (2, "Shorter"),
    ]
    assert kb_db(f"SELECT target, target_id FROM page_links WHERE page_id = {page_id}") == [
        ("9", 9)
    ]


def test_a_link_to_a_missing_page_leads_to_it_once_it_exists(alice: ApiClient) -> None:
    body = {"space": "ENG", "title": "Cache warming", "body": "Warm it."}
    created = expect(alice.post("/api/pages", json={**body, "body": "See [[Redis setup]]."}), 201)
    assert created["links"][0]["page"] is None
    target = expect(alice.post("/api/pages", json={**body, "title": "Redis setup"}), 201)
    assert [b["id"] for b in target["backlinks"]] == [created["id"]]


def test_titles_are_unique_in_a_space(alice: ApiClient) -> None:
    clash = {"space": "ENG", "title": "deploy PROCESS"}
    refused = expect_error(alice.post("/api/pages", json=clash), 409)
    assert refused["message"] == (
        "title: space ENG has a page titled 'Deploy process' already (page 4); choose another "
        "title or edit that page"
    )
    expect(alice.post("/api/pages", json={**clash, "space": "HR"}), 403)  # alice only views HR


def test_moves_keep_the_tree_a_tree(alice: ApiClient) -> None:
    moved = expect(alice.post("/api/pages/9/move", json={"parent_id": 3}), 200)
    assert [a["id"] for a in moved["ancestors"]] == [1, 3]
    loop = expect_error(alice.post("/api/pages/6/move", json={"parent_id": 8}), 422)
    assert loop["message"].startswith("parent_id: page 8 is page 6 or one of its subpages")
    away = expect_error(alice.post("/api/pages/6/move", json={"parent_id": 15}), 422)
    assert "page 15 is in space HR, not ENG" in away["message"]
    top = expect(alice.post("/api/pages/6/move", json={"parent_id": None}), 200)
    assert (top["parent_id"], top["ancestors"]) == (None, [])


def test_a_draft_is_published_as_version_one(frank: ApiClient, ivan: ApiClient) -> None:
    edited = expect(frank.patch("/api/pages/12", json={"body": "Path versions: /v2."}), 200)
    assert (edited["status"], edited["version"]) == ("draft", 0)
    published = expect(frank.post("/api/pages/12/publish", json={"message": "Ready"}), 200)
    assert (published["status"], published["version"]) == ("published", 1)
    assert expect(ivan.get("/api/pages/12"), 200)["body"] == "Path versions: /v2."
    again = expect_error(frank.post("/api/pages/12/publish", json={}), 409)
    assert again["message"] == "page 12 is published already (version 1)"


def test_an_archived_page_is_read_only_until_published_again(alice: ApiClient) -> None:
    archived = expect(alice.post("/api/pages/5/archive"), 200)
    assert archived["status"] == "archived" and archived["can_edit"] is False
    refused = expect_error(alice.patch("/api/pages/5", json={"title": "Old deploys"}), 409)
    assert refused["message"].startswith("page 5 is archived and read-only; publish it again")
    expect_error(alice.post("/api/pages/5/comments", json={"body": "Hm"}), 409)
    back = expect(alice.post("/api/pages/5/publish", json={}), 200)
    assert (back["status"], back["version"]) == ("published", 1)


def test_deleting_takes_the_history_and_leaves_links_dangling(
    alice: ApiClient, frank: ApiClient, kb_db: Callable[[str], list[tuple]]
) -> None:
    refused = expect_error(frank.delete("/api/pages/8"), 403)
    assert refused["message"].startswith("only space admins can delete pages in space ENG")
    parent = expect_error(alice.delete("/api/pages/7"), 409)
    assert parent["message"] == (
        "page 7 has 1 subpage(s) (8 'Postmortem template'); move or delete them first"
    )
    assert alice.delete("/api/pages/8").status_code == 204
    assert kb_db("SELECT count(*) FROM page_versions WHERE page_id = 8") == [(0,)]
    assert kb_db("SELECT target, target_id FROM page_links WHERE page_id = 7") == [
        ("On-call runbook", 6),
        ("Postmortem template", None),
    ]
    assert frank.delete("/api/pages/12").status_code == 204  # his own draft
