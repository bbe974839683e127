"""Checks on web forms: one the service refused is shown again as a 422, each message next to
its field, what the user typed still in the fields; one it took makes the change its API route
makes (``FormCase``, ``assert_form_does_what_the_api_does``)."""

from __future__ import annotations

import html as markup
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import requests
from markupsafe import escape

from tests.helpers import ApiClient, expect


def as_browser(client: ApiClient) -> ApiClient:
    """The client's login sent only as the session cookie its login set (as a browser holds
    it), not as a bearer header."""
    client.http.headers.pop("Authorization")
    names = [c.name for c in client.http.cookies]
    assert any(n.startswith("mock_session_") for n in names), f"no session cookie: {names}"
    return client


def labels_found_twice(html: str) -> list[tuple[str, str]]:
    """Each field label on the page that another label or ``aria-label`` contains, ignoring case,
    with that other name: ``get_by_label(label)`` without ``exact=True`` finds both."""

    def plain(text: str) -> str:
        return " ".join(markup.unescape(re.sub(r"<[^>]*>", " ", text)).split())

    labels = {plain(t) for t in re.findall(r"<label\b[^>]*>(.*?)</label>", html, re.DOTALL)}
    names = labels | {plain(t) for t in re.findall(r'\baria-label="([^"]*)"', html)}
    return sorted(
        (label, name)
        for label in labels
        for name in names
        if label and name != label and label.casefold() in name.casefold()
    )


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
        note = shown[1].casefold()  # a note is a sentence of its own: "Must be more than 0"
        assert str(escape(message)).casefold() in note, (
            f"{name}: expected {message!r}, shown {shown[1]!r}"
        )
        assert not note.startswith(f"{name.replace('_', ' ')}:"), f"led by its name: {shown[1]!r}"
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


def assert_action_refused(
    response: requests.Response, status: int, message: str, kept: Mapping[str, str] = {}
) -> None:
    """A refusal of the whole form by the service (a business rule, not a field): the page the
    form came from shown again with ``status``, ``message`` above it and what was typed kept."""
    html = response.text
    assert response.status_code == status, (
        f"expected the page shown again as {status}, got {response.status_code}: {html[:300]}"
    )
    notice = re.search(
        r'<div class="flash error" id="form-errors" role="alert">(.*?)</div>', html, re.S
    )
    assert notice is not None, "no refusal notice above the form"
    assert str(escape(message)) in notice[1], (
        f"expected {message!r} in the notice, shown {notice[1]!r}"
    )
    for name, value in kept.items():
        assert kept_value(html, name) == str(escape(value)), (
            f"field {name!r}: expected the typed {value!r} kept, found {kept_value(html, name)!r}"
        )


def row_changes(entry: Mapping[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """The rows an audit entry changed, sorted, as (table, row id, action, values): an inserted
    row's columns, an updated row's changed columns with their new values, a deleted row's
    columns. Left out, as they differ per call: an inserted row's id (each call allocates its
    own; shown as ``<new>``) and times equal to the call's own moment (shown as ``<now>``: a
    stamp of when it ran). Everything else must agree, so the calls compared start from the
    same state."""
    now = entry["at"], entry["at"].removesuffix("Z")

    def kept(values: Mapping[str, Any]) -> dict[str, Any]:
        return {k: "<now>" if v in now else v for k, v in values.items() if k != "id"}

    changes = []
    for change in entry["changes"]:
        action, before, after = change["action"], change["before"] or {}, change["after"] or {}
        if action == "update":
            values = {k: v for k, v in after.items() if before.get(k) != v}
        else:
            values = after or before
        row = "<new>" if action == "insert" else change["row_id"]
        changes.append((change["table"], row, action, kept(values)))
    return sorted(changes, key=lambda change: json.dumps(change, sort_keys=True))


def assert_same_change(
    operation: str, by_api: Mapping[str, Any], by_form: Mapping[str, Any]
) -> None:
    """An API call's audit entry and a web form's both record ``operation``, each by its own
    channel, with the same ``params`` (what it acts on) and the same row changes
    (``row_changes``)."""
    channels = [(entry["operation"], entry["via"]) for entry in (by_api, by_form)]
    assert channels == [(operation, "http"), (operation, "ui")], (
        f"expected {operation!r} by the API ('http') and by the form ('ui'), got {channels}"
    )
    params = [entry["params"] for entry in (by_api, by_form)]
    assert params[0] == params[1], (
        f"{operation}: expected the form's entry to name what it acts on as the API's does "
        f"(params {params[0]}), got {params[1]}"
    )
    api_rows, form_rows = row_changes(by_api), row_changes(by_form)
    assert api_rows, f"{operation}: expected the API call to change rows, it changed none"
    assert form_rows == api_rows, (
        f"{operation}: the form changed\n{form_rows}\nwhere the API changed\n{api_rows}"
    )


Given = dict[str, Any]
"""What a case's setup found or made (an id, a page's fields), filling both its requests."""


def nothing(_client: ApiClient) -> Given:
    """The setup of a case that acts on the seed as it is."""
    return {}


@dataclass(frozen=True)
class FormCase:
    """A web form and the API call that make the same change, ``operation``, by ``user`` from
    the state ``setup`` left: ``setup`` gets the user's client (it logs in anyone else it
    needs), ``api`` gives (method, path, JSON), ``form`` (path, fields as its page posts them),
    ``files`` what the form uploads (field: (file name, content, type))."""

    name: str
    operation: str
    api: Callable[[Given], tuple[str, str, dict[str, Any] | None]]
    form: Callable[[Given], tuple[str, dict[str, str]]]
    setup: Callable[[ApiClient], Given] = nothing
    user: str = "alice"
    files: Mapping[str, tuple[str, bytes, str]] = field(default_factory=dict)


def performed_once(
    service: ApiClient, case: FormCase, passwords: Mapping[str, str], *, by_form: bool
) -> dict[str, Any]:
    """The one audit entry of ``case`` done on the reset service, by its form (answered as a
    browser expects: a 303 to a page of this site, which then shows) or by its API."""
    expect(service.admin("POST", "/admin/reset"), 200)
    client = service.as_user(case.user, passwords[case.user])
    given = case.setup(client)
    since = max((entry["id"] for entry in client.audit()), default=0)
    if by_form:
        path, fields = case.form(given)
        browser = as_browser(client)
        answer = browser.post(
            path, data=fields, files=dict(case.files) or None, allow_redirects=False
        )
        location = answer.headers.get("Location", "")
        target = urlsplit(location)
        assert answer.status_code == 303 and not target.netloc and target.path.startswith("/"), (
            f"POST {path}: expected a 303 to a page, got {answer.status_code} "
            f"to {location!r}: {answer.text[:300]}"
        )
        shown = browser.get(location)
        assert shown.status_code == 200, f"GET {location} after the form: {shown.status_code}"
    else:
        method, path, body = case.api(given)
        answer = client.request(method, path, json=body)
        assert answer.ok, f"{method} {path}: {answer.status_code} {answer.text[:300]}"
    entries = client.audit(since)
    assert len(entries) == 1, f"expected one audit entry, got {[e['path'] for e in entries]}"
    return entries[0]


def assert_form_does_what_the_api_does(
    service: ApiClient, case: FormCase, passwords: Mapping[str, str]
) -> None:
    """``case`` done by its API and by its form, each from the reset service, makes the same
    change (``assert_same_change``)."""
    by_api = performed_once(service, case, passwords, by_form=False)
    by_form = performed_once(service, case, passwords, by_form=True)
    assert_same_change(case.operation, by_api, by_form)
