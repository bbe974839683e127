"""Browser sessions: each service keeps its own cookie, as a browser sends a host's cookies to
all of its ports (a task's services are all on localhost), and a stale one is no login."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.auth import session_cookie
from mock_services.core.serve.app import create_app
from mock_services.registry import get_spec
from tests.conftest import seed_dir
from tests.helpers import ApiClient, expect, expect_error, log_in
from tests.service_fixtures import serve


def test_a_stale_session_cookie_is_no_login(tmp_path: Path) -> None:
    """A browser whose cookie outlived its token (a logout elsewhere, a restart) gets the
    login page and is asked to log in, not refused with the token error on every page."""
    with serve("shop", tmp_path) as shop:
        api = shop.client()
        login = {"username": "alice", "password": "alice-pass"}
        token = expect(api.post("/api/auth/login", json=login), 200)["token"]
        bearer = {"Authorization": f"Bearer {token}"}
        browser = shop.client()
        browser.http.cookies.set(session_cookie("shop"), token)
        assert browser.get("/orders", allow_redirects=False).status_code == 200  # logged in
        expect(api.post("/api/auth/logout", headers=bearer), 204)
        login_page = browser.get("/login")
        assert login_page.status_code == 200, login_page.text[:300]
        assert 'name="password"' in login_page.text
        orders = browser.get("/orders", allow_redirects=False)
        assert orders.status_code == 302 and "/login" in orders.headers["Location"]
        me = expect_error(browser.get("/api/auth/me"), 401)
        assert me["message"].startswith("log in first"), me
        refused = expect_error(shop.client().get("/api/auth/me", headers=bearer), 401)
        assert "logged out" in refused["message"], "a bearer token is still checked strictly"


@pytest.mark.browser
@pytest.mark.process  # two real servers on one host
def test_two_services_on_one_host_keep_their_own_browser_sessions(
    tmp_path: Path, page: Any
) -> None:
    with (
        serve("email", tmp_path / "email", transport="http") as mail,
        serve("calendar", tmp_path / "calendar", transport="http") as calendar,
    ):
        for served in (mail, calendar):
            log_in(page, served.url, "alice", "alice-pass", "/")
        for served in (mail, calendar):
            shown = page.goto(f"{served.url}/")
            assert shown is not None and shown.status == 200, f"{served.name}: {shown}"
            assert "/login" not in page.url, f"{served.name} asks to log in again: {page.url}"
        names = sorted(c["name"] for c in page.context.cookies())
        assert names == [session_cookie("calendar"), session_cookie("email")]


def test_every_page_says_today_on_the_task_clock_in_the_seeds_zone(tmp_path: Path) -> None:
    """A browsing agent told "today" learns the day from the page, as a person would."""
    settings = seed_dir(
        tmp_path, "crm", timezone="America/New_York", now=datetime(2026, 3, 16, 3, 0, tzinfo=UTC)
    )
    browser = ApiClient("http://crm.test", "", create_app(get_spec("crm"), settings))
    login = {"username": "alice", "password": "alice-pass"}
    assert browser.post("/login", data=login, allow_redirects=False).status_code in (302, 303)
    for path in ("/login", "/"):
        html = browser.get(path).text
        today = re.search(r'<time id="today" datetime="([^"]+)">([^<]+)</time>', html)
        assert today is not None, f"{path}: no date in the header"
        assert today.groups() == (
            "2026-03-15T23:00:00-04:00",
            "Today: Sun 15 Mar 2026, 23:00 (EDT)",
        )
