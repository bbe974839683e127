"""The calendar's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

import html
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

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


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ({"start_time": "25:00"}, {"start_time": "expected a time such as 09:30"}),
        ({"date": "someday"}, {"date": "expected a date such as 2026-03-05"}),
    ],
)
def test_refused_event_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient, typed: dict[str, str], error: dict[str, str]
) -> None:
    before = _reviews(alice)
    response = as_browser(service.as_user("alice", "alice-pass")).post(
        "/events/new",
        data={**_REVIEW_FORM, **typed},
        headers={"Referer": service.base_url + "/events/new"},
    )
    kept = {"title": "Design review", "attendees": "bob", **typed}
    assert_form_refused(response, errors=error, kept=kept)
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
    week = browser.get("/schedule").text
    today = re.search(r'class="card day today" data-date="([\d-]+)"', week)
    assert today, "the schedule marks no day as today"
    added_from = re.findall(r'class="add-event" href="([^"]+)"', week)
    assert len(added_from) == 7, f"expected one 'Add event' link per day, got {added_from}"
    assert _form_date(browser.get("/events/new").text) == today[1]
    thursday = html.unescape(added_from[3])
    assert _form_date(browser.get(thursday).text) == thursday.rsplit("=", 1)[1] != today[1]


def _form_date(page: str) -> str:
    found = re.search(r'<input id="date" name="date" type="date" value="([^"]*)"', page)
    assert found, "the new-event form has no date field"
    return found[1]


def _browser(service: ApiClient, page: str) -> tuple[ApiClient, dict[str, str]]:
    """alice's browser, and the Referer of a form sent from ``page``."""
    return as_browser(service.as_user("alice", "alice-pass")), {"Referer": service.base_url + page}


def test_refused_event_edit_keeps_the_event_and_the_typed_values(
    service: ApiClient, alice: ApiClient
) -> None:
    browser, sent_from = _browser(service, "/events/5")
    response = browser.post(
        "/events/5/edit",
        data={
            "title": "Dentist (moved)",
            "date": "2026-03-05",
            "start_time": "25:00",
            "end_time": "17:00",
            "timezone": "America/New_York",
            "location": "",
            "description": "",
        },
        headers=sent_from,
    )
    assert_form_refused(
        response,
        errors={"start_time": "expected a time such as 09:30"},
        kept={"title": "Dentist (moved)", "start_time": "25:00"},
    )
    assert expect(alice.get("/api/events/5"), 200)["title"] == "Dentist appointment"


def test_refused_settings_form_names_the_unknown_time_zone(
    service: ApiClient, alice: ApiClient
) -> None:
    browser, sent_from = _browser(service, "/settings")
    response = browser.post(
        "/settings", data={"display_name": "Alice M.", "timezone": "Mars/Base"}, headers=sent_from
    )
    assert_form_refused(
        response,
        errors={"timezone": "unknown time zone"},
        kept={"display_name": "Alice M.", "timezone": "Mars/Base"},
    )
    assert expect(alice.get("/api/profile"), 200)["timezone"] == "America/New_York"


def test_refused_new_calendar_keeps_the_name(service: ApiClient, alice: ApiClient) -> None:
    browser, sent_from = _browser(service, "/calendars")
    response = browser.post(
        "/calendars",
        data={"name": "Gym", "color": "red", "timezone": "UTC", "description": "Workouts"},
        headers=sent_from,
    )
    assert_form_refused(
        response,
        errors={"color": "expected a colour such as #1a73e8"},
        kept={"name": "Gym", "description": "Workouts"},
    )
    names = [c["name"] for c in expect(alice.get("/api/calendars"), 200)["items"]]
    assert "Gym" not in names


def test_refused_share_says_why_next_to_the_person(service: ApiClient, alice: ApiClient) -> None:
    browser, sent_from = _browser(service, "/calendars/5")
    response = browser.post(
        "/calendars/5/shares", data={"user": "alice", "role": "writer"}, headers=sent_from
    )
    assert_form_refused(
        response, errors={"user": "share it with someone else"}, kept={"user": "alice"}
    )
    assert expect(alice.get("/api/calendars/5"), 200)["shares"] == []


