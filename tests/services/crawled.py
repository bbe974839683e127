"""The pages and notices a service's first seeded user meets, for the crawls that read them
as a person does (``test_code_words``, ``test_notices``): every page the ui-coverage crawl
reaches from ``/`` on the default seed (one address of each), and the notice each form on those
pages leaves when it is sent as it stands (its preset values, its first button), in page
order, as a person trying every button would see them; and ``once_per_service``, which makes
each service's crawl or visit once for the checks that share it (``conftest.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import TypeVar
from urllib.parse import urljoin, urlsplit

import pytest
from flask import Flask

from mock_services.registry import get_spec
from mock_services.ui_coverage import Crawl, PageParser, crawled

Made = TypeVar("Made")
Crawled = tuple[Flask, Crawl]


def once_per_service(
    make: Callable[[str, Path], Made], tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], Made]:
    """``make(service, data_dir)`` for each service the first time it is asked for, in a data
    folder of its own, and the same result after that."""
    made: dict[str, Made] = {}

    def once(service: str) -> Made:
        if service not in made:
            made[service] = make(service, tmp_path_factory.mktemp(service))
        return made[service]

    return once


NOT_SENT = ("/login", "/logout")
"""Forms that end the visit rather than act on a record."""


@dataclass
class Visit:
    pages: dict[str, str] = field(default_factory=dict)
    """Each page's address and HTML."""
    notices: list[tuple[str, str, str, str]] = field(default_factory=list)
    """Each notice a sent form left: the page it was sent from, its button, the notice's
    kind (``ok``, ``error``...) and its text."""


class _Notices(HTMLParser):
    """The notices (``div.flash``) of a page, each with its kind and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self._open: tuple[str, list[str]] | None = None
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self._open is not None and tag == "div":
            self._depth += 1
        elif tag == "div" and "flash" in classes:
            kind = next((c for c in classes if c != "flash"), "")
            self._open, self._depth = (kind, []), 0

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and tag == "div":
            if self._depth:
                self._depth -= 1
                return
            kind, parts = self._open
            self.found.append((kind, " ".join("".join(parts).split())))
            self._open = None


def notices_on(html: str) -> list[tuple[str, str]]:
    parser = _Notices()
    parser.feed(html)
    return parser.found


def visit(service: str, data_dir: Path, *, send_forms: bool = False) -> Visit:
    """What ``service``'s first seeded user sees: its pages, and with ``send_forms`` the
    notices its forms leave."""
    spec = get_spec(service)
    app, crawl = crawled(spec, data_dir, users=1)
    user = spec.default_seed()["users"][0]
    client = app.test_client()
    client.post("/login", data={"username": user["username"], "password": user["password"]})
    seen = Visit()
    for address in crawl.addresses():
        answer = client.get(address)
        assert answer.status_code == 200, (address, answer.status_code)
        seen.pages[address] = answer.get_data(as_text=True)
    if not send_forms:
        return seen
    for address in sorted(seen.pages):
        parser = PageParser()
        parser.feed(seen.pages[address])
        for form in parser.forms:
            label, sends, to = (form.buttons or [("", {}, "")])[0]  # its first, Enter's button
            action = urlsplit(urljoin(address, to or form.action or address))
            if form.method != "POST" or action.path.startswith(NOT_SENT):
                continue
            target = action.path + (f"?{action.query}" if action.query else "")
            answer = client.post(target, data=form.values | sends, follow_redirects=True)
            for kind, text in notices_on(answer.get_data(as_text=True)):
                seen.notices.append((address, label, kind, text))
    return seen
