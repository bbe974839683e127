"""Gmail's search operators in the webmail's search box (``mock_services.email.search_syntax``):
each operator reads as the search option of its name, so a typed search lists what the API
lists for those options; words with a colon that name no operator stay words."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mock_services.core.base.errors import ValidationFailed
from mock_services.email.search_syntax import parse
from tests.email.conftest import PASSWORDS
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

BERLIN = ZoneInfo("Europe/Berlin")


def test_operators_and_words_are_told_apart() -> None:
    parsed = parse('from:"Bob Chen" to:carol@ subject:(Q2 plan) is:unread budget Re:lunch', BERLIN)
    assert (parsed.sender, parsed.recipient, parsed.subject) == ("Bob Chen", "carol@", "Q2 plan")
    assert parsed.unread is True and parsed.words == "budget Re:lunch"
    assert parsed.used == ["from", "to", "subject", "is"]
    parsed = parse("is:starred has:attachment label:Travel in:Archive after:2026/02/25", BERLIN)
    assert (parsed.starred, parsed.has_attachment, parsed.label) == (True, True, "Travel")
    assert parsed.folder == "archive"
    assert parsed.after == datetime(2026, 2, 25, tzinfo=BERLIN)
    assert parse("before:2026-03-01 is:read", BERLIN).before == datetime(2026, 3, 1, tzinfo=BERLIN)
    assert parse("is:read", BERLIN).unread is False
    assert parse("note: from: plain words", BERLIN).words == "note: from: plain words"


@pytest.mark.parametrize(
    ("typed", "said"),
    [("is:important", "is:unread"), ("has:drive", "has:attachment"), ("after:yesterday", "2026")],
)
def test_an_unknown_value_is_refused_in_words(typed: str, said: str) -> None:
    with pytest.raises(ValidationFailed, match=said):
        parse(typed, BERLIN)


def _listed_ids(page: str) -> list[int]:
    return [int(i) for i in re.findall(r'<tr class="msg[^"]*" data-id="(\d+)"', page)]


@pytest.mark.parametrize(
    ("typed", "options"),
    [
        ("from:northwind", {"from": "northwind"}),
        ("is:unread in:inbox", {"unread": "true", "folder": "inbox"}),
        ("label:Newsletters", {"label": "Newsletters"}),
        ("has:attachment", {"has_attachment": "true"}),
        ("to:bob@ in:sent", {"to": "bob@", "folder": "sent"}),
        ("is:starred", {"starred": "true"}),
        (
            "after:2026/02/27 before:2026/03/02",  # days in the task's zone (UTC here)
            {"after": "2026-02-27T00:00:00Z", "before": "2026-03-02T00:00:00Z"},
        ),
    ],
)
def test_a_typed_search_lists_what_the_api_lists(
    service: ApiClient, typed: str, options: dict[str, str]
) -> None:
    alice = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    page = alice.get("/", params={"q": typed})
    assert page.status_code == 200, page.text[:300]
    api = expect(alice.get("/api/messages", params={**options, "per_page": 25}), 200)
    assert _listed_ids(page.text) == [m["id"] for m in api["items"]] != [], typed


def test_subject_finds_words_in_the_subject_only(service: ApiClient) -> None:
    alice = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    found = _listed_ids(alice.get("/", params={"q": "subject:Lunch"}).text)
    api = expect(alice.get("/api/messages", params={"q": "Lunch", "per_page": 100}), 200)
    assert found == [m["id"] for m in api["items"] if "lunch" in m["subject"].lower()] != []
    refused = alice.get("/", params={"q": "is:important"})
    assert refused.status_code == 422 and "is:unread" in refused.text
