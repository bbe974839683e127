"""An invitation says when it ends and what of yours it clashes with, as Google Calendar's
does: the invitations list shows each one's start and end and a clash line ("Clashes with
Budget review, 11:00-12:00"), each clash a link to that event; the event page of an invitation
shows the same line by its answer buttons. The clashes are ``conflicts.clashes`` (the rule
the event's Conflicts use), which the API's ``list_invitations`` answers too: an event you
declined, or a free ("transparent") one, as all-day events are unless marked busy, is no
clash."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

PAGE = {"Accept": "text/html"}
DASH = "\u2013"
"""Between a start and an end time, as the pages write it."""


def _invite(organizer: ApiClient, title: str, start: str, end: str) -> int:
    body = {"title": title, "start": start, "end": end, "attendees": [{"username": "alice"}]}
    return int(expect(organizer.post("/api/events", json=body), 201)["id"])


def _rows(page: str) -> dict[int, str]:
    """Each invitation row of the invitations page by its event id."""
    rows = re.findall(r'<tr class="invitation" data-event-id="(\d+)">(.*?)</tr>', page, re.S)
    return {int(event_id): row for event_id, row in rows}


def _clash_links(fragment: str) -> list[tuple[int, str, str]]:
    """The clash line's links in ``fragment``: the event each leads to, its text and name."""
    line = re.search(r'<p class="clashes">(.*?)</p>', fragment, re.S)
    links = re.findall(
        r'<a href="/events/(\d+)" aria-label="([^"]*)">(.*?)</a>', line[1] if line else ""
    )
    return [(int(e), html.unescape(text), html.unescape(name)) for e, name, text in links]


def _clashes_by_api(alice: ApiClient) -> dict[int, list[dict[str, Any]]]:
    answer = expect(alice.get("/api/invitations?rsvp=all&per_page=100"), 200)
    return {item["id"]: item["clashes"] for item in answer["items"]}


def _page_agrees_with_api(alice: ApiClient, browser: ApiClient) -> dict[int, str]:
    """The invitations page's rows, after checking each row's clash links are the API's."""
    rows = _rows(browser.get("/invitations", headers=PAGE).text)
    by_api = _clashes_by_api(alice)
    assert set(rows) == set(by_api), (sorted(rows), sorted(by_api))
    for event_id, row in rows.items():
        linked = [e for e, _text, _name in _clash_links(row)]
        assert linked == [c["event_id"] for c in by_api[event_id]], (event_id, linked, row)
    return rows


def test_an_invitation_over_an_accepted_event_names_the_clash(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    bob = service.as_user("bob", "bob-pass")
    carol = service.as_user("carol", "carol-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    budget = _invite(bob, "Budget review", "2026-03-10T15:00:00Z", "2026-03-10T16:00:00Z")
    expect(alice.post(f"/api/events/{budget}/rsvp", json={"response": "accepted"}), 200)
    vendor = _invite(carol, "Vendor call", "2026-03-10T15:30:00Z", "2026-03-10T16:30:00Z")
    lunch = _invite(carol, "Lunch talk", "2026-03-10T17:00:00Z", "2026-03-10T18:00:00Z")

    rows = _page_agrees_with_api(alice, browser)
    # New York is on daylight time from 8 March: 15:30Z is 11:30 EDT
    vendor_when = f"Tue 10 Mar 11:30{DASH}12:30 EDT"
    assert f"<td>{vendor_when}</td>" in rows[vendor], rows[vendor]
    assert f'aria-label="Decline: Vendor call, {vendor_when}"' in rows[vendor], rows[vendor]
    assert f"Tue 10 Mar 13:00{DASH}14:00 EDT" in rows[lunch], rows[lunch]
    assert _clash_links(rows[vendor]) == [
        (
            budget,
            f"Budget review, 11:00{DASH}12:00",
            f"Budget review, 11:00{DASH}12:00 (clashes with Vendor call, {vendor_when})",
        )
    ]
    said = " ".join(re.sub(r"<[^>]+>", "", rows[vendor]).split())
    assert f"Clashes with Budget review, 11:00{DASH}12:00" in said, said
    assert "Clashes" not in rows[lunch], rows[lunch]

    event_page = browser.get(f"/events/{vendor}", headers=PAGE).text
    answer_card = event_page[event_page.index('id="my-rsvp"') : event_page.index('id="rsvp-')]
    assert [e for e, _t, _n in _clash_links(answer_card)] == [budget], answer_card
    assert "Clashes" not in browser.get(f"/events/{lunch}", headers=PAGE).text

    expect(alice.post(f"/api/events/{budget}/rsvp", json={"response": "declined"}), 200)
    rows = _page_agrees_with_api(alice, browser)
    assert "Clashes" not in rows[vendor] and _clashes_by_api(alice)[vendor] == []
    assert 'class="clashes"' not in browser.get(f"/events/{vendor}", headers=PAGE).text


def test_a_declined_invitation_clashes_with_nothing(service: ApiClient) -> None:
    """Once declined, an invitation takes none of your time: no clash line (the API agrees)."""
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    assert [e for e, _t, _n in _clash_links(_page_agrees_with_api(alice, browser)[4])] == [5]
    expect(alice.post("/api/events/4/rsvp", json={"response": "declined"}), 200)
    rows = _page_agrees_with_api(alice, browser)
    assert "Clashes" not in rows[4] and _clashes_by_api(alice)[4] == []


def test_all_day_events_clash_only_when_busy(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    carol = service.as_user("carol", "carol-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for title, day, busy in (("Offsite", "2026-03-12", None), ("Conference", "2026-03-13", True)):
        body: dict[str, Any] = {"title": title, "all_day": True, "start_date": day}
        if busy:
            body["transparency"] = "opaque"
        expect(alice.post("/api/events", json={**body, "end_date": day}), 201)
    free = _invite(carol, "Planning", "2026-03-12T14:00:00Z", "2026-03-12T15:00:00Z")
    busy_day = _invite(carol, "Retro", "2026-03-13T14:00:00Z", "2026-03-13T15:00:00Z")
    rows = _page_agrees_with_api(alice, browser)
    assert "Clashes" not in rows[free], rows[free]
    [(_event, text, _name)] = _clash_links(rows[busy_day])
    assert text == "Conference, Fri 13 Mar (all day)", text


def test_each_clash_link_has_its_own_name(service: ApiClient) -> None:
    """Invitations clashing with one event link to it by names of their own (invitations not
    declined take your time too, so these two clash with each other as well)."""
    carol = service.as_user("carol", "carol-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for title in ("Vendor call", "Vendor call prep"):
        _invite(carol, title, "2026-03-04T15:00:00Z", "2026-03-04T16:00:00Z")  # the dentist's
    page = browser.get("/invitations", headers=PAGE).text
    links = [link for row in _rows(page).values() for link in _clash_links(row)]
    assert len([e for e, _t, _n in links if e == 5]) == 3, links  # the dentist, thrice
    names = [name for _e, _t, name in links]
    assert len(set(names)) == len(names), names
