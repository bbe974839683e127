"""What the calendar's pages say, as a person reads them: whether guests are mailed (only when
the seed wires notifications), conflicts by name and in the reader's zone, copies of an event
told apart, and a new-event form an outage refused shown again with what was typed. Default
seed (see conftest): alice in New York; event 2 her weekly 1:1 with dave, event 5 her dentist,
which overlaps carol's design review (event 4) that alice is invited to."""

from __future__ import annotations

import html
import re
from pathlib import Path

from mock_services.registry import get_spec
from tests.calendar.conftest import two_copies_of_one_event
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text
from tests.service_fixtures import serve

PAGE = {"Accept": "text/html"}


def _page(browser: ApiClient, address: str) -> str:
    answer = browser.get(address, headers=PAGE)
    assert answer.status_code == 200, f"{address}: {answer.status_code} {answer.text[:300]}"
    return html.unescape(answer.text)


def test_without_notifications_no_page_says_guests_are_told(service: ApiClient) -> None:
    alice = as_browser(service.as_user("alice", "alice-pass"))
    event = _page(alice, "/events/2")
    assert "told" not in event and "mailed" not in event
    summary = re.search(r'<p id="edit-event-notes">(.*?)</p>', event, re.S)
    assert summary, event[:500]
    assert "the whole series; guests get no mail from this calendar" in summary[1]
    assert "for everyone? Its guests get no mail from this calendar." in event
    assert "Its guests get no mail from this calendar. The other occurrences stay." in event
    calendar = _page(alice, "/calendars/6")
    assert "told" not in calendar and "their guests get no mail from this calendar" in calendar


def test_a_one_off_event_without_guests_claims_neither_series_nor_guests(
    service: ApiClient,
) -> None:
    alice = as_browser(service.as_user("alice", "alice-pass"))
    event = _page(alice, "/events/5")
    dentist_title = expect(service.as_user("alice", "alice-pass").get("/api/events/5"), 200)[
        "title"
    ]
    assert '<h2 id="edit-event-heading">Edit event</h2>' in event
    assert 'id="edit-event-notes"' not in event
    assert "for everyone" not in event, "with no guest to tell, cancelling it is deleting it"
    assert "Delete event…</button>" in event and "? This cannot be undone." in event
    deleted = alice.post("/events/5/delete", headers={"Referer": service.base_url + "/events/5"})
    assert f"Deleted {dentist_title!r} (" in deleted.text.replace("&#39;", "'"), deleted.text[
        -3000:
    ]


