"""A fault on a route that changes data hits its operation on every channel: the web form that
performs it fails the same way (as a page a browser shows), and shares the rule's count."""

from __future__ import annotations

import re
from pathlib import Path

from mock_services.registry import get_spec
from tests.form_assertions import as_browser
from tests.helpers import expect
from tests.service_fixtures import serve


def test_a_checkout_fault_hits_the_form_as_a_page_and_counts_once_per_channel(
    tmp_path: Path,
) -> None:
    seed = {
        **get_spec("shop").default_seed(),
        "faults": [
            {"route": "POST /api/checkout", "first_n": 1, "status": 503, "retry_after": 2},
            {"route": "POST /api/cart/items", "first_n": 1, "status": 429},
        ],
    }
    with serve("shop", tmp_path, seed) as shop:
        alice = shop.client().as_user("alice", "alice-pass")
        browser = as_browser(shop.client().as_user("alice", "alice-pass"))
        cart = alice.get("/api/cart").json()["lines"]
        assert browser.get("/cart").status_code == 200  # reading the page uses up no fault
        refused = browser.post(
            "/cart/add",
            data={"product_id": "1", "quantity": "1"},
            headers={"Referer": shop.url + "/products/1"},
            allow_redirects=False,
        )
        assert refused.status_code == 429, refused.text[:300]
        assert refused.headers["Content-Type"].startswith("text/html")
        # the form's page again, the refusal above the form: no retyping to try again
        assert 'id="form-errors" role="alert">Too many requests, so nothing was changed.' in (
            refused.text
        )  # not "went wrong on our side"
        assert ">Log in</a>" not in refused.text  # the session holds
        assert 'action="/cart/add"' in refused.text  # the product page, its form to send again
        assert alice.get("/api/cart").json()["lines"] == cart  # nothing was added
        expect(alice.post("/api/cart/items", json={"product_id": 1, "quantity": 1}), 201)
        address = alice.get("/api/addresses").json()["items"][0]["id"]
        method = alice.get("/api/payment-methods").json()["items"][0]["id"]
        form = {"address_id": str(address), "payment_method_id": str(method)}
        outage = browser.post("/checkout", data=form, allow_redirects=False)
        assert (outage.status_code, outage.headers["Retry-After"]) == (503, "2")
        assert "temporarily unavailable. Please try again in 2 seconds." in outage.text
        expect(
            alice.post("/api/checkout", json={"address_id": address, "payment_method_id": method}),
            201,
        )
        logged = [(e["operation"], e["via"], e["status"], e["fault"]) for e in alice.audit()]
    assert logged == [
        ("add_cart_item", "ui", 429, "faults[1]"),
        ("add_cart_item", "http", 201, None),
        ("checkout", "ui", 503, "faults[0]"),
        ("checkout", "http", 201, None),
    ], logged


def test_a_read_fault_hits_the_pages_that_show_the_read_and_counts_once(tmp_path: Path) -> None:
    seed = {
        **get_spec("airline").default_seed(),
        "faults": [{"route": "GET /api/flights*", "first_n": 3, "status": 429, "retry_after": 1}],
    }
    with serve("airline", tmp_path, seed) as airline:
        api = airline.client()
        browser = as_browser(airline.client().as_user("alice", "alice-pass"))
        assert browser.get("/airports").status_code == 200  # shows no flight read: untouched
        assert api.get("/api/flights").status_code == 429  # the API's call is the 1st
        listing = browser.get("/flights?page=1")
        assert listing.status_code == 429, listing.text[:300]
        assert listing.headers["Content-Type"].startswith("text/html")
        assert listing.headers["Retry-After"] == "1"
        assert 'id="service-error"' in listing.text
        assert "retry after 1 second" in listing.text
        assert 'href="/flights?page=1" id="try-again"' in listing.text  # the page again
        assert browser.get("/flights/1").status_code == 429  # get_flight: the 3rd call
        assert browser.get("/flights?page=1").status_code == 200  # the 4th passes
        expect(api.get("/api/flights"), 200)


def test_a_read_fault_on_the_start_page_keeps_the_menu_and_two_links_never_meet(
    tmp_path: Path,
) -> None:
    """The airline's start page reads flights: right after login a fault there is an error
    page in the site's own layout (its menu), whose links each lead somewhere of their own."""
    seed = {
        **get_spec("airline").default_seed(),
        "faults": [{"route": "GET /api/flights*", "first_n": 2, "status": 429, "retry_after": 1}],
    }
    with serve("airline", tmp_path, seed) as airline:
        browser = as_browser(airline.client().as_user("alice", "alice-pass"))
        start = browser.get("/")
        assert start.status_code == 429 and 'id="service-error"' in start.text
        assert 'id="flight-status-link"' in start.text and ">My bookings</a>" in start.text
        links = re.findall(r'<a href="([^"]*)" id="(try-again|go-home|go-back)">([^<]*)</a>',
                           start.text)  # fmt: skip
        assert links == [("/", "try-again", "Load the start page again")], links
        elsewhere = browser.get("/flights?page=1")
        links = re.findall(r'<a href="([^"]*)" id="(?:try-again|go-home)">([^<]*)</a>',
                           elsewhere.text)  # fmt: skip
        assert links == [("/flights?page=1", "Load this page again"),
                         ("/", "go to the start page")], links  # fmt: skip
