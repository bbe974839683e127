"""The calendar's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

import html
import re

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

_REVIEW = {"title": "Design review", "start": "2026-03-05T10:00", "end": "2026-03-05T11:00",
           "timezone": "America/New_York", "location": "Room 4", "attendees": [{"username": "bob"}],
           "recurrence": {"freq": "weekly", "count": 3}}  # fmt: skip
_REVIEW_FORM = {"title": "Design review", "date": "2026-03-05", "start_time": "10:00",
                "end_time": "11:00", "timezone": "America/New_York", "location": "Room 4",
                "attendees": "bob", "repeat": "weekly", "repeat_count": "3",
                "description": ""}  # fmt: skip
_COMPARED = ("calendar_id", "title", "description", "location", "start", "end", "timezone",
             "all_day", "status", "transparency", "attendees", "recurrence")  # fmt: skip


def _reviews(client: ApiClient) -> list[dict]:
    found = expect(client.get("/api/events", params={"q": "Design review"}), 200)["items"]
    return [{k: event[k] for k in _COMPARED} for event in found]


def test_refused_event_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    before = _reviews(alice)
    response = as_browser(service.as_user("alice", "alice-pass")).post(
        "/events/new",
        data={**_REVIEW_FORM, "start_time": "25:00"},
        headers={"Referer": service.base_url + "/events/new"},
    )
    assert_form_refused(
        response,
        errors={"start_time": "expected a date and time"},
        kept={"title": "Design review", "start_time": "25:00", "attendees": "bob"},
    )
    assert _reviews(alice) == before


def test_event_form_makes_what_the_api_makes(service: ApiClient, alice: ApiClient) -> None:
    expect(alice.post("/api/events", json=_REVIEW), 201)
    by_api = _reviews(alice)
    expect(service.admin("POST", "/admin/reset"), 200)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    created = browser.post("/events/new", data=_REVIEW_FORM)
    assert created.status_code == 200 and "Event &#39;Design review&#39; created." in created.text
    assert _reviews(service.as_user("alice", "alice-pass")) == by_api != []


def test_a_new_event_starts_on_today_or_on_the_day_it_was_added_from(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    week = browser.get("/").text
    today = re.search(r'class="card day today" data-date="([\d-]+)"', week)
    assert today, "the week page marks no day as today"
    added_from = re.findall(r'class="add-event" href="([^"]+)"', week)
    assert len(added_from) == 7, f"expected one 'Add event' link per day, got {added_from}"
    assert _form_date(browser.get("/events/new").text) == today[1]
    thursday = html.unescape(added_from[3])
    assert _form_date(browser.get(thursday).text) == thursday.rsplit("=", 1)[1] != today[1]


def _form_date(page: str) -> str:
    found = re.search(r'<input id="date" name="date" type="date" value="([^"]*)"', page)
    assert found, "the new-event form has no date field"
    return found[1]
