"""The booking page's "Add a checked bag" controls say for whom, one per passenger ("Add a
checked bag for Alice Martin"), as "Remove Mei Chen's checked bag" says whose bag it takes
off; every control's name on the page stays its own, and a refused weight comes back on the
form of the passenger it was for."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_each_passenger_has_an_add_bag_button_named_for_them(
    airline: ApiClient, bob: ApiClient
) -> None:
    booking = expect(bob.get("/api/bookings/BOBBY1"), 200)
    people = [f"{p['first_name']} {p['last_name']}" for p in booking["passengers"]]
    assert len(people) >= 2, people
    browser = as_browser(airline.as_user("bob", "bob-pass"))
    page = browser.get("/bookings/BOBBY1").text
    buttons = [shown_text(b) for b in re.findall(r"<button[^>]*>(.*?)</button>", page, re.S)]
    assert "Add bag" not in buttons
    for who in people:
        assert buttons.count(f"Add a checked bag for {who}") == 1, buttons
        assert f"Weight of {who}'s bag (kg)" in shown_text(page)
    assert 'id="bag-passenger"' not in page  # no list beside one generic button
    labelled = re.findall(r'<button[^>]*aria-label="([^"]*)"', page)
    named = [
        label or shown_text(text)
        for label, text in re.findall(
            r'<button(?:[^>]*aria-label="([^"]*)")?[^>]*>(.*?)</button>', page, re.S
        )
    ]
    assert labelled and len(named) == len(set(named)), sorted(named)

    second = booking["passengers"][1]
    refused = browser.post(
        "/bookings/BOBBY1/bags",
        data={"passenger_id": str(second["id"]), "weight_kg": "40"},
        headers={"Referer": airline.base_url + "/bookings/BOBBY1"},
    )
    assert refused.status_code == 422
    kept = re.findall(r'id="bag-weight-(\d+)"[^>]*value="([^"]*)"', refused.text)
    assert dict(kept)[str(second["id"])] == "40"
    assert all(v == "" for k, v in kept if k != str(second["id"])), kept
