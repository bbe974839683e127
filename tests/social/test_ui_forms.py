"""The social forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

from collections.abc import Callable

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

_PROFILE = {"display_name": "Sam Lee", "bio": "", "location": None,
            "website": "https://sam.test", "messages_from": "following"}  # fmt: skip
_PROFILE_FORM = {**_PROFILE, "location": ""}
_COMPARED = ("display_name", "bio", "location", "website", "messages_from")


def _profile(client: ApiClient) -> dict:
    profile = expect(client.get("/api/profile"), 200)
    return {k: profile[k] for k in _COMPARED}


def test_refused_settings_form_shows_the_error_next_to_the_field(
    social: ApiClient, login: Callable[[str], ApiClient]
) -> None:
    before = _profile(login("alice"))
    response = as_browser(login("alice")).post(
        "/settings",
        data={**_PROFILE_FORM, "website": "sam.test"},
        headers={"Referer": social.base_url + "/settings"},
    )
    assert_form_refused(
        response,
        errors={"website": "expected a web address starting with https:// or http://"},
        kept={"website": "sam.test", "display_name": "Sam Lee", "messages_from": "following"},
    )
    assert _profile(login("alice")) == before


def test_settings_form_saves_what_the_api_saves(login: Callable[[str], ApiClient]) -> None:
    bob = login("bob")
    expect(bob.patch("/api/profile", json=_PROFILE), 200)
    saved = as_browser(login("alice")).post("/settings", data=_PROFILE_FORM)
    assert saved.status_code == 200 and "Saved your profile." in saved.text
    assert _profile(login("alice")) == _profile(bob)