def test_pages_show_what_the_api_reads(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    calendars = browser.get("/calendars").text
    for calendar in expect(alice.get("/api/calendars"), 200)["items"]:
        assert html.escape(calendar["name"]) in calendars
    launch = browser.get("/calendars/6").text
    assert "Stop sharing with Bob Chen" in launch and "Stop sharing with Dave Okafor" in launch
    people = browser.get("/people", params={"q": "car"}).text
    assert "carol@example.test" in people and "bob@" not in people
    profile = expect(alice.get("/api/profile"), 200)
    assert html.escape(profile["display_name"]) in browser.get("/settings").text
    conflicts = browser.get("/conflicts").text
    pair = expect(alice.get("/api/conflicts"), 200)["items"][0]
    assert html.escape(pair["first"]["title"]) in conflicts
    assert html.escape(pair["second"]["title"]) in conflicts
    occurrence = expect(alice.get("/api/events/1/occurrences/2"), 200)
    shown = browser.get("/events/1/occurrences/2").text
    assert "Occurrence 3 of" in shown and occurrence["start_local"][11:16] in shown
    pending = browser.get("/invitations", params={"rsvp": "needs_action"}).text
    invited = expect(alice.get("/api/invitations"), 200)["items"]
    assert len(re.findall(r'class="invitation"', pending)) == len(invited) > 0


def test_find_a_time_shows_busy_times_and_the_slots_the_api_suggests(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get(
        "/find-a-time",
        params={
            "users": "alice, bob",
            "from": "2026-03-03",
            "days": "2",
            "duration_minutes": "60",
        },
    ).text
    asked = {"users": ["alice", "bob"], "start": "2026-03-03T00:00", "end": "2026-03-05T00:00",
             "timezone": "America/New_York"}  # fmt: skip
    suggest = {**asked, "duration_minutes": 60, "max_results": 50}
    slots = expect(alice.post("/api/freebusy/suggest", json=suggest), 200)["slots"]
    shown = re.findall(r'<li class="slot">[^(]*\((\d\d:\d\d)\u2013', page)
    days = sorted({s["start_local"][:10] for s in slots})
    first_of_each_day = [
        s["start_local"][11:16]
        for d in days
        for s in [x for x in slots if x["start_local"][:10] == d][:8]
    ]
    assert shown == first_of_each_day != []
    busy = expect(alice.post("/api/freebusy", json=asked), 200)["users"]
    rows = re.findall(r'class="busy-user" data-username="(\w+)"', page)
    assert rows == [u["username"] for u in busy] == ["alice", "bob"]
    refused = browser.get("/find-a-time", params={"users": "nobody"}).text
    assert "no user with username or email" in refused
    too_short = browser.get("/find-a-time", params={"duration_minutes": "2"}).text
    assert "Meeting length: " in too_short and "must be at least 5" in too_short


def test_find_a_time_searches_the_working_hours_asked_for(
    service: ApiClient, alice: ApiClient
) -> None:
    """Find a time searched 09:00-17:00 only, with no field to change it: a 07:30 slot (a
    dentist opening early, a colleague in London) could never be found. The hours are the API
    ``suggest``'s own, and a refusal names the fields by their labels."""
    browser = as_browser(service.as_user("alice", "alice-pass"))
    asked = {"users": "alice", "from": "2026-03-03", "days": "1",
             "working_hours_start": "07:00", "working_hours_end": "09:00"}  # fmt: skip
    page = html.unescape(browser.get("/find-a-time", params=asked).text)
    suggest = {"users": ["alice"], "start": "2026-03-03T00:00", "end": "2026-03-04T00:00",
               "timezone": "America/New_York", "duration_minutes": 30, "max_results": 50,
               "working_hours_start": "07:00", "working_hours_end": "09:00"}  # fmt: skip
    slots = expect(alice.post("/api/freebusy/suggest", json=suggest), 200)["slots"]
    shown = re.findall(r'<li class="slot">[^(]*\((\d\d:\d\d)\u2013', page)
    assert shown == [s["start_local"][11:16] for s in slots] != [], (shown, slots)
    assert shown[0] == "07:00", shown
    assert 'id="working_hours_start" name="working_hours_start" type="time" value="07:00"' in page
    more = re.search(r'href="([^"]*)">All \d+ free times', page)
    assert more is None or "working_hours_start=07%3A00" in more[1], "the day's link lost the hours"
    backwards = {**asked, "working_hours_start": "17:00", "working_hours_end": "09:00"}
    refused = html.unescape(browser.get("/find-a-time", params=backwards).text)
    assert "Working day ends at: must be after working day starts at" in refused, refused[-3000:]
    labels = [x.strip().lower() for x in re.findall(r'<label for="[^"]+">([^<]+)</label>', page)]
    clashes = [(a, b) for a in labels for b in labels if a != b and a in b]
    assert clashes == [], f"a label is part of another (get_by_label finds both): {clashes}"
    assert "working_hours" not in refused.split('id="find-time"')[-1].split("</form>")[-1], (
        "the refusal names a field by its internal name"
    )


def test_refused_guest_keeps_the_guest_list(service: ApiClient, alice: ApiClient) -> None:
    browser, sent_from = _browser(service, "/events/2")
    page = browser.get("/events/2").text
    assert 'aria-label="Remove guest dave@example.test"' in page
    response = browser.post("/events/2/guests", data={"guest": "nobody"}, headers=sent_from)
    assert_form_refused(
        response, errors={"guest": "no user named 'nobody'"}, kept={"guest": "nobody"}
    )
    assert "attendees." not in response.text
    again = browser.post("/events/2/guests", data={"guest": "dave@example.test"}, headers=sent_from)
    assert_form_refused(
        again,
        errors={"guest": "dave@example.test is already among the guests"},
        kept={"guest": "dave@example.test"},
    )
    assert "attendees." not in again.text
    guests = [a["email"] for a in expect(alice.get("/api/events/2"), 200)["attendees"]]
    assert guests == ["dave@example.test"]


def test_search_finds_what_the_api_lists(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    asked = {"q": "standup", "start": "2026-03-02T00:00", "end": "2026-04-01T00:00"}
    listed = expect(alice.get("/api/events", params=asked), 200)["items"]
    page = browser.get("/search", params={"q": "standup", "from": "2026-03-02"}).text
    shown = re.findall(r'class="found-event" data-event-id="(\d+)" data-occurrence="(\d+)"', page)
    assert shown == [(str(o["id"]), str(o["occurrence_index"])) for o in listed] != []
    everything = {"start": "2026-03-02T00:00", "end": "2026-04-01T00:00"}
    cancelled = [
        o["title"]
        for o in expect(
            alice.get("/api/events", params={**everything, "include_cancelled": "true"}), 200
        )["items"]
        if o["status"] == "cancelled"
    ]
    assert cancelled, "the seed has a cancelled event in March"
    plain = browser.get("/search", params={"from": "2026-03-02"}).text
    with_cancelled = browser.get(
        "/search", params={"from": "2026-03-02", "include_cancelled": "on"}
    ).text
    assert html.escape(cancelled[0]) not in plain and html.escape(cancelled[0]) in with_cancelled


def test_search_covers_the_whole_range_asked_and_refuses_a_longer_one_in_words(
    alice: ApiClient,
) -> None:
    late = {**_REVIEW, "title": "Vendor renewal", "recurrence": None, "attendees": []}
    late |= {"start": "2027-02-20T10:00", "end": "2027-02-20T11:00"}  # day 355 of the range
    expect(alice.post("/api/events", json=late), 201)
    browser = as_browser(alice)
    year = browser.get("/search", params={"q": "vendor", "from": "2026-03-02", "days": "366"})
    assert "Vendor renewal" in year.text, "an event near the end of a 366-day range not found"
    assert "Days (1 to 366)" in year.text, "the form does not state its limit"
    longer = browser.get("/search", params={"q": "vendor", "from": "2026-03-02", "days": "500"})
    shown = html.unescape(longer.text)
    assert "Days must be a whole number from 1 to 366; '500' was asked." in shown, shown[:300]
    assert 'id="days" name="days" type="number" min="1" max="366" value="500"' in longer.text
    assert 'id="found-events"' not in longer.text, "a shortened range was searched anyway"
    conflicts = browser.get("/conflicts", params={"days": "90"}).text
    assert "from 1 to 31; &#39;90&#39; was asked" in conflicts and 'value="90"' in conflicts


def test_an_event_page_shows_start_and_end_in_the_readers_zone(alice: ApiClient) -> None:
    expect(alice.patch("/api/profile", json={"timezone": "Asia/Tokyo"}), 200)
    made = {**_REVIEW, "recurrence": None, "attendees": []}
    event = expect(alice.post("/api/events", json=made), 201)  # 10:00-11:00 in New York
    page = as_browser(alice).get(f"/events/{event['id']}").text
    shown = "Fri 6 Mar 00:00\u201301:00 (Asia/Tokyo)"  # an en dash between the times
    assert shown in page, re.findall(r"When:</strong>.{0,120}", page)


def test_find_a_time_refused_by_the_model_keeps_its_days_and_says_why(alice: ApiClient) -> None:
    asked = {"users": "bob", "duration_minutes": "1", "from": "2026-03-09", "days": "3"}
    page = as_browser(alice).get("/find-a-time", params=asked)
    assert page.status_code == 200, page.text[:300]
    assert "Meeting length: must be at least 5" in html.unescape(page.text)
    assert 'value="2026-03-09"' in page.text  # the range the user asked for, kept


def test_the_week_says_which_events_show_as_free_and_the_all_day_box_has_its_own_name(
    alice: ApiClient,
) -> None:
    made = {**_REVIEW, "recurrence": None, "attendees": [], "transparency": "transparent"}
    expect(alice.post("/api/events", json=made), 201)
    browser = as_browser(alice)
    week = browser.get("/schedule", params={"week": "2026-03-05"}).text
    row = re.search(r"Design review</a>(.*?)</td>", week, re.S)
    assert row is not None and "(shown as free)" in row[1], week[:300]
    form = browser.get("/events/new").text
    assert '<label for="all_day">' in form and "> All day</label>" in form
    assert '<label for="end_date">' in form


def test_an_event_ending_before_it_starts_keeps_the_form_and_says_it_in_local_times(
    service: ApiClient, alice: ApiClient
) -> None:
    before = _reviews(alice)
    browser, sent_from = _browser(service, "/events/new?date=2026-03-05")
    response = browser.post(
        "/events/new",
        data={**_REVIEW_FORM, "start_time": "15:00", "end_time": "14:00", "repeat": ""},
        headers=sent_from,
    )
    assert_form_refused(
        response,
        errors={"end_time": "Must be after the start (15:00); it is 14:00"},
        kept={
            "title": "Design review",
            "date": "2026-03-05",
            "start_time": "15:00",
            "end_time": "14:00",
            "location": "Room 4",
            "attendees": "bob",
        },
    )
    assert "Z)" not in response.text and "/api/" not in response.text
    assert _reviews(alice) == before


def test_an_edit_ending_before_it_starts_keeps_the_form(
    service: ApiClient, alice: ApiClient
) -> None:
    browser, sent_from = _browser(service, "/events/5")
    response = browser.post(
        "/events/5/edit",
        data={
            "title": "Dentist (moved)",
            "date": "2026-03-05",
            "start_time": "15:00",
            "end_time": "14:00",
            "timezone": "America/New_York",
            "location": "Main St",
            "description": "",
        },
        headers=sent_from,
    )
    assert_form_refused(
        response,
        errors={"end_time": "Must be after the start (15:00); it is 14:00"},
        kept={"title": "Dentist (moved)", "start_time": "15:00", "location": "Main St"},
    )
    assert expect(alice.get("/api/events/5"), 200)["title"] == "Dentist appointment"


def test_invitations_are_shown_in_the_zone_their_column_names(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/invitations").text
    assert "When (America/New_York)" in page
    shown = re.findall(r'<tr class="invitation"[^>]*>\s*<td>([^<]*)</td>', page)
    invited = [i for i in expect(alice.get("/api/invitations"), 200)["items"] if not i["all_day"]]
    assert invited and "UTC" not in " ".join(shown)
    for item in invited:
        start = datetime.fromisoformat(item["start"].replace("Z", "+00:00"))
        local = f"{start.astimezone(ZoneInfo('America/New_York')):%H:%M}"
        assert any(local in cell for cell in shown), (local, shown)


def test_sharing_with_an_unknown_person_is_refused_at_the_field(service: ApiClient) -> None:
    browser, sent_from = _browser(service, "/calendars/1")
    response = browser.post("/calendars/1/shares", data={"user": "nobody-here"}, headers=sent_from)
    assert_form_refused(
        response,
        errors={"user": "no user with username or email 'nobody-here'"},
        kept={"user": "nobody-here"},
    )


def test_left_blank_a_repeat_count_is_five_and_a_last_day_is_the_first(
    service: ApiClient, alice: ApiClient
) -> None:
    browser, sent_from = _browser(service, "/events/new?date=2026-03-05")
    standup = {**_REVIEW_FORM, "title": "Pottery class", "repeat_count": ""}
    browser.post("/events/new", data=standup, headers=sent_from)
    found = expect(alice.get("/api/events", params={"q": "Pottery class"}), 200)["items"]
    assert [e["recurrence"]["count"] for e in found] == [5]
    day_off = {"title": "Day off", "date": "2026-03-09", "all_day": "on", "end_date": ""}
    browser.post("/events/new", data=day_off, headers=sent_from)
    found = expect(alice.get("/api/events", params={"q": "Day off"}), 200)["items"]
    assert [(e["start_date"], e["end_date"]) for e in found] == [("2026-03-09", "2026-03-09")]
    refused = browser.post(
        "/events/new", data={**day_off, "end_date": "2026-03-08"}, headers=sent_from
    )
    assert_form_refused(
        refused,
        errors={"end_date": "Must not be before the first day"},
        kept={"title": "Day off", "end_date": "2026-03-08"},
    )


def test_find_a_time_lists_every_day_asked_for_and_counts_its_free_times(
    service: ApiClient, alice: ApiClient
) -> None:
    """Three days asked for showed ten Monday slots and nothing of Tuesday or Wednesday, with
    no word that the rest was left out: each day now has its heading and its count, and a day
    with more free times than shown links to all of them."""
    browser = as_browser(service.as_user("alice", "alice-pass"))
    asked = {"users": "alice", "from": "2026-03-02", "days": "3"}
    page = html.unescape(browser.get("/find-a-time", params=asked).text)
    days = re.findall(r'<section class="free-day" data-day="([\d-]+)">', page)
    assert days == ["2026-03-02", "2026-03-03", "2026-03-04"], days
    for day in days:
        start = f"{day}T00:00"
        end = f"{day}T23:59"
        one = {"users": ["alice"], "start": start, "end": end, "duration_minutes": 30,
               "timezone": "America/New_York", "max_results": 50}  # fmt: skip
        free = len(expect(alice.post("/api/freebusy/suggest", json=one), 200)["slots"])
        words = datetime.fromisoformat(day).strftime("%a %-d %b")
        assert f"<h3>{words}: {free} free times</h3>" in page, (words, free)
        if free > 8:
            assert f">All {free} free times on {words}</a>" in page
    total = re.search(r'<p id="free-count">(\d+) free times over 3 days', page)
    assert total and int(total[1]) > 10, page[:2000]


def test_a_saved_edit_says_what_it_changed(service: ApiClient, alice: ApiClient) -> None:
    """The notice names the event and what changed, its new day and times in the caller's
    zone, not only that it was saved."""
    event = expect(alice.get("/api/events/5"), 200)
    browser, sent_from = _browser(service, "/events/5")
    form = {
        "title": event["title"],
        "date": "2026-03-05",
        "start_time": "10:30",
        "end_time": "11:30",
        "timezone": event["timezone"],
        "location": "Main St 12",
        "description": event["description"],
    }
    saved = browser.post("/events/5/edit", data=form, headers=sent_from)
    assert saved.status_code == 200, saved.text[:300]
    notice = f"Saved &#39;{event['title']}&#39;: now Thu 5 Mar 10:30\u201311:30 EST; new location."
    assert notice in saved.text, re.findall(r"Saved [^<]*", saved.text)
    again = browser.post("/events/5/edit", data=form, headers=sent_from)
    assert f"Saved &#39;{event['title']}&#39;: nothing changed." in again.text


def test_the_event_page_shows_its_edit_fields_at_once(service: ApiClient) -> None:
    """Date, Start and End are on the event's page as it opens (they sat in a closed "Edit
    event" box a reader had to open first)."""
    browser, _sent_from = _browser(service, "/events/5")
    page = browser.get("/events/5").text
    for field in ("edit-date", "edit-start", "edit-end"):
        before = page[: page.index(f'id="{field}"')]
        assert before.count("<details") == before.count("</details>"), f"#{field} in a <details>"
