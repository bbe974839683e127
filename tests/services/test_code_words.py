"""No page shows a value's internal code where the sites the services copy show words: a
choice reads "In progress" or "Money out", never ``in_progress`` or ``debit``, while the
value it sends stays the code the API takes. Walked from the registry: every page a
service's first seeded user reaches from ``/`` on the default seed (the ui-coverage crawl),
each ``<option>`` and table cell read as a person sees it, and the running text of each page
and of each notice its forms leave (``crawled``): a status said inside a sentence or a
notice ("This appointment is scheduled", "now has edit access", "Default access: edit") reads
in the words its choices give it too."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest

from mock_services.registry import SERVICE_MODULES
from tests.services.crawled import Visit

SNAKE_CASE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
"""A code as the API spells it: ``in_progress``, ``credit_card``."""
LOWER_WORD = re.compile(r"[a-z][a-z0-9_-]*")
"""A choice shown exactly as the value it sends, in lowercase: ``debit``, ``monthly``."""
UNIT_SYMBOLS = frozenset({"kg", "g", "m", "cm", "mm", "l", "ml"})
"""Units of measure, which the sites write in lowercase symbols (Odoo's "kg")."""
PLAIN_WORDS = frozenset({"any", "anyone", "me", "mine"})
"""A filter's words that send themselves ("Assignee: me"), as the sites' filters read."""
SAID_WORDS = PLAIN_WORDS | UNIT_SYMBOLS | {"all", "none"}
"""Choices whose value is also how a sentence says it ("Labels added: none")."""
FACET = re.compile(r".* \(\d+\)$")
"""A choice that is a label or category with its count, "runbook (3)": its value is the
label as people typed it, no code."""
NOT_TEXT = frozenset(
    {"option", "td", "select", "textarea", "script", "style", "code", "pre", "kbd", "title"}
)
"""Elements whose text is no running text: choices and cells (read apart), what a person
typed or a machine reads."""


class _Shown(HTMLParser):
    """Each ``<option>`` (its text, and the value it sends) and ``<td>`` text of a page, and
    its running text (``text``: everything else a person reads, in one line)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown: list[tuple[str, str, str]] = []
        self._open: tuple[str, str | None, list[str]] | None = None
        self._running: list[str] = []
        self._apart: list[str] = []

    @property
    def text(self) -> str:
        return " ".join(" ".join(self._running).split())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("option", "td"):
            self._open = (tag, dict(attrs).get("value"), [])
        if tag in NOT_TEXT:
            self._apart.append(tag)
        elif tag in ("br", "p", "li", "div", "dt", "dd", "h1", "h2", "h3", "th", "label"):
            self._running.append(" \n ")

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open[2].append(data)
        if not self._apart:
            self._running.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._apart and tag == self._apart[-1]:
            self._apart.pop()
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


def worded_codes(pages: dict[str, str]) -> dict[str, str]:
    """Each code the pages' choices send and show in other words ("edit" shown "Can edit",
    "debit" shown "Money out"), with its words: a code whose words are itself capitalised
    ("completed", "Completed") reads as a word in a sentence, and a label with its count or a
    value a sentence says as it is are no codes."""
    codes: dict[str, str] = {}
    for html in pages.values():
        parser = _Shown()
        parser.feed(html)
        for kind, value, text in parser.shown:
            if (
                kind == "option"
                and LOWER_WORD.fullmatch(value)
                and text.lower() != value.replace("_", " ").replace("-", " ")
                and value not in SAID_WORDS
                and not FACET.fullmatch(text)
            ):
                codes.setdefault(value, text)
    return codes


def codes_in_text(text: str, codes: dict[str, str]) -> list[str]:
    """Where ``text`` (a page's running text, or a notice) says a code rather than its words:
    any code as the API spells it (``in_progress``), or one of ``codes`` given as a value, the
    way a status is given in a sentence ("Default access: edit", "is completed.", "(draft)",
    "to proposal."), where a person reads the value and its choices say it otherwise."""
    found = [f"{m[0]!r} in {_around(text, m)!r}" for m in SNAKE_CASE.finditer(text)]
    if not codes:
        return found
    named = "|".join(re.escape(code) for code in sorted(codes, key=len, reverse=True))
    given = re.compile(
        rf"(?:: |\(|\b(?:is|to|now|by|for) )(?P<code>{named})(?=$|\)| ·| \n|[,.;](?: |$))"
    )
    found += [
        f"{m['code']!r} for {codes[m['code']]!r} in {_around(text, m)!r}"
        for m in given.finditer(text)
    ]
    return found


def _around(text: str, found: re.Match[str]) -> str:
    return " ".join(text[max(0, found.start() - 40) : found.end() + 20].split())


def test_a_code_in_running_text_is_told_from_words() -> None:
    codes = {"edit": "Can edit", "completed": "Done", "draft": "Draft (only you)"}
    assert [
        found.split(" in ")[0]
        for found in codes_in_text(
            "Default access: edit · you can edit it. This appointment is completed; "
            "RFC (draft). A draft of in_progress work. Completed ones stay.",
            codes,
        )
    ] == [
        "'in_progress'",
        "'edit' for 'Can edit'",
        "'completed' for 'Done'",
        "'draft' for 'Draft (only you)'",
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
def pages_of(visit_of: Callable[[str], Visit]) -> Callable[[str], dict[str, str]]:
    return lambda service: visit_of(service).pages


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


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_no_sentence_or_notice_says_a_code(service: str, visit_of: Callable[[str], Visit]) -> None:
    """A status inside a sentence ("This appointment is scheduled and has started"), a
    notice ("now has edit access") or a line of facts ("Default access for members: edit")
    is said in the words its choices give it ("Completed", "Can edit"), as cells say it."""
    seen = visit_of(service)
    codes = worded_codes(seen.pages)
    found: dict[str, set[str]] = {}
    for address, html in seen.pages.items():
        parser = _Shown()
        parser.feed(html)
        for code in codes_in_text(parser.text, codes):
            found.setdefault(code, set()).add(address)
    for address, label, _kind, notice in seen.notices:
        for code in codes_in_text(notice, codes):
            found.setdefault(f"notice {code}", set()).add(f"{address} ({label})")
    assert found == {}, f"{service}: codes said where the words should be:\n" + "\n".join(
        f"{code} on {', '.join(sorted(pages)[:3])}" for code, pages in sorted(found.items())
    )
