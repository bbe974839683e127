"""An event's page lists whose time it takes that another event takes too (its guests'
conflicts, over a year of a series); no API read answered that, so an agent using the API
saw less than one in the browser. ``GET /api/events/<id>/conflicts``
(``list_event_conflicts``) answers it, from the function the page lists them with, and is
refused where the page is."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

PAGE = {"Accept": "text/html"}
USERS = ("alice", "bob", "carol", "dave")
EVENTS = range(1, 13)


def page_conflicts(page: str) -> list[str]:
    """The items of the page's Conflicts list, as text ([] when the page has none)."""
    found = re.search(r'<ul id="event-conflicts">(.*?)</ul>', page, re.S)
    items = re.findall(r"<li>(.*?)</li>", found[1]) if found else []
    return [html.unescape(re.sub(r"<[^>]+>", "", i)) for i in items]


def said_as(item: dict[str, Any], caller: str) -> str:
    """How the page begins to say the conflict ``item`` of the API's answer to ``caller``."""
    who = "You are" if item["user"] == caller else f"{item['user_name']} is"
    return f"{who} busy with '{item['title']}" if item["title"] else f"{who} busy "


def test_the_answer_is_what_each_event_page_lists(service: ApiClient) -> None:
    shown = refused = empty = 0
    for user in USERS:
        api = service.as_user(user, f"{user}-pass")
        browser = as_browser(service.as_user(user, f"{user}-pass"))
        for event_id in EVENTS:
            answer = api.get(f"/api/events/{event_id}/conflicts")
            page = browser.get(f"/events/{event_id}", headers=PAGE)
            assert page.status_code == answer.status_code, (user, event_id)
            if answer.status_code != 200:
                refused += 1
                continue
            found = answer.json()
            assert found["event_id"] == event_id and found["total"] == len(found["items"])
            listed = page_conflicts(page.text)
            assert len(listed) == len(found["items"]), (user, event_id, listed, found)
            for words, item in zip(listed, found["items"], strict=True):
                assert words.startswith(said_as(item, user)), (words, item)
                if item["title"] is None:
                    assert item["event_id"] is None and " with '" not in words
            shown += len(listed)
            empty += not listed
    assert shown and refused and empty, "the seed has conflicts, events without and refusals"


def test_the_dentist_conflicts_with_the_design_review(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    found = expect(alice.get("/api/events/5/conflicts"), 200)
    review = expect(alice.get("/api/events/4"), 200)
    assert {
        "user": "alice",
        "user_name": expect(alice.get("/api/profile"), 200)["display_name"],
        "event_id": 4,
        "title": review["title"],
    }.items() <= found["items"][0].items()


def test_an_event_with_no_conflict_lists_none(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    body = {"title": "Quiet hour", "start": "2030-01-07T06:00:00", "end": "2030-01-07T06:30:00"}
    created = expect(alice.post("/api/events", json=body), 201)
    assert created["conflicts"] == []
    found = expect(alice.get(f"/api/events/{created['id']}/conflicts"), 200)
    assert found == {"event_id": created["id"], "items": [], "total": 0}
    page = as_browser(service.as_user("alice", "alice-pass")).get(
        f"/events/{created['id']}", headers=PAGE
    )
    assert page.status_code == 200 and ">Conflicts</h2>" not in page.text
    clash = {**body, "title": "Clash"}
    expect(alice.post("/api/events", json=clash), 201)
    again = expect(alice.get(f"/api/events/{created['id']}/conflicts"), 200)
    assert [i["title"] for i in again["items"]] == ["Clash"]


def test_refused_as_the_page_is(service: ApiClient) -> None:
    """An event the caller is not invited to is a 403 on both, one that is not there a 404,
    and no one logged out reads either."""
    seen = {
        user: [
            e for e in EVENTS if service.as_user(user, f"{user}-pass").get(f"/api/events/{e}").ok
        ]
        for user in USERS
    }
    user, event_id = next((u, e) for u in USERS for e in EVENTS if e not in seen[u])
    api = service.as_user(user, f"{user}-pass")
    browser = as_browser(service.as_user(user, f"{user}-pass"))
    assert api.get(f"/api/events/{event_id}/conflicts").status_code == 403
    assert browser.get(f"/events/{event_id}", headers=PAGE).status_code == 403
    assert api.get("/api/events/999/conflicts").status_code == 404
    assert browser.get("/events/999", headers=PAGE).status_code == 404
    assert service.get("/api/events/5/conflicts").status_code == 401
    login = service.get("/events/5", headers=PAGE, allow_redirects=False)
    assert login.status_code in (302, 303) and "/login" in login.headers["Location"]
