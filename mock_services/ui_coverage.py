"""Whether a service's web UI does everything its API does: each API operation (admin and
delivery routes excepted) with the UI page that shows it (a read) or the form that performs it
(a write), found by logging in as every seeded user and following the UI's own links from
``/``. A gap is an operation no page declares (``page(shows=...)``, ``page(operation=...)``),
or one whose page or form no user reaches by links. (A page naming an operation the API lacks
fails when the app is built.)"""

from __future__ import annotations

import re
import tempfile
from collections import Counter, defaultdict, deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Literal
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit

from flask import Flask
from flask.testing import FlaskClient
from pydantic import BaseModel
from werkzeug.exceptions import HTTPException
from werkzeug.routing import MapAdapter, RequestRedirect

from mock_services.core.base.settings import Settings
from mock_services.core.data.audit import OperationChoice, declared_operations
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_service
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.error_pages import MACHINE_PATHS
from mock_services.core.web.routes import RULE_PARAM, read_routes, user_endpoints
from mock_services.core.web.ui import needs_confirmation
from mock_services.registry import get_spec

NOT_FOLLOWED = (*MACHINE_PATHS, "/docs", "/static", "/pictures", "/login", "/logout")
"""Links the crawl does not follow: the machine routes, the guide, assets and the session."""
PER_ROUTE = 20
"""Pages opened per UI route and user (ids and filters vary; the controls do not, much)."""
PAGES_PER_USER = 400


class UiPlace(BaseModel):
    """Where the UI offers an operation: a page (a read) or a control on a page (a write)."""

    route: str
    page: str
    control: str = ""
    confirmed: bool = False
    """Whether the control's form sits in a confirmation dialog."""


class OperationCoverage(BaseModel):
    operation: str
    kind: Literal["read", "write"]
    api: str
    declared_by: list[str]
    found: list[UiPlace]
    gap: str = ""


class ServiceCoverage(BaseModel):
    service: str
    operations: list[OperationCoverage]
    broken_links: list[str]
    """Addresses the UI's own links or forms lead to that answer an error (a page a browsing
    agent cannot open), each with its status and for whom."""
    pages_opened: int

    @property
    def gaps(self) -> list[str]:
        return [f"{o.operation} ({o.api}): {o.gap}" for o in self.operations if o.gap] + [
            f"broken link {link}" for link in self.broken_links
        ]


@dataclass
class _Form:
    method: str
    action: str
    buttons: list[tuple[str, dict[str, str], str]] = field(default_factory=list)
    """Each submit control's name, with what it sends itself (``name=value``) and where, if
    not to the form's action (its ``formaction``; one with ``formmethod="get"``, a review page
    ahead of the form's own post, counts as the form's)."""
    confirmed: bool = False
    dialog: str = ""
    """The id of the confirmation dialog (``dialog.confirm``) the form sits in, if any."""
    values: dict[str, str] = field(default_factory=dict)
    """What the form sends as a person leaves it: its fields' preset values, a select's chosen
    option (a required one that starts on a blank "Choose ...": its first option to choose)."""


_READ_TAGS = ("a", "dialog", "form", "button", "input", "select", "option", "script", "style")
_ANY_TAG = re.compile(r"</?(?P<name>[a-zA-Z][a-zA-Z0-9-]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>")
"""Any start or end tag, to its closing ``>`` (a quoted attribute value may hold one)."""


def _read_tags_only(html: str) -> str:
    """``html`` without the tags the parser skips anyway (``div``, ``td``, ...), their text
    kept: most of a page's tags, and most of the pure-Python parser's time. Script and style
    stay, so that their content is still read as text."""

    def kept(tag: re.Match[str]) -> str:
        return tag[0] if tag["name"].lower() in _READ_TAGS else ""

    return _ANY_TAG.sub(kept, html)


def _posts_to(button: Mapping[str, str]) -> str:
    """Where a submit button posts its form, if not to the form's action."""
    return "" if button.get("formmethod", "").lower() == "get" else button.get("formaction", "")


