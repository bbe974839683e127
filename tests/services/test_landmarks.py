"""A page's side navigation and side boxes sit outside ``main``, so a reader of the main region
(``main_text``, the aria snapshot's ``main``) gets the page's own content only: a service's
folders, lists, views, conversations or filters inside ``main`` read as part of what the page
shows (an outside browsing run took social's "Who to follow" for people followed). On every
page a service's first seeded user reaches from ``/`` (the ui-coverage crawl), ``main`` holds
no ``nav`` or ``aside`` but the page's own parts (a pager, breadcrumbs, a switch between views
of what the page lists, a record's own panels); outside it, every ``aside`` is a top-level
landmark and no two side landmarks of one kind share a name (axe-core's ``landmark-*``
rules)."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest

from mock_services.registry import SERVICE_MODULES
from tests.services.crawled import Visit

LANDMARKS = {"nav": "navigation", "aside": "complementary"}

OWN_PARTS = re.compile(
    r"pages\b.*|breadcrumbs|calendar view|invoices by status|record kinds|deal views|layout"
    r"|which notifications|followers or following|your account"
    r"|(contact|deal|company|ticket) properties|associations|requester( details)?"
    r"|order summary|buy .+|summary",
    re.I,
)
"""The names of the parts a page's main region keeps: its pager, breadcrumbs and switches
between views of its own list, and a record's panels (its properties, its requester, an
order's summary), which are what the page shows."""


class _Landmarks(HTMLParser):
    """Each ``nav`` and ``aside`` of a page: its kind, its name, whether it is inside ``main``,
    and whether it is inside another landmark."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, bool, bool]] = []
        self._open: list[tuple[str, str]] = []
        self._ids: dict[str, str] = {}
        self._texts: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag in LANDMARKS:
            name = values.get("aria-label") or "#" + values.get("aria-labelledby", "")
            tags = [t for t, _ in self._open]
            outer = [t for t in tags if t in ("nav", "aside", "main", "header")]
            self.found.append((tag, name, "main" in tags, bool(outer)))
        if "id" in values:
            self._texts[values["id"]] = []
        if tag not in ("input", "br", "img", "meta", "link", "hr", "col", "source", "wbr"):
            self._open.append((tag, values.get("id", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag in (t for t, _ in self._open):
            while self._open and self._open.pop()[0] != tag:
                pass

    def handle_data(self, data: str) -> None:
        for _, opened in self._open:
            if opened in self._texts:
                self._texts[opened].append(data)

    def named(self) -> list[tuple[str, str, bool, bool]]:
        """The landmarks, each named by its label or the text of the element labelling it."""
        return [
            (
                tag,
                " ".join("".join(self._texts.get(name[1:], [])).split())
                if name.startswith("#")
                else name,
                in_main,
                nested,
            )
            for tag, name, in_main, nested in self.found
        ]


def landmarks(html: str) -> list[tuple[str, str, bool, bool]]:
    parser = _Landmarks()
    parser.feed(html)
    return parser.named()


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_side_navigation_is_outside_main(service: str, visit_of: Callable[[str], Visit]) -> None:
    pages = visit_of(service).pages  # each page as it was before any form was sent
    assert "/" in pages, sorted(pages)[:5]
    inside, nested, twice = [], [], []
    for address, html in sorted(pages.items()):
        found = landmarks(html)
        inside += [
            f"{address}: {tag} “{name}”"
            for tag, name, in_main, _ in found
            if in_main and not OWN_PARTS.fullmatch(name)
        ]
        nested += [
            f"{address}: {tag} “{name}”"
            for tag, name, in_main, within in found
            if tag == "aside" and within and not in_main
        ]
        outside = [(LANDMARKS[tag], name) for tag, name, in_main, _ in found if not in_main]
        twice += [
            f"{address}: {kind} “{name}”"
            for kind, name in set(outside)
            if outside.count((kind, name)) > 1
        ]
    assert inside == [], f"{service}: side navigation inside main:\n" + "\n".join(inside)
    assert nested == [], f"{service}: a complementary landmark inside another:\n" + "\n".join(
        nested
    )
    assert twice == [], f"{service}: side landmarks sharing a name:\n" + "\n".join(twice)


RECORD_PAGE = re.compile(r"/(\d+|[A-Z]+-\d+)(/|$)")
"""A record's own page (a task, a ticket, an event, a message): a path with an id in it."""

OTHER_VIEWS = {"calendar": ("/schedule", "/day")}
"""The other views of what a service's start page shows, which keep its side navigation as
the record pages do (Google Calendar's Schedule and Day views keep the small month)."""

OWN_LAYOUT = {
    "calendar": ("/events/", "/calendars/"),
    "todolist": ("/lists/", "/notes/"),
    "helpdesk": ("/requesters/",),
}
"""Record pages laid out on their own, as the copied sites do: Google Calendar opens an event
or a calendar's settings full width; a Todoist project's settings and a note (the notes'
"Folders" go with the notes) are no task view; a Zendesk requester's profile is a people page,
not a ticket view."""

START_PAGE_ONLY = {("shop", "complementary", "Filters")}
"""Side landmarks of a start page that belong to it alone: the catalogue's filters filter the
catalogue, and a product's page (as Amazon's) has none."""


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_record_pages_keep_the_side_navigation_of_the_start_page(
    service: str, visit_of: Callable[[str], Visit]
) -> None:
    """A service whose start page has a side navigation keeps it, by the same name, on every
    crawled page of a record (``/tasks/15``, ``/tickets/TK-1001``) and on its other views of
    the same things (calendar's ``/schedule`` and ``/day``), as Todoist, Zendesk and Google
    Calendar keep their sidebars: an agent changes list, view or month from where it is."""
    pages = visit_of(service).pages
    side = {
        (LANDMARKS[tag], name)
        for tag, name, in_main, _ in landmarks(pages["/"])
        if not in_main and (tag == "aside" or (tag == "nav" and name))
    } - {(kind, name) for s, kind, name in START_PAGE_ONLY if s == service}
    site_wide = set.intersection(
        *(
            {(LANDMARKS[t], n) for t, n, in_main, _ in landmarks(html) if not in_main}
            for html in pages.values()
        )
    )
    side -= site_wide  # the header's menus every page has anyway
    lacking = []
    for address, html in sorted(pages.items()):
        path = address.split("?")[0]
        if not (RECORD_PAGE.search(path) or path in OTHER_VIEWS.get(service, ())):
            continue
        if path.startswith(OWN_LAYOUT.get(service, ())):
            continue
        has = {(LANDMARKS[t], n) for t, n, in_main, _ in landmarks(html) if not in_main}
        lacking += [f"{address}: {kind} “{name}”" for kind, name in sorted(side - has)]
    assert lacking == [], f"{service}: pages without the start page's side navigation:\n" + (
        "\n".join(lacking)
    )
