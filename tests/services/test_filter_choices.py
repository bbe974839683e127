"""A page's filter means what its choices say: choosing a select's blank option ("any", "all
accounts") shows that option chosen and filters nothing. A blank value is dropped from the
address (a GET page's rule), so a page whose default is another value (the expense review
queue's "submitted") would show that instead and hide the rest; such a choice needs a value
of its own. Every GET form of every page the first seeded user reaches, in every service."""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

from mock_services.registry import SERVICE_MODULES, get_spec
from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.services.crawled import Crawled

pytestmark = [pytest.mark.process, pytest.mark.slow]


class Selects(HTMLParser):
    """Each named select of a page: its name, first option's value and text, which option's
    text is selected, and whether it belongs to a GET form (inside one, or naming one by its
    ``form`` attribute, as shop's filter column beside the page does)."""

    def __init__(self) -> None:
        super().__init__()
        self.in_get_form = False
        self.get_form_ids: set[str] = set()
        self.current: dict[str, str] | None = None
        self.option: dict[str, str] | None = None  # its value, text and "selected" ("" or "1")
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.in_get_form = values.get("method", "get").lower() == "get"
            if self.in_get_form and values.get("id"):
                self.get_form_ids.add(values["id"])
        elif tag == "select" and values.get("name"):
            owner = "" if self.in_get_form else values.get("form", "-")
            self.current = {"name": values["name"], "selected": "", "owner": owner}
        elif tag == "option" and self.current is not None:
            on = "1" if "selected" in values else ""
            self.option = {"value": values.get("value", "\0"), "text": "", "on": on}

    def handle_data(self, data: str) -> None:
        if self.option is not None:
            self.option["text"] += data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "option" and self.option is not None and self.current is not None:
            if "first_value" not in self.current:
                self.current["first_value"] = self.option["value"]
                self.current["first_text"] = self.option["text"]
            if self.option["on"]:
                self.current["selected"] = self.option["text"]
            self.option = None
        elif tag == "select" and self.current is not None:
            self.found.append(self.current)
            self.current = None
        elif tag == "form":
            self.in_get_form = False


def selects(html: str) -> list[dict[str, str]]:
    """The selects of ``html``'s GET forms (``Selects``)."""
    parser = Selects()
    parser.feed(html)
    return [s for s in parser.found if s["owner"] == "" or s["owner"] in parser.get_form_ids]


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_a_filters_blank_choice_shows_itself_chosen(
    service: str,
    live_service: Callable[..., ApiClient],
    first_crawl_of: Callable[[str], Crawled],
) -> None:
    spec = get_spec(service)
    user = spec.default_seed()["users"][0]
    browser = as_browser(live_service(service).as_user(user["username"], user["password"]))
    wrong = []
    for address in first_crawl_of(service)[1].addresses():
        path = urlsplit(address).path
        for select in selects(browser.get(address).text):
            if select.get("first_value") != "":
                continue
            answer = browser.get(path, params={select["name"]: ""})
            after = next((s for s in selects(answer.text) if s["name"] == select["name"]), select)
            if after["selected"] not in ("", select["first_text"]):
                wrong.append(
                    f"{path}: choosing {select['name']}={select['first_text']!r} shows "
                    f"{after['selected']!r} chosen"
                )
    assert wrong == [], f"{service}: blank choices that do not stick:\n" + "\n".join(wrong)
