"""An error page is a page of the site like any other for a signed-in reader: the header keeps
their name and Log out, a mistyped address is said in the site's words (not Flask's stock
sentence), a trailing slash leads to the page without it, as the real sites do, and chat's
sidebar does not tell a member of channels that they have none."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.core.serve.app import create_app
from mock_services.registry import all_specs, get_spec
from tests.conftest import seed_dir
from tests.core.test_error_pages import BROWSER

FLASK_404 = "The requested URL was not found on the server"


@pytest.mark.parametrize("service", sorted(all_specs()))
def test_an_error_page_keeps_the_signed_in_header(tmp_path: Path, service: str) -> None:
    browser = create_app(get_spec(service), seed_dir(tmp_path, service)).test_client()
    login = browser.post("/login", data={"username": "alice", "password": "alice-pass"})
    assert login.status_code in (302, 303), login.get_data(as_text=True)[:300]
    missing = browser.get("/nowhere-at-all", headers={"Accept": BROWSER})
    html = missing.get_data(as_text=True)
    assert missing.status_code == 404
    assert 'id="logout">Log out</button>' in html, f"{service}: no Log out on its error page"
    assert 'id="today"' in html, f"{service}: no day in the header of its error page"
    assert FLASK_404 not in html and "There is no page at this address" in html
    if service == "chat":
        assert "No channels yet" not in html and "No direct messages yet" not in html


@pytest.mark.parametrize("service", ["finance", "helpdesk", "inventory"])
def test_a_trailing_slash_leads_to_the_page(tmp_path: Path, service: str) -> None:
    browser = create_app(get_spec(service), seed_dir(tmp_path, service)).test_client()
    browser.post("/login", data={"username": "alice", "password": "alice-pass"})
    listed = {"finance": "/invoices", "helpdesk": "/tickets/new", "inventory": "/purchase-orders"}
    path = listed[service]
    answer = browser.get(f"{path}/?page=1", headers={"Accept": BROWSER})
    assert answer.status_code == 308 and answer.headers["Location"].endswith(f"{path}?page=1")
    assert browser.get(path, headers={"Accept": BROWSER}).status_code == 200
    still = browser.get("/no-such-list/", headers={"Accept": BROWSER})
    assert still.status_code == 404
