"""An event's page heads its Conflicts and Guests (an agent moving by headings reaches them) and
links each clash to the other event, as the Conflicts page does; the search finds past events
too and says which days it covered; the forms say only what applies. Default seed: today is
Monday 2 March 2026 (New York); the dentist (5) overlaps the design review (4); 11 is a past
QBR."""

from __future__ import annotations

import html
import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_conflicts_are_a_heading_and_each_clash_links_the_other_event(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/events/5").text
    assert re.search(r"<h2\b[^>]*>Conflicts</h2>", page), page
    section = re.search(r'<ul id="event-conflicts">(.*?)</ul>', page, re.S)
    assert section is not None
    links = re.findall(r'<a href="(/events/\d+)">([^<]+)</a>', section[1])
    assert ("/events/4", "Design review: checkout flow") in links, links


def test_guests_are_a_heading_and_no_guests_is_no_empty_table(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    body = {"title": "Quiet hour", "start": "2030-01-07T06:00:00", "end": "2030-01-07T06:30:00"}
    created = expect(alice.post("/api/events", json=body), 201)
    page = as_browser(service.as_user("alice", "alice-pass")).get(f"/events/{created['id']}").text
    assert re.search(r"<h2\b[^>]*>Guests</h2>", page) and "No guests." in page
    assert '<table id="guests">' not in page


def test_the_edit_form_names_the_zone_as_the_new_event_form_does(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/events/5").text
    assert '<label for="edit-timezone">Time zone</label>' in page
    assert "IANA name" not in page


def test_a_new_event_shows_no_repeat_count_while_it_does_not_repeat(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/events/new").text
    field = re.search(r'<input id="repeat_count"[^>]*>', page)
    assert field is not None and 'value=""' in field[0], field
    assert '<label for="repeat_count">If it repeats, how many times' in page


def test_search_finds_past_events_and_says_which_days_it_searched(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    past = expect(alice.get("/api/events/11"), 200)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    words = past["title"].split()[0]
    page = browser.get(f"/search?q={words}").text
    text = _text(page)
    assert past["title"] in text, text[:600]
    said = re.search(
        r"(\d+) events? from (\w{3} \d+ \w{3}(?: \d{4})?) to (\w{3} \d+ \w{3}(?: \d{4})?)", text
    )
    assert said is not None, text[:600]
    assert said[2] == "Sun 31 Aug 2025" and said[3] == "Mon 31 Aug", said[0]
    # the read the page declares (shows=), at the page's own first day, finds what it lists
    first = re.search(r'<input id="from" name="from" type="date" value="([\d-]+)">', page)
    assert first is not None and first[1] == "2025-08-31"
    declared = expect(alice.get("/api/events", params={"q": words, "start": first[1]}), 200)
    assert all(e["title"] in text for e in declared["items"])
    earlier = re.search(r'<a href="([^"]+)">Search the 366 days before</a>', page)
    assert earlier is not None and "from=2024-08-30" in html.unescape(earlier[1]), earlier


def test_a_blank_search_lists_nothing_until_asked_and_says_its_range(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/search").text
    assert 'id="found-events"' not in page
    assert "A search covers Sun 31 Aug 2025 to Mon 31 Aug unless you choose other days." in _text(
        page
    )
