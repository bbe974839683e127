"""A browser that lands on a missing or refused page gets a page, in the service's look, saying
what went wrong and where to go on; an API client gets the JSON error from the same routes, and
the machine routes answer JSON to everyone (content negotiation on ``Accept``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests
from flask import Flask

from mock_services.core.base.error_handlers import install_error_handlers
from mock_services.core.serve.app import create_app
from mock_services.core.web.error_pages import error_page
from mock_services.core.web.ui import core_ui
from mock_services.registry import all_specs, get_spec
from tests.conftest import seed_dir
from tests.form_assertions import as_browser
from tests.service_fixtures import serve

BROWSER = (
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
    "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
)
"""What Chromium sends when it navigates to a page."""


def assert_page(response: requests.Response, status: int, *texts: str) -> None:
    assert (response.status_code, response.headers["Content-Type"]) == (
        status,
        "text/html; charset=utf-8",
    ), f"expected a {status} page, got {response.status_code}: {response.text[:300]}"
    for text in texts:
        assert text in response.text, f"expected {text!r} on the page: {response.text[:600]}"
    assert '<a href="/" id="go-home">' in response.text, "no way on to the start page"


def assert_json_error(response: requests.Response, status: int, code: str) -> None:
    assert (response.status_code, response.headers["Content-Type"]) == (
        status,
        "application/json",
    ), f"expected a {status} JSON error, got {response.status_code}: {response.text[:300]}"
    assert response.json()["error"]["code"] == code


def test_a_browser_gets_pages_and_an_api_client_json_for_the_same_errors(tmp_path: Path) -> None:
    with serve("kb", tmp_path, get_spec("kb").default_seed()) as kb:
        ivan = as_browser(kb.client().as_user("ivan", "ivan-pass"))
        page = {"Accept": BROWSER}
        assert_page(ivan.get("/pagez", headers=page), 404, "Page not found", "Knowledge Base")
        assert_page(ivan.get("/pages/999", headers=page), 404, "Page not found", "no page 999")
        assert_page(
            ivan.get("/pages/12", headers=page),
            403,
            "This page is not open to you",
            "draft 12 belongs to another account",
        )
        assert_json_error(ivan.get("/pagez"), 404, "not_found")  # requests sends */*
        assert_json_error(
            ivan.get("/pages/999", headers={"Accept": "application/json"}), 404, "not_found"
        )
        for machine in ("/api/pagez", "/api/pages/999", "/admin/nope", "/health/x"):
            assert ivan.get(machine, headers=page).headers["Content-Type"] == "application/json"
        assert_page(kb.client().http.get(kb.url + "/nowhere", headers=page), 404, "Log in")


@pytest.fixture
def failing_app() -> Flask:
    app = Flask(__name__)
    app.register_blueprint(core_ui)
    install_error_handlers(app, error_page("Test Service"))

    @app.get("/boom")
    def boom() -> str:
        raise RuntimeError("the disk caught fire")

    return app


def test_a_server_error_is_a_page_for_a_browser_and_json_for_a_client(failing_app: Flask) -> None:
    client = failing_app.test_client()
    shown = client.get("/boom", headers={"Accept": BROWSER})
    assert (shown.status_code, shown.mimetype) == (500, "text/html")
    text = shown.get_data(as_text=True)
    assert (
        "Something went wrong on our side (500)" in text and "internal error: RuntimeError" in text
    )
    assert "the disk caught fire" not in text  # the exception's text stays in the log
    answered = client.get("/boom")
    assert (answered.status_code, answered.mimetype) == (500, "application/json")
    assert answered.json["error"]["code"] == "internal_error"


@pytest.mark.parametrize("service", sorted(all_specs()))
def test_an_error_page_keeps_the_sites_menu(tmp_path: Path, service: str) -> None:
    """A reader who meets an error page keeps the site's navigation (its layout's menu), as on
    the real sites, rather than a bare page whose only way on is the start page."""
    settings = seed_dir(tmp_path, service)
    browser = create_app(get_spec(service), settings).test_client()
    missing = browser.get("/nowhere-at-all", headers={"Accept": BROWSER})
    assert missing.status_code == 404, missing.text[:300]
    html = missing.get_data(as_text=True)
    card = re.search(r'<div class="card" id="service-error".*?</div>', html, re.DOTALL)
    assert card, html[:600]
    around = html.replace(card.group(), "")
    menu = set(re.findall(r'<a href="(/[^"]*)"', around)) - {"/docs", "/login"}
    assert len(menu) >= 2, f"{service}: no menu on its error page: {around[:1500]}"


def test_a_browser_opening_a_form_address_is_led_to_the_page_of_the_form(tmp_path: Path) -> None:
    """A refused form leaves the browser at the address it was sent to; reloading it, or typing
    a guessable one (``/spaces``, ``/channels``), leads to the form's page, not a stock 405."""
    page = {"Accept": BROWSER}
    with serve("finance", tmp_path / "finance", get_spec("finance").default_seed()) as finance:
        alice = as_browser(finance.client().as_user("alice", "alice-pass"))
        refused = alice.post(
            "/invoices/INV-0003/payments",
            data={"transaction_id": ""},
            headers={"Referer": finance.url + "/invoices/INV-0003?tab=payments", **page},
        )
        assert refused.status_code == 422
        again = alice.get("/invoices/INV-0003/payments", headers=page, allow_redirects=False)
        assert (again.status_code, again.headers["Location"]) == (
            303,
            "/invoices/INV-0003?tab=payments",
        )
        for kept in [c for c in alice.http.cookies if c.name.startswith("mock_form_page_")]:
            alice.http.cookies.clear(kept.domain, kept.path, kept.name)
        up = alice.get("/invoices/INV-0003/payments", headers=page, allow_redirects=False)
        assert (up.status_code, up.headers["Location"]) == (303, "/invoices/INV-0003")
        for elsewhere in ("//evil.example/", "/\\evil.example/"):  # a cookie set by hand
            alice.http.cookies.set("mock_form_page_finance", elsewhere)
            led = alice.get("/invoices/INV-0003/payments", headers=page, allow_redirects=False)
            assert led.headers["Location"] == "/invoices/INV-0003", (elsewhere, led.headers)
            for by_hand in [c for c in alice.http.cookies if c.name == "mock_form_page_finance"]:
                alice.http.cookies.clear(by_hand.domain, by_hand.path, by_hand.name)
        assert_json_error(alice.get("/invoices/INV-0003/payments"), 405, "method_not_allowed")
    for service, address in (("kb", "/spaces"), ("chat", "/channels")):
        with serve(service, tmp_path / service, get_spec(service).default_seed()) as running:
            http = running.client().http
            home = http.get(running.url + address, headers=page, allow_redirects=False)
            assert (home.status_code, home.headers["Location"]) == (303, "/")
            refused = http.put(running.url + address, headers=page)
            assert_page(refused, 405, "This page cannot do that", "use its buttons and forms")
            assert "The method is not allowed" not in refused.text
            assert_json_error(http.get(running.url + address), 405, "method_not_allowed")


def test_a_refused_fields_note_is_not_led_by_its_internal_name(tmp_path: Path) -> None:
    """The note beside a refused field speaks in plain words ("This is required"), never
    "transaction id: is required"; the field's label beside it says which field it is."""
    with serve("finance", tmp_path, get_spec("finance").default_seed()) as finance:
        alice = as_browser(finance.client().as_user("alice", "alice-pass"))
        refused = alice.post(
            "/invoices/INV-0003/payments",
            data={"transaction_id": ""},
            headers={"Referer": finance.url + "/invoices/INV-0003", "Accept": BROWSER},
        )
        note = re.search(r'id="error-transaction_id">([^<]*)<', refused.text)
        assert note and note[1] == "This is required", note and note[1]
