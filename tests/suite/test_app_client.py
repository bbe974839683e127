"""The in-process client answers as a real server does: the same statuses, bodies, cookies,
redirects and ``Link`` pages through the same ``requests`` interface."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import requests

from tests.helpers import ApiClient
from tests.service_fixtures import serve


def conversation(shop: ApiClient) -> list[tuple[Any, ...]]:
    """What a client sees over a few representative calls (volatile values left out)."""
    seen: list[tuple[Any, ...]] = []

    def note(response: requests.Response) -> None:
        body = (
            response.json()
            if "json" in response.headers["Content-Type"]
            else len(response.text) > 0
        )
        seen.append(
            (response.request.method, response.request.path_url, response.status_code, body)
        )

    note(shop.get("/api/products", params={"per_page": 2, "page": 2}))
    note(shop.get("/api/orders"))  # not logged in: the error shape
    alice = shop.as_user("alice", "alice-pass")
    note(alice.get("/api/profile"))
    note(alice.post("/api/cart/items", json={"product_id": 999999, "quantity": 1}))
    note(alice.post("/api/cart/items", json={"product_id": 12, "quantity": 1}))
    note(alice.post("/api/cart/items", json={"product_id": 12, "quantity": 2}))
    browser = shop.anonymous()
    login = browser.post("/login", data={"username": "bob", "password": "bob-pass"})
    seen.append(("login", login.status_code, [r.status_code for r in login.history]))
    seen.append(("cookie", sorted(browser.http.cookies.keys())))
    seen.append(("orders page", browser.get("/orders", allow_redirects=False).status_code))
    pages = shop.admin("GET", "/admin/audit?since=0&limit=1")
    seen.append(("audit", pages.status_code, len(pages.json()), pages.links["next"]["url"]))
    return seen


@pytest.mark.process
def test_the_app_in_process_answers_as_the_real_server(tmp_path: Path) -> None:
    with (
        serve("shop", tmp_path / "app") as in_process,
        serve("shop", tmp_path / "http", transport="http") as served,
    ):
        over_app, over_http = conversation(in_process.client()), conversation(served.client())
    assert over_app == over_http, f"in process:\n{over_app}\nover HTTP:\n{over_http}"