def test_conflicts_name_people_and_use_the_readers_zone(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    dentist = expect(alice.get("/api/events/5"), 200)
    page = _page(as_browser(service.as_user("alice", "alice-pass")), "/events/5")
    found = re.search(r'<ul id="event-conflicts">(.*?)</ul>', page, re.S)
    assert found, page[:800]
    items = [re.sub(r"<[^>]+>", "", i) for i in re.findall(r"<li>(.*?)</li>", found[1])]
    assert items, found[1]
    for item in items:
        assert not re.search(r"\d{4}-\d\d-\d\dT|Z\b| is busy with event \d", item), item
        assert item.endswith("(America/New_York)"), item
    assert any(
        item.startswith("You are busy with 'Design review: checkout flow' Wed 4 Mar 10:00 to 11:00")
        for item in items
    ), items
    assert dentist["title"] not in " ".join(items)  # the event's own time is no conflict


def test_copies_of_an_event_on_one_day_have_different_names(service: ApiClient) -> None:
    two_copies_of_one_event(service)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for address in ("/?week=2026-03-03", "/schedule?week=2026-03-03", "/day?date=2026-03-03"):
        page = _page(browser, address)
        names = re.findall(r'<a [^>]*data-event-id="\d+"[^>]*>(.*?)</a>', page, re.S)
        if not names:  # the schedule's rows carry the id, their links the title
            names = re.findall(r'<tr class="event"[^>]*>.*?<a [^>]*>(.*?)</a>', page, re.S)
        words = [" ".join(re.sub(r"<[^>]+>", "", n).split()) for n in names]
        copies = [w for w in words if w.startswith("Quarterly review")]
        assert len(copies) == 2 and len(set(copies)) == 2, (address, copies)
        assert "(1 of 2 alike)" in copies[0] and "(2 of 2 alike)" in copies[1], copies


def test_a_new_event_refused_by_an_outage_keeps_what_was_typed(tmp_path: Path) -> None:
    seed = {
        **get_spec("calendar").default_seed(),
        "faults": [{"route": "POST /api/events", "first_n": 1, "status": 503, "retry_after": 1}],
    }
    typed = {
        "title": "Book club",
        "date": "2026-03-12",
        "start_time": "19:00",
        "end_time": "21:00",
        "timezone": "UTC",
        "location": "14 Elm Street",
        "attendees": "bob",
        "description": "Chapter 4",
    }
    with serve("calendar", tmp_path, seed) as calendar:
        browser = as_browser(calendar.client().as_user("alice", "alice-pass"))
        refused = browser.post(
            "/events/new",
            data=typed,
            headers={**PAGE, "Referer": calendar.url + "/events/new"},
            allow_redirects=False,
        )
        assert (refused.status_code, refused.headers["Retry-After"]) == (503, "1")
        page = html.unescape(refused.text)
        alert = re.search(r'id="form-errors" role="alert">(.*?)</div>', page, re.S)
        assert alert, page[:800]
        assert alert[1].startswith("Something went wrong on our side (503), so nothing was")
        assert "try again in 1 second" in alert[1]
        for name in ("title", "location", "attendees"):
            assert f'name="{name}"' in page and f'value="{typed[name]}"' in page, name
        assert ">Chapter 4</textarea>" in page and 'value="19:00"' in page
        alice = calendar.client().as_user("alice", "alice-pass")
        titles = [e["title"] for e in alice.get("/api/events?q=Book club").json()["items"]]
        assert "Book club" not in titles  # nothing was made
        again = browser.post("/events/new", data=typed, headers=PAGE, allow_redirects=False)
        assert again.status_code == 303, again.text[:300]


def test_an_all_day_event_says_its_days_as_the_pages_do(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    freeze = expect(alice.get("/api/events/8"), 200)
    page = _page(as_browser(service.as_user("alice", "alice-pass")), "/events/8")
    when = re.search(r"<strong>When:</strong>(.*?)</p>", page, re.S)
    assert when and "(all day)" in when[1], page[:800]
    assert freeze["start_date"] not in when[1] and re.search(
        r"[A-Z][a-z]{2} \d+ [A-Z][a-z]{2}", when[1]
    )


def test_copies_of_an_event_are_named_apart_on_conflicts_and_their_own_pages(
    service: ApiClient,
) -> None:
    """The Conflicts page names the copies of one event as the day views do ("(1 of 2
    alike)"), so a row's two links differ; each copy's own page is headed by the title as it
    is and links the other in a line of its own."""
    two_copies_of_one_event(service)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = _page(browser, "/conflicts?from=2026-03-03&days=1")
    rows = re.findall(r'<tr class="conflict">(.*?)</tr>', page, re.S)
    pairs = [
        [(int(i), " ".join(re.sub(r"<[^>]+>", "", n).split())) for i, n in links]
        for links in (re.findall(r'<a href="/events/(\d+)">(.*?)</a>', row, re.S) for row in rows)
    ]
    copies = [p for p in pairs if p[0][1].startswith("Quarterly review")]
    assert copies, pairs
    (first, one), (second, other) = copies[0]
    assert (one, other) == ("Quarterly review (1 of 2 alike)", "Quarterly review (2 of 2 alike)")
    assert all(len({name for _, name in pair}) == 2 for pair in pairs), pairs
    for event_id, twin, twin_name in ((first, second, other), (second, first, one)):
        shown = _page(browser, f"/events/{event_id}")
        heading = re.search(r'<h1 [^>]*id="event-title">(.*?)</h1>', shown, re.S)
        assert heading and " ".join(heading[1].split()) == "Quarterly review", heading
        line = re.search(r'<p id="copies">(.*?)</p>', shown, re.S)
        assert line and f'<a href="/events/{twin}">{twin_name}</a>' in line[1], line


def test_copies_are_told_apart_in_search_conflicts_the_popover_and_the_cancel_dialog(
    service: ApiClient,
) -> None:
    """Three copies of one event: search lists them "(1 of 3 alike)"…, a copy's own Conflicts
    list names the other two apart, the week's popover data carries the copy's name and your
    answer, and the cancel dialog asks about this copy by its title as it is, saying the copies
    that stay."""
    two_copies_of_one_event(service)
    alice = service.as_user("alice", "alice-pass")
    third = expect(alice.post("/api/events", json=_QUARTERLY), 201)["id"]
    browser = as_browser(service.as_user("alice", "alice-pass"))
    found = _page(browser, "/search?q=Quarterly+review&from=2026-03-01&days=7")
    names = re.findall(
        r'<a href="/events/\d+" aria-label="[^"]*">(Quarterly review[^<]*)</a>', found
    )
    assert names == [f"Quarterly review ({n} of 3 alike)" for n in (1, 2, 3)], names
    page = _page(browser, f"/events/{third}")
    busy = [
        re.sub(r"<[^>]+>", "", i)
        for i in re.findall(r"<li>(You are busy with '<a [^>]*>Quarterly review.*?)</li>", page)
    ]
    assert len(busy) == 2 and len(set(busy)) == 2, busy
    assert "Delete 'Quarterly review'? The 2 other events that look the same stay." in page
    week = _page(browser, "/?week=2026-03-02")
    titles = re.findall(r'data-title="(Quarterly review[^"]*)"', week)
    assert sorted(titles) == [f"Quarterly review ({n} of 3 alike)" for n in (1, 2, 3)], titles


_QUARTERLY = {
    "title": "Quarterly review",
    "start": "2026-03-03T14:00:00",
    "end": "2026-03-03T15:30:00",
    "timezone": "America/New_York",
    "location": "Room Jupiter",
}


def test_an_event_over_days_says_where_it_stands_each_day(service: ApiClient) -> None:
    """A timed event from Mon 07:00 to Wed 21:00 read "Mon 2 Mar 07:00-21:00" on Wednesday:
    it now reads "07:00 - Wed 4 Mar 21:00" on its first day and "until 21:00" on its last, as
    Google Calendar says it; the popover gives the span and your answer."""
    alice = service.as_user("alice", "alice-pass")
    body = {
        "title": "Trip to Lyon",
        "start": "2026-03-02T07:00:00",
        "end": "2026-03-04T21:00:00",
        "timezone": "America/New_York",
    }
    expect(alice.post("/api/events", json=body), 201)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    week = _page(browser, "/?week=2026-03-02")
    labels = re.findall(r'aria-label="(Trip to Lyon, [^"]*)"', week)
    said = [label.split(", ")[1] for label in labels]  # Tuesday: the all-day row
    assert said == ["07:00 \u2013 Wed 4 Mar 21:00", "until 21:00"], labels
    assert 'data-when="Monday 2 March, 07:00 \u2013 Wed 4 Mar 21:00"' in week
    day = _page(browser, "/day?date=2026-03-04")
    assert re.search(r'<span class="when">until 21:00</span>', day), day[-3000:]
    answers = set(re.findall(r'data-answer="([^"]*)"', week))
    assert answers and answers <= {"", "Yes, going", "No, not going", "Maybe", "Not answered yet"}
    assert answers - {""}, answers  # alice is a guest of some event this week


def test_a_free_slots_new_event_link_is_named_in_words(service: ApiClient) -> None:
    """Find a time's links read "New event on 2026-03-02" twenty times: each names its day in
    words and the free time it stands for, so no two are alike."""
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = _page(browser, "/find-a-time?users=alice,bob&from=2026-03-02&days=3")
    names = re.findall(r'aria-label="(New event on [^"]*)"', page)
    assert names and len(set(names)) == len(names), names
    said = r"New event on \w{3} \d+ \w{3} \(free \d\d:\d\d\u2013\d\d:\d\d\) with bob"
    assert all(re.fullmatch(said, n) for n in names), names


def test_search_results_of_one_series_are_named_by_their_day_and_time(service: ApiClient) -> None:
    """Five "Team standup" rows: each link is named by its day and time, and rows that would
    still read the same are numbered "(n of m alike)"."""
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    found = _page(browser, "/search?q=standup&from=2026-03-02&days=7")
    names = re.findall(r'aria-label="(Team standup[^"]*)">Team standup</a>', found)
    assert names[:2] == ["Team standup, Mon 2 Mar 09:30 EST", "Team standup, Tue 3 Mar 09:30 EST"]
    assert len(names) >= 5 and len(set(names)) == len(names), names
    twin = {"title": "Team standup", "start": "2026-03-03T09:30:00-05:00"}
    expect(alice.post("/api/events", json={**twin, "end": "2026-03-03T09:45:00-05:00"}), 201)
    again = _page(browser, "/search?q=standup&from=2026-03-03&days=1")
    names = re.findall(r'aria-label="(Team standup[^"]*)">Team standup</a>', again)
    assert names == [
        "Team standup, Tue 3 Mar 09:30 EST (1 of 2 alike)",
        "Team standup, Tue 3 Mar 09:30 EST (2 of 2 alike)",
    ], names


def test_a_day_without_events_says_so_without_an_empty_table(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    schedule = _page(browser, "/schedule?week=2026-03-30")
    empty = [c for c in schedule.split('<div class="card day')[1:] if "No events." in c]
    assert empty, "the week has a day without events"
    for card in empty:
        assert "<table" not in card.split("</div>")[0], "an empty table under 'No events.'"


def test_grid_names_read_without_a_stray_comma(service: ApiClient) -> None:
    """A chip's hidden words follow its title and states without a leading comma, which a
    reader heard as "(shown as free) , all day"."""
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for address in ("/?week=2026-03-02", "/month?month=2026-03"):
        page = _page(browser, address)
        assert '<span class="sr-only">,' not in page, address


def test_a_free_slots_link_opens_the_new_event_form_filled_with_that_slot(
    service: ApiClient,
) -> None:
    """Find a time's link opened the new-event form at 10:00-11:00 with no guests, whatever
    slot it stood for: it carries the slot's day, start, end, zone and the people asked about."""
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = _page(browser, "/find-a-time?users=alice,bob,carol&from=2026-03-03&days=1")
    slot = re.search(
        r'<li class="slot">.*?\((\d\d:\d\d)\u2013(\d\d:\d\d) in ([\w/]+)\)', page, re.S
    )
    link = re.search(r'<a href="([^"]+)" aria-label="New event on', page)
    assert slot is not None and link is not None
    form = _page(browser, html.unescape(link[1]))
    start, end, zone = slot.groups()
    assert 'id="date" name="date" type="date" value="2026-03-03"' in form
    assert f'id="start_time" name="start_time" type="time" value="{start}"' in form
    assert f'id="end_time" name="end_time" type="time" value="{end}"' in form
    assert f'<option value="{zone}" selected>' in form
    assert 'value="bob, carol"' in form


def test_a_copy_keeps_its_title_on_its_page_and_after_another_copy_is_deleted(
    service: ApiClient,
) -> None:
    """The "(n of m alike)" mark is no part of an event's title: a copy's heading, its delete
    dialog and the notice after it read the title as it is, the copies told apart by a line
    of their own ("1 other event … looks exactly like this one"), and deleting one copy
    changes no other copy's heading."""
    two_copies_of_one_event(service)
    alice = service.as_user("alice", "alice-pass")
    third = expect(alice.post("/api/events", json=_QUARTERLY), 201)["id"]
    browser = as_browser(service.as_user("alice", "alice-pass"))

    def heading(event_id: int) -> str:
        shown = _page(browser, f"/events/{event_id}")
        found = re.search(r'<h1 [^>]*id="event-title">(.*?)</h1>', shown, re.S)
        assert found, shown[:300]
        return " ".join(re.sub(r"<[^>]+>", "", found[1]).split())

    page = _page(browser, f"/events/{third}")
    assert heading(third) == "Quarterly review"
    assert "Delete 'Quarterly review'?" in page and "alike)'" not in page
    assert re.search(r'<p id="copies">2 other events in this calendar look exactly', page)
    sent = browser.post(f"/events/{third}/delete", allow_redirects=True)
    said = shown_text(sent.text)
    assert "Deleted 'Quarterly review' (Tue 3 Mar " in said, said[:1500]
    assert heading(third - 1) == "Quarterly review"
