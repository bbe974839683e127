"""What a web page declares it shows (``page(shows=...)``) is what it shows: on every page each
service's first seeded user reaches from ``/`` (the ``ui-coverage`` crawl), each declared API
read answers 200 at the page's parameters, with the query the page's list uses, and the records
it returns, up to a page's worth, are named on the page. The web UI benchmark pairs each page
with these reads (``bench/ui_pages.py``), so a read declared and not shown would flatter it."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest

from mock_services import ui_coverage as uc
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.services.crawled import Crawled

PAGE_SIZE = 10
"""Records of a list read checked on its page: the first of them (every page lists 10 at least
before it pages)."""
NAMING = (
    "name",
    "title",
    "subject",
    "display_name",
    "code",
    "sku",
    "number",
    "username",
    "email",
    "label",
    "body",
    "text",
)
"""A record's fields that name it, the first present one checked first."""
_DATE = re.compile(r"^\d{4}-\d\d-\d\d")


def records(answer: Any) -> list[Any]:
    """The records a read's JSON answer holds: a list's items, else the one record."""
    if isinstance(answer, list):
        return answer
    if isinstance(answer, dict):
        if isinstance(answer.get("items"), list):
            return list(answer["items"])
        lists = [v for v in answer.values() if isinstance(v, list) and v]
        if len(lists) == 1 and all(isinstance(x, dict) for x in lists[0]):
            return list(lists[0])
    return [answer]


def names_of(record: Any) -> list[str]:
    """What may name ``record`` on a page: its naming fields' values, else every text in it
    (not a date, nor a word of fewer than three letters)."""
    if not isinstance(record, dict):
        return [str(record)]
    named = [str(record[k]) for k in NAMING if isinstance(record.get(k), str) and record[k]]
    texts = [
        v
        for v in _leaves(record)
        if isinstance(v, str) and len(v) >= 3 and not _DATE.match(v) and v not in named
    ]
    return named + texts


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def _words(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split()).casefold()


def named_on(page_text: str, record: Any) -> bool:
    candidates = names_of(record)
    if not candidates:
        return True  # numbers alone: a count or a total, shown in the page's own words
    for name in candidates:
        words = " ".join(name.split()).casefold()
        if words and (words in page_text or words[:60] in page_text):
            return True
    return False


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_each_page_shows_the_reads_it_declares(
    service: str, first_crawl_of: Callable[[str], Crawled]
) -> None:
    spec = get_spec(service)
    app, crawl = first_crawl_of(service)
    client = app.test_client()
    user = spec.default_seed()["users"][0]
    client.post("/login", data={"username": user["username"], "password": user["password"]})
    wrong: list[str] = []
    for address in crawl.addresses():
        page = client.get(address, headers={"Accept": "text/html"})
        if page.status_code != 200:
            continue
        text = _words(page.get_data(as_text=True))
        for operation, api in uc.shown_addresses(app, spec, address):
            if api is None:
                continue  # a read asked by POST, or one this page's parameters cannot fill
            answer = client.get(api)
            if answer.status_code != 200:
                wrong.append(f"{address}: {operation} at {api} answers {answer.status_code}")
                continue
            unnamed = [r for r in records(answer.get_json())[:PAGE_SIZE] if not named_on(text, r)]
            if unnamed:
                wrong.append(
                    f"{address}: {operation} at {api}: {len(unnamed)} record(s) not on the page,"
                    f" the first {str(unnamed[0])[:160]}"
                )
    assert not wrong, "\n".join(wrong)
