"""No page shows a value's internal code where the sites the services copy show words: a
choice reads "In progress" or "Money out", never ``in_progress`` or ``debit``, while the
value it sends stays the code the API takes. Walked from the registry: every page a
service's first seeded user reaches from ``/`` on the default seed (the ui-coverage crawl),
each ``<option>`` and table cell read as a person sees it."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest

from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.ui_coverage import crawled

SNAKE_CASE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
"""A code as the API spells it: ``in_progress``, ``credit_card``."""
LOWER_WORD = re.compile(r"[a-z][a-z0-9_-]*")
"""A choice shown exactly as the value it sends, in lowercase: ``debit``, ``monthly``."""
UNIT_SYMBOLS = frozenset({"kg", "g", "m", "cm", "mm", "l", "ml"})
"""Units of measure, which the sites write in lowercase symbols (Odoo's "kg")."""
PLAIN_WORDS = frozenset({"any", "anyone", "me", "mine"})
"""A filter's words that send themselves ("Assignee: me"), as the sites' filters read."""


class _Shown(HTMLParser):
    """Each ``<option>`` (its text, and the value it sends) and ``<td>`` text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[tuple[str, str, str]] = []
        self._open: tuple[str, str | None, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("option", "td"):
            self._open = (tag, dict(attrs).get("value"), [])

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open[2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and tag == self._open[0]:
            kind, value, parts = self._open
            text = " ".join("".join(parts).split())
            self.shown.append((kind, text if value is None else value, text))
            self._open = None


def code_shown(kind: str, value: str, text: str, worded: set[str]) -> bool:
    """Whether an option (sending ``value``) or a cell shows ``text`` as a bare code:
    ``worded`` holds the values the page's own choices show in words (a list's "run" cell
    under a filter offering "Run")."""
    if SNAKE_CASE.fullmatch(text):
        return True
    if kind == "td":
        return text in worded and bool(LOWER_WORD.fullmatch(text))
    return (
        text == value
        and bool(LOWER_WORD.fullmatch(text))
        and (text not in UNIT_SYMBOLS | PLAIN_WORDS)
    )


def codes_on(html: str) -> list[str]:
    parser = _Shown()
    parser.feed(html)
    worded = {v for kind, v, text in parser.shown if kind == "option" and v and v != text}
    return [
        f"<{kind}> {text!r}"
        for kind, value, text in parser.shown
        if code_shown(kind, value, text, worded)
    ]


def test_a_code_is_told_from_words() -> None:
    html = (
        '<select><option value="in_progress">In progress</option><option value="debit">debit'
        '</option><option>scheduled</option><option value="">any status</option>'
        '<option value="kg">kg</option><option value="7">Lunch</option>'
        '<option value="run">Run</option></select>'
        "<table><tr><td>partly_paid</td><td>Alice Martin</td><td>paid</td><td>run</td></tr></table>"
    )
    assert codes_on(html) == [
        "<option> 'debit'",
        "<option> 'scheduled'",
        "<td> 'partly_paid'",
        "<td> 'run'",
    ]


@pytest.fixture(scope="module")
def pages_of(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], dict[str, str]]:
    """Each page (one address of each) a service's first seeded user reaches, with its HTML,
    crawled once per module."""
    made: dict[str, dict[str, str]] = {}

    def pages(service: str) -> dict[str, str]:
        if service not in made:
            spec = get_spec(service)
            app, crawl = crawled(spec, tmp_path_factory.mktemp(service), users=1)
            user = spec.default_seed()["users"][0]
            client = app.test_client()
            client.post("/login", data={"username": user["username"], "password": user["password"]})
            made[service] = {}
            for addresses in crawl.pages.values():
                answer = client.get(min(addresses))
                assert answer.status_code == 200, (min(addresses), answer.status_code)
                made[service][min(addresses)] = answer.get_data(as_text=True)
        return made[service]

    return pages


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_no_page_shows_a_code_for_words(
    service: str, pages_of: Callable[[str], dict[str, str]]
) -> None:
    found: dict[str, set[str]] = {}
    for address, html in pages_of(service).items():
        for code in codes_on(html):
            found.setdefault(code, set()).add(address)
    assert found == {}, f"{service}: codes shown where the page should say words:\n" + "\n".join(
        f"{code} on {', '.join(sorted(pages)[:3])}" for code, pages in sorted(found.items())
    )


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_no_picker_hides_its_choices_in_groups(
    service: str, pages_of: Callable[[str], dict[str, str]]
) -> None:
    """Playwright's accessibility snapshot leaves an ``<optgroup>``'s options out, so a
    browsing agent sees an empty picker: a group is named in each choice's text instead
    (``core.web.wording.grouped_choices``: "ENG · Runbook")."""
    grouped = sorted(address for address, html in pages_of(service).items() if "<optgroup" in html)
    assert grouped == [], f"{service}: pickers with <optgroup> on {grouped}"