class PageParser(HTMLParser):
    """A page's links and forms, each form with its submit controls' names."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.forms: list[_Form] = []
        self._form: _Form | None = None
        self._by_id: dict[str, _Form] = {}
        """Each form by its id: a control outside it joins it by ``form="id"`` (it may come
        first: the form is made then, and filled in when its tag is read)."""
        self._owner: _Form | None = None
        """The form of the button or select being read."""
        self._action = ""
        self._button: list[str] | None = None
        self._aria = ""
        self._sends: dict[str, str] = {}
        self._select: str | None = None
        self._required = False
        self._dialogs: list[str] = []
        self.openers: dict[str, str] = {}
        """Each dialog's opener (a button with ``command="show-modal"``) by the dialog's id."""
        self._opener: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "dialog":
            confirmation = "confirm" in a.get("class", "").split()
            self._dialogs.append(a.get("id", "") if confirmation else "")
        elif tag == "form":
            self._form = (
                self._by_id.get(a["id"], _Form("GET", "")) if a.get("id") else _Form("", "")
            )
            if a.get("id"):
                self._by_id[a["id"]] = self._form
            self._form.method = (a.get("method") or "get").upper()
            self._form.action = a.get("action", "")
            self._form.confirmed = bool(self._dialogs)
            self._form.dialog = self._dialogs[-1] if self._dialogs else ""
            self.forms.append(self._form)
            return
        owner = self._owner_of(a)
        if tag == "button" and a.get("command") == "show-modal":
            self._opener = (a.get("commandfor", ""), [])
        elif tag == "button" and a.get("type", "submit") == "submit" and owner:
            if "disabled" in a:  # no one can press it (a form's default button that sends nothing)
                return
            self._button, self._aria = [], a.get("aria-label", "")
            self._sends = {a["name"]: a.get("value", "")} if a.get("name") else {}
            self._owner, self._action = owner, _posts_to(a)
        elif tag == "input" and a.get("type") == "submit" and owner:
            sends = {a["name"]: a.get("value", "")} if a.get("name") else {}
            label = a.get("aria-label") or a.get("value") or "Submit"
            owner.buttons.append((label, sends, _posts_to(a)))
        elif tag == "input" and owner and a.get("name"):
            unchecked = a.get("type") in ("checkbox", "radio") and "checked" not in a
            if not unchecked:
                owner.values.setdefault(a["name"], a.get("value", ""))
        elif tag == "select" and owner and a.get("name"):
            self._select, self._required = a["name"], "required" in a
            self._owner = owner
        elif tag == "option" and self._owner and self._select:
            value, values = a.get("value", ""), self._owner.values
            chosen = "selected" in a or self._select not in values
            # a required list that starts on "Choose ..." is sent with what a person picks:
            # its first option that can be chosen
            picked = self._required and not values.get(self._select) and "disabled" not in a
            if chosen or (picked and value):
                values[self._select] = value

    def _owner_of(self, a: Mapping[str, str]) -> _Form | None:
        """The form a control belongs to: the one its ``form`` attribute names, else the one
        it sits in."""
        if not a.get("form"):
            return self._form
        return self._by_id.setdefault(a["form"], _Form("GET", ""))

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)
        if self._opener is not None:
            self._opener[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None and self._owner is not None:
            label = self._aria or " ".join("".join(self._button).split())
            self._owner.buttons.append((label, self._sends, self._action))
            self._button = None
        elif tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
            self._owner = None
        elif tag == "dialog" and self._dialogs:
            self._dialogs.pop()
        if tag == "button" and self._opener is not None:
            self.openers[self._opener[0]] = " ".join("".join(self._opener[1]).split())
            self._opener = None

    def feed(self, data: str) -> None:
        super().feed(_read_tags_only(data))


@dataclass
class Crawl:
    """What the users reached: each GET route's pages, each POST route's controls."""

    pages: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    controls: dict[str, set[tuple[str, str, bool, str]]] = field(
        default_factory=lambda: defaultdict(set)
    )
    """Each POST route's controls: the page, the button's name, whether it sits in a
    confirmation dialog, and the operation it performs (where the route performs several)."""
    dialogs: set[tuple[str, str, str]] = field(default_factory=set)
    """Each confirmation reached: the page, its opener's name and its own button's."""
    broken: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """Each address a link or GET form led to that answered an error, with who was refused."""
    opened: int = 0

    def addresses(self) -> list[str]:
        """One address of each page reached (its least), in order."""
        return sorted(min(addresses) for addresses in self.pages.values())


def _match(adapter: MapAdapter, path: str, method: str) -> tuple[str, Mapping[str, Any]] | None:
    try:
        endpoint, args = adapter.match(path, method=method)
    except (HTTPException, RequestRedirect):
        return None
    return str(endpoint), args


def _endpoint(adapter: MapAdapter, path: str, method: str) -> str | None:
    matched = _match(adapter, path, method)
    return matched[0] if matched else None


def _performs(view: Any, args: Mapping[str, Any], sent: dict[str, str]) -> str:
    """The operation a form posting ``sent`` to ``view`` (with path ``args``) performs."""
    operation = getattr(view, "operation", None)
    if isinstance(operation, OperationChoice):
        value = args.get(operation.field, sent.get(operation.field))
        return str(operation.choices.get(value, operation.default) if value else operation.default)
    return str(operation)


def _logged_in(app: Flask, username: str, password: str) -> FlaskClient:
    client = app.test_client()
    answer = client.post("/login", data={"username": username, "password": password})
    if answer.status_code != 302 or "/login" in answer.headers.get("Location", ""):
        raise RuntimeError(f"the seeded user {username!r} could not log in to the web UI")
    return client


def _crawl_as(
    client: FlaskClient, username: str, app: Flask, adapter: MapAdapter, crawl: Crawl
) -> None:
    """Open pages from ``/`` by the UI's links (and GET forms), each route ``PER_ROUTE`` times."""
    queue, queued, per_route = deque(["/"]), {"/"}, Counter[str]()
    opened = 0
    while queue and opened < PAGES_PER_USER:
        url = queue.popleft()
        answer = client.get(url, follow_redirects=True)
        opened += 1
        if answer.status_code >= 400:
            crawl.broken[url].add(f"{answer.status_code} for {username}")
            continue
        url = answer.request.full_path.rstrip("?")  # where a redirect led
        endpoint = _endpoint(adapter, answer.request.path, "GET")
        if endpoint is None or answer.mimetype != "text/html":
            continue
        crawl.pages[endpoint].add(url)
        parser = PageParser()
        parser.feed(answer.get_data(as_text=True))
        targets = [urljoin(url, href) for href in parser.links]
        for form in parser.forms:
            action = urljoin(url, form.action or url)
            if form.method == "GET":  # a search or filter, sent as it stands
                query = urlencode(form.values)
                targets.append(urlsplit(action).path + (f"?{query}" if query else ""))
                continue
            for label, sends, to in form.buttons or [("(a form without a submit button)", {}, "")]:
                posted = _match(adapter, urlsplit(urljoin(url, to) if to else action).path, "POST")
                if posted is None:
                    continue
                endpoint, args = posted
                operation = _performs(app.view_functions[endpoint], args, form.values | sends)
                crawl.controls[endpoint].add((url, label, form.confirmed, operation))
                if form.dialog:
                    crawl.dialogs.add((url, parser.openers.get(form.dialog, ""), label))
        for target in targets:
            parts = urlsplit(target)
            if parts.netloc not in ("", "localhost") or parts.path.startswith(NOT_FOLLOWED):
                continue
            local = parts.path + (f"?{parts.query}" if parts.query else "")
            route = _endpoint(adapter, parts.path, "GET")
            if route is None or local in queued or per_route[route] >= PER_ROUTE:
                continue
            per_route[route] += 1
            queued.add(local)
            queue.append(local)
    crawl.opened += opened


