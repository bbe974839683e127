"""Every paged list page of every service pages one way, the core pager's
(``core/web/templates/paging.html``): it says which rows it shows ("1 to 1 of 45 notes",
with an en dash), its Previous and Next links keep every query parameter (a page size, a
filter, one it does not know), a page size asked in the address is the one shown, and a page
past the end says so and links back. The pages are
found from the registry: each service's UI pages that show an API read taking ``page``, reached
from ``/`` on the default seed by its first user; one that answers the same on its first page
and far past its end shows one page only (a dashboard's five latest) and has no pager."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from urllib.parse import parse_qsl, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from mock_services.core.web.routes import user_endpoints
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.services.crawled import Crawled

FAR = 9999
DASH = "\N{EN DASH}"  # the count line's range, as the sites write it
KEPT = ("kept", "yes")  # a parameter no page reads: its links must carry it all the same


def paged_pages(app: Flask, service: str) -> list[str]:
    """The endpoints of the service's UI pages that show an API read taking ``page``."""
    paged_reads = {
        e.handler.__name__
        for e in user_endpoints(get_spec(service))
        if e.method == "GET" and e.query is not None and "page" in e.query.model_fields
    }
    return sorted(
        endpoint
        for endpoint, view in app.view_functions.items()
        if getattr(view, "web_page", False) and set(getattr(view, "shows", ())) & paged_reads
    )


def _without_tokens(html: str) -> str:
    """The page without what changes between two reads of it (a form's one-time values)."""
    return re.sub(r'name="(csrf_token|form_token)" value="[^"]*"', "", html)


def _href(html: str, link_id: str) -> dict[str, list[str]] | None:
    found = re.search(rf'<a href="([^"]*)" id="{link_id}"', html)
    if found is None:
        return None
    params: dict[str, list[str]] = {}
    for key, value in parse_qsl(urlsplit(unescape(found[1])).query, keep_blank_values=True):
        params.setdefault(key, []).append(value)
    return params


def _wanted(asked: list[tuple[str, str]], page: int) -> dict[str, list[str]]:
    params: dict[str, list[str]] = {}
    for key, value in [*asked, ("page", str(page))]:
        params.setdefault(key, []).append(value)
    return params


def _check(client: FlaskClient, address: str) -> list[str] | None:
    """What is wrong with the paging of the page at ``address`` (None: it shows one page)."""
    split = urlsplit(address)
    asked = [
        (k, v)
        for k, v in parse_qsl(split.query, keep_blank_values=True)
        if k not in ("page", "per_page")
    ]
    asked += [("per_page", "1"), KEPT]
    first = client.get(split.path, query_string=[*asked, ("page", "1")])
    far = client.get(split.path, query_string=[*asked, ("page", str(FAR))])
    assert first.status_code == 200, (address, first.status_code)
    first_html, far_html = first.get_data(as_text=True), far.get_data(as_text=True)
    echoed = far_html.replace(f"page={FAR}", "page=1").replace(f"page%3D{FAR}", "page%3D1")
    if _without_tokens(first_html) == _without_tokens(echoed):  # the address echoed in a form
        return None
    wrong = []
    if 'id="past-the-end"' not in far_html:
        wrong.append(f"page {FAR} does not say it is past the end")
    elif (back := _href(far_html, "last-page")) is None or not all(
        back.get(k) == v for k, v in _wanted(asked, 1).items() if k != "page"
    ):
        wrong.append(f"page {FAR}'s link back drops a parameter: {back}")
    if 'id="page-range"' in first_html:
        shown = re.search(rf'<span id="page-range">1{DASH}1 of (\d+) ', first_html)
        if shown is None:
            wrong.append(f"the count line does not say '1{DASH}1 of N'")
        if _href(first_html, "next-page") != _wanted(asked, 2):
            wrong.append(f"Next drops a parameter: {_href(first_html, 'next-page')}")
        second = client.get(split.path, query_string=[*asked, ("page", "2")]).get_data(True)
        if _href(second, "previous-page") != _wanted(asked, 1):
            wrong.append(f"Previous drops a parameter: {_href(second, 'previous-page')}")
    elif re.search(r'rel="next"|aria-label="pages"|>Next\b|>Older\b', first_html):
        wrong.append("it has a pager of its own, not the core's")
    elif (rows := _rows_in_all(far_html)) is not None and rows > 1:
        wrong.append(f"per_page=1 shows no pager over its {rows} rows: it ignores per_page")
    return wrong


def _rows_in_all(past_the_end: str) -> int | None:
    """The rows of all pages, as a page past the end counts them ("(45 messages)")."""
    found = re.search(r'id="past-the-end">.*?\((\d[\d,]*) [^)]*\)\.', past_the_end, re.S)
    return int(found[1].replace(",", "")) if found else None


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_every_paged_list_page_uses_the_core_pager(
    service: str, first_crawl_of: Callable[[str], Crawled]
) -> None:
    spec = get_spec(service)
    app, crawl = first_crawl_of(service)
    user = spec.default_seed()["users"][0]
    client = app.test_client()
    client.post("/login", data={"username": user["username"], "password": user["password"]})
    problems, paged = [], []
    for endpoint in paged_pages(app, service):
        if not crawl.pages.get(endpoint):
            continue  # not reached by the first user's links
        address = min(crawl.pages[endpoint])
        wrong = _check(client, address)
        if wrong is None:
            continue
        paged.append(address)
        problems += [f"{address}: {w}" for w in wrong]
    assert problems == [], f"{service}: paging that is not the core pager's:\n" + "\n".join(
        problems
    )
