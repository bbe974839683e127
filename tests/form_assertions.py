"""Checks on a web form the service refused: shown again as a 422, each message next to its
field, what the user typed still in the fields."""

from __future__ import annotations

import re
from collections.abc import Mapping

import requests
from markupsafe import escape

from tests.helpers import ApiClient


def as_browser(client: ApiClient) -> ApiClient:
    """The client's login sent as the session cookie a browser holds, not a bearer header."""
    client.http.cookies.set("mock_session", client.http.headers.pop("Authorization")[7:])
    return client


def _field_tag(html: str, name: str) -> re.Match[str]:
    tag = re.search(rf'<(input|textarea|select)\b[^>]*\bname="{re.escape(name)}"[^>]*>', html)
    assert tag is not None, f"the page has no field named {name!r}"
    return tag


def kept_value(html: str, name: str) -> str:
    """What the field ``name`` holds: an input's value, a textarea's text, a select's choice."""
    tag = _field_tag(html, name)
    if tag[1] == "textarea":
        return html[tag.end() : html.index("</textarea>", tag.end())]
    if tag[1] == "select":
        block = html[tag.end() : html.index("</select>", tag.end())]
        chosen = re.search(r'<option value="([^"]*)"[^>]*\bselected', block)
        return chosen[1] if chosen else ""
    value = re.search(r'\bvalue="([^"]*)"', tag[0])
    return value[1] if value else ""


def assert_form_refused(
    response: requests.Response, errors: Mapping[str, str], kept: Mapping[str, str]
) -> None:
    """``errors`` maps a field to part of the message shown right after it; ``kept`` maps a
    field to the text the user typed in it."""
    html = response.text
    assert response.status_code == 422, (
        f"expected the form shown again as 422, got {response.status_code}: {html[:300]}"
    )
    for name, message in errors.items():
        shown = re.search(
            rf'<span class="field-error" id="error-{re.escape(name)}">([^<]*)</span>', html
        )
        assert shown is not None, f"no error shown for field {name!r}"
        assert str(escape(message)) in shown[1], f"{name}: expected {message!r}, shown {shown[1]!r}"
        before = html[: shown.start()]
        last_field = max(
            before.rfind(f'name="{other}"') for other in re.findall(r'\bname="([^"]+)"', before)
        )
        assert before.rfind(f'name="{name}"') == last_field, (
            f"the error for {name!r} is not next to its field: another field comes between"
        )
    for name, value in kept.items():
        assert kept_value(html, name) == str(escape(value)), (
            f"field {name!r}: expected the typed {value!r} kept, found {kept_value(html, name)!r}"
        )