def _rule_of(app: Flask) -> dict[str, str]:
    return {rule.endpoint: rule.rule for rule in app.url_map.iter_rules()}


def crawled(spec: ServiceSpec, data_dir: Path, users: int | None = None) -> tuple[Flask, Crawl]:
    """``spec``'s app on its default seed (seeded into ``data_dir``), crawled as its first
    ``users`` seeded users (all by default)."""
    seed = spec.default_seed()
    settings = Settings(data_dir=data_dir)
    seed_service(spec, seed, settings)
    app = create_app(spec, settings)
    adapter = app.url_map.bind("localhost")
    crawl = Crawl()
    for user in seed.get("users", [])[:users]:
        client = _logged_in(app, user["username"], user["password"])
        _crawl_as(client, user["username"], app, adapter, crawl)
    return app, crawl


def page_addresses(spec: ServiceSpec, data_dir: Path) -> list[str]:
    """One address of each UI page that ``spec``'s first seeded user reaches from ``/`` on the
    default seed (an accessibility check's pages)."""
    _, crawl = crawled(spec, data_dir, users=1)
    return crawl.addresses()


def shown_addresses(app: Flask, spec: ServiceSpec, address: str) -> list[tuple[str, str | None]]:
    """Each API read the page at ``address`` declares it shows (``page(shows=...)``), with the
    address an API client reads it at: its path parameters filled from the page's (by name,
    else the page's one parameter for the read's one) and its query bound to the page's
    parameters (``listed``); None for a read the page's parameters cannot fill, or one asked
    by POST (a query in a body)."""
    path, _, query = address.partition("?")
    endpoint, values = app.url_map.bind("localhost").match(path)
    given = {**dict(parse_qsl(query)), **values}
    rules = {operation: rule for _method, rule, operation in read_routes(spec)}
    found: list[tuple[str, str | None]] = []
    for read in getattr(app.view_functions[endpoint], "shown_reads", ()):
        rule, bound = rules.get(read.operation), read.bound(given)
        params = [name for _converter, name in RULE_PARAM.findall(rule or "")]
        if len(params) == 1 == len(values) and params[0] not in values:
            filled = {params[0]: next(iter(values.values()))}
        else:
            filled = {name: values[name] for name in params if name in values}
        if rule is None or bound is None or len(filled) < len(params):
            found.append((read.operation, None))
            continue
        api = rule
        for name, value in filled.items():
            api = re.sub(rf"<(?:\w+(?:\([^)]*\))?:)?{name}>", str(value), api)
        found.append((read.operation, api + (f"?{urlencode(bound)}" if bound else "")))
    return found


