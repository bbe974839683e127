"""Where a form goes back to: the page it names in ``next`` when that is one of this site's."""

from __future__ import annotations

from collections.abc import Callable

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def test_a_form_goes_back_only_to_a_page_of_this_site(login: Callable[[str], ApiClient]) -> None:
    browser = as_browser(login("alice"))
    answer = browser.post("/u/heidi/follow", data={"next": "/explore"}, allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"] == "/explore"
    answer = browser.post(
        "/u/heidi/unfollow", data={"next": "//elsewhere.example/"}, allow_redirects=False
    )
    assert answer.status_code == 303 and answer.headers["Location"] == "/u/heidi"
