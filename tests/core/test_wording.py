"""Refusals a page shows name the page or form, not the API route the same message gives an
API client: in notices after a form, next to a refused field and on error pages."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mock_services.core.web.wording import (
    alike_numbered,
    counted,
    days_in_words,
    for_people,
    preview_words,
)
from mock_services.registry import get_spec
from tests.form_assertions import as_browser
from tests.service_fixtures import serve


@pytest.mark.parametrize(
    ("message", "said"),
    [
        (
            "not found; list them with GET /api/accounts",
            "not found; list them on the Accounts page",
        ),
        (
            "request a return instead (POST /api/orders/<code>/return)",
            "request a return instead (the Return form on the order's page)",
        ),
        ("search with GET /api/products?q=...", "search on the Products page (its search box)"),
        ("unknown (see GET /api/categories)", "unknown (see the Categories page)"),
        (
            "no recipient; add one (PATCH /api/drafts/12)",
            "no recipient; add one (the draft's Edit form)",
        ),
        (
            "deleted forever (DELETE /api/messages/5)",
            "deleted forever (the message's Delete button)",
        ),
        ("add one with POST /api/requesters", "add one with the New requester form"),
        ("not found; see GET /api/spaces/ENG", "not found; see the space's page"),
        (
            "edit it with PATCH or DELETE /api/events/4",
            "edit it with the event's Edit form or the event's Delete button",
        ),
        ("due 2026-03-04, nothing to say", "due Wed 4 Mar 2026, nothing to say"),
        ("2026-02-30 is not a day", "2026-02-30 is not a day"),  # as typed: no such day
        ("INV-2026-0001 is paid", "INV-2026-0001 is paid"),
    ],
)
def test_an_api_route_is_said_as_the_page_or_form_that_does_it(message: str, said: str) -> None:
    assert for_people(message) == said


def test_an_error_page_and_a_refused_form_name_no_api_route(tmp_path: Path) -> None:
    with serve("shop", tmp_path, get_spec("shop").default_seed()) as shop:
        alice = as_browser(shop.client().as_user("alice", "alice-pass"))
        missing = alice.get("/orders/ORD-999999", headers={"Accept": "text/html"})
        assert missing.status_code == 404
        assert "list yours on the Orders page" in missing.text and "/api/" not in missing.text
        api = alice.get("/api/orders/ORD-999999")
        assert "GET /api/orders" in api.json()["error"]["message"]  # an API client keeps the route
        refused = alice.post(  # delivered: too late to cancel, the notice says what to do
            "/orders/ORD-100001/cancel",
            data={"reason": "changed my mind"},
            headers={"Accept": "text/html", "Referer": "/orders"},
        )
        notice = refused.text
        assert "request a return instead (the Return form on the order&#39;s page)" in notice
        assert "/api/orders" not in notice


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Lunch at\nCafé Lola on Friday?", "Lunch at Café Lola on Friday?"),
        ("Lunch at Café Lola on Friday?", "Lunch at…"),
        ("Supercalifragilistic", "Supercalif…"),
    ],
)
def test_a_preview_is_cut_at_a_word_with_an_ellipsis(text: str, said: str) -> None:
    length = 40 if "\n" in text else 11
    assert preview_words(text, length) == said


@pytest.mark.parametrize(
    ("count", "noun", "plural", "said"),
    [
        (1, "passenger", "", "1 passenger"),
        (0, "flight", "", "0 flights"),
        (2, "due reminder", "", "2 due reminders"),
        (1_204, "reply", "replies", "1,204 replies"),
    ],
)
def test_a_count_says_its_noun_in_the_number_form_it_takes(
    count: int, noun: str, plural: str, said: str
) -> None:
    assert counted(count, noun, plural) == said


def test_names_that_repeat_are_numbered_and_others_left_alone() -> None:
    """A list that offers two choices reading the same tells them apart by their place among
    the alike, never by an id; a name said once keeps its words."""
    named = [(28, "Jane Doe"), (2, "Raj Patel"), (31, "Jane Doe"), (40, "Jane Doe")]
    assert alike_numbered(named) == [
        (28, "Jane Doe (1 of 3 alike)"),
        (2, "Raj Patel"),
        (31, "Jane Doe (2 of 3 alike)"),
        (40, "Jane Doe (3 of 3 alike)"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Sun 2026-03-08 10:00-10:45 is outside those hours",
        "Sunday 2026-03-08 10:00-10:45 is outside those hours",
        "2026-03-08 10:00-10:45 is outside those hours",
    ],
)
def test_an_iso_day_in_words_never_doubles_the_weekday_before_it(text: str) -> None:
    said = days_in_words(text, date(2026, 3, 2))
    assert said == "Sun 8 Mar 10:00-10:45 is outside those hours"


def test_a_status_in_words_keeps_an_acronym_in_capitals() -> None:
    """crm's tier filter read "Vip" where a CRM writes "VIP"."""
    from mock_services.core.web.ui import status_words

    assert status_words("vip") == "VIP"
    assert status_words("sla_breached") == "SLA breached"
    assert status_words("partly_received") == "Partly received"
    assert status_words("on-hold") == "On hold"
    assert status_words(None) == ""