def coverage(spec: ServiceSpec, data_dir: Path) -> ServiceCoverage:
    """``spec``'s UI against its API, crawled on its default seed (seeded into ``data_dir``)."""
    return assessed(spec, *crawled(spec, data_dir))


def assessed(spec: ServiceSpec, app: Flask, crawl: Crawl) -> ServiceCoverage:
    """``spec``'s UI against its API, by what its pages declare in ``app`` and what a ``crawl``
    of it reached."""
    rules = _rule_of(app)
    shown_by: dict[str, list[str]] = defaultdict(list)
    performed_by: dict[str, list[str]] = defaultdict(list)
    for endpoint, view in app.view_functions.items():
        if not getattr(view, "web_page", False):
            continue
        for name in getattr(view, "shows", ()):
            shown_by[name].append(endpoint)
        for name in declared_operations(view):
            performed_by[name].append(endpoint)
    operations = [
        _operation(
            e.handler.__name__,
            e.method,
            e.rule,
            e.mutating and needs_confirmation(spec, e.handler.__name__),
            e.mutating,
            (shown_by, performed_by, rules),
            crawl,
        )
        for e in user_endpoints(spec)
    ]
    broken = [f"{url}: {', '.join(sorted(who))}" for url, who in sorted(crawl.broken.items())]
    return ServiceCoverage(
        service=spec.name, operations=operations, broken_links=broken, pages_opened=crawl.opened
    )


def _operation(
    name: str,
    method: str,
    rule: str,
    asks_first: bool,
    mutating: bool,
    declarations: tuple[dict[str, list[str]], dict[str, list[str]], dict[str, str]],
    crawl: Crawl,
) -> OperationCoverage:
    """How the UI shows or performs the API operation ``name``; ``declarations`` are the
    endpoints that show each read and perform each write, and each endpoint's rule."""
    shown_by, performed_by, rules = declarations
    endpoints = (performed_by if mutating else shown_by).get(name, [])
    declared = [f"{'POST' if mutating else 'GET'} {rules[e]}" for e in endpoints]
    if mutating:
        found = [
            UiPlace(route=rules[e], page=page, control=label, confirmed=confirmed)
            for e in endpoints
            for page, label, confirmed, performs in sorted(crawl.controls.get(e, ()))
            if performs == name
        ]
    else:
        found = [
            UiPlace(route=rules[e], page=page)
            for e in endpoints
            for page in sorted(crawl.pages.get(e, ()))
        ]
    gap = ""
    if not declared:
        gap = "no form performs it" if mutating else "no page shows it"
    elif not found:
        what = "form posting to" if mutating else "page"
        gap = f"no user reaches a {what} {' or '.join(declared)} by the UI's links from /"
    elif asks_first and (unasked := [p for p in found if not p.confirmed]):
        gap = f"'{unasked[0].control}' on {unasked[0].page} does it without asking to confirm"
    return OperationCoverage(
        operation=name,
        kind="write" if mutating else "read",
        api=f"{method} {rule}",
        declared_by=declared,
        found=found,
        gap=gap,
    )


def services_coverage(names: list[str]) -> Iterator[ServiceCoverage]:
    with tempfile.TemporaryDirectory(prefix="ui-coverage-") as work:
        for name in names:
            yield coverage(get_spec(name), Path(work) / name)


def report(result: ServiceCoverage) -> list[str]:
    """A service's coverage as lines: each operation with one place that offers it."""
    lines = [
        f"{result.service}: {len(result.operations)} API operations, "
        f"{len(result.gaps)} gaps ({result.pages_opened} pages opened)"
    ]
    for o in result.operations:
        if o.gap:
            lines.append(f"  GAP  {o.operation:<24} {o.api}: {o.gap}")
            continue
        first = o.found[0]
        where = f"'{first.control}' on {first.page}" if o.kind == "write" else first.page
        more = f" (+{len(o.found) - 1} more)" if len(o.found) > 1 else ""
        lines.append(f"  ok   {o.operation:<24} {o.api}: {where}{more}")
    lines += [f"  GAP  broken link {link}" for link in result.broken_links]
    return lines


def as_json(results: list[ServiceCoverage]) -> list[dict[str, Any]]:
    return [r.model_dump() | {"gaps": r.gaps} for r in results]
