"""The Chat API: a user's own items, listed, added, changed and deleted; nobody else's."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect
from tests.service_fixtures import OVER_HTTP_TOO


def titles(client: ApiClient, **params: str) -> list[str]:
    return [item["title"] for item in expect(client.get("/api/items", params=params), 200)["items"]]


def test_a_user_lists_only_their_own_items(alice: ApiClient, bob: ApiClient) -> None:
    assert titles(alice) == [
        "Renew the passport",
        "Book the dentist",
        "Return the library books",
    ]
    assert titles(bob) == ["Fix the bike light"]
    assert titles(alice, status="done") == ["Return the library books"]


def test_pages_cut_the_listing(alice: ApiClient) -> None:
    page = expect(alice.get("/api/items", params={"per_page": 2, "page": 2}), 200)
    assert (page["total"], page["page"], page["per_page"]) == (3, 2, 2)
    assert [item["title"] for item in page["items"]] == ["Return the library books"]


@OVER_HTTP_TOO
def test_an_item_is_added_changed_and_deleted(
    alice: ApiClient, chat_db: Callable[[str], list[tuple]]
) -> None:
    added = expect(alice.post("/api/items", json={"title": "Call the bank"}), 201)
    assert (added["status"], added["due"]) == ("open", None)
    changed = expect(alice.patch(f"/api/items/{added['id']}", json={"status": "done"}), 200)
    assert (changed["title"], changed["status"]) == ("Call the bank", "done")
    assert chat_db(f"SELECT status FROM items WHERE id = {added['id']}") == [("done",)]
    assert alice.delete(f"/api/items/{added['id']}").status_code == 204
    assert chat_db(f"SELECT id FROM items WHERE id = {added['id']}") == []


def test_another_accounts_item_is_refused(alice: ApiClient) -> None:
    refused = alice.patch("/api/items/4", json={"status": "done"})
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"]["message"] == "item 4 belongs to another account"
    assert alice.get("/api/items/99").status_code == 404


def test_a_bad_body_names_the_field(alice: ApiClient) -> None:
    refused = alice.post("/api/items", json={"title": ""})
    assert refused.status_code == 422, refused.text
    assert "title" in str(refused.json()["error"]["details"])


def test_the_api_needs_a_login(service: ApiClient) -> None:
    assert service.get("/api/items").status_code == 401
