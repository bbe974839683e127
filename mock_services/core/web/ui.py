"""The web UI's shared parts: login and logout pages, and a decorator for service pages.

Pages run in the same transaction, audit and clock machinery as the JSON API, and call the
same service functions, so the UI and the API can never disagree about the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, date, datetime, tzinfo
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import (
    Blueprint,
    Request,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from jinja2 import TemplateNotFound, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from sqlalchemy import select
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as WerkzeugResponse

from mock_services.core.base.current import current_request
from mock_services.core.base.errors import ApiError, ValidationFailed
from mock_services.core.data.audit import (
    VIEW_KEY,
    Operation,
    ShownRead,
    Shows,
    mark_audited,
    mark_web_page,
)
from mock_services.core.data.paging import page_count
from mock_services.core.spec.api import Ctx, RequestScope
from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.account import login_user
from mock_services.core.web.error_pages import form_origin_cookie, heading
from mock_services.core.web.forms import (
    FORM_STATE_KEY,
    WHOLE_FORM,
    FormInvalid,
    FormView,
    form_view,
    refused_by_service,
)
from mock_services.core.web.icons import icon_tag
from mock_services.core.web.pictures import KINDS, PictureKind, picture_tag, svg
from mock_services.core.web.refusal_summary import summary_named_by_labels
from mock_services.core.web.runtime import request_runtime
from mock_services.core.web.wording import (
    alike_numbered,
    counted,
    date_words,
    day_words,
    days_in_words,
    ended,
    for_people,
    long_day_words,
    moment_words,
    money_words,
    month_words,
    number_words,
    one_stop,
    possessive,
    preview_words,
    price_words,
    share_a_minute,
    week_words,
)

try:  # markupsafe's own C escaping of a str, without the Markup around it
    from markupsafe._speedups import _escape_inner
except ImportError:  # pragma: no cover - markupsafe without its speedups
    from markupsafe._native import _escape_inner

core_ui = Blueprint(
    "core_ui",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static/core",
)
IRREVERSIBLE = ("delete_", "cancel_", "void_", "merge_", "empty_", "clear_")
"""The API operations a page offers only behind a confirmation (``confirmed`` in
``forms.html``), by the start of their names: what cannot be undone."""


def needs_confirmation(spec: ServiceSpec, operation: str) -> bool:
    """Whether ``spec``'s pages offer ``operation`` only behind a confirmation: it cannot be
    undone, or its service names it among those whose undoing does not give all back."""
    return operation.startswith(IRREVERSIBLE) or operation in spec.asked_first


def in_page_zone(
    page: Context, moment: datetime | str | None
) -> tuple[datetime | None, datetime | None]:
    """``moment`` (an ISO 8601 string, or a datetime; naive is UTC, as stored) in the zone of
    the page's "Today", with that "Today" (None on a page without one: UTC)."""
    if moment is None:
        return None, None
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    local_now = page.get("local_now")
    if not isinstance(local_now, datetime):
        return moment, None
    return moment.astimezone(local_now.tzinfo), local_now


@core_ui.app_template_filter("field_words")
def field_words(name: str) -> str:
    """A form field's name as words: ``date_of_birth_1`` is "date of birth (2)", the second
    of a numbered set (the page's script puts the field's own label in its place)."""
    stem, _, number = name.rpartition("_")
    if stem and number.isdigit():
        return f"{stem.replace('_', ' ')} ({int(number) + 1})"
    return name.replace("_", " ")


@core_ui.app_template_filter("field_note")
def field_note(message: str) -> str:
    """A refused field's message as the note beside it says it, a sentence of its own next to
    the field's label ("Must be more than 0", "This is required"), never led by the field's
    internal name ("limit: must be more than 0")."""
    if message.startswith("is "):
        message = f"This {message}"
    return message[:1].upper() + message[1:]


@core_ui.app_template_filter("day")
@pass_context
def day(page: Context, value: date | str | None) -> str:
    """``Wed 11 Mar`` for a date or ``YYYY-MM-DD`` (``Wed 11 Mar 2027`` in another year than
    the page's "Today"), as ``when`` says a time's day; "-" for none."""
    if value is None or value == "":
        return "-"
    return day_words(value, _page_today(page))


@core_ui.app_template_filter("dated")
@pass_context
def dated(page: Context, value: datetime | date | str | None) -> str:
    """``3 March 2025`` (``date_words``): the day a record dates from, with no time of day;
    a moment (a datetime or an ISO 8601 string, naive as stored in UTC) on the day it falls on
    in the zone of the page's "Today", as ``when`` places it; "-" for none."""
    if value is None or value == "":
        return "-"
    if isinstance(value, date) and not isinstance(value, datetime):
        return date_words(value)
    if isinstance(value, str) and len(value) == 10:
        return date_words(date.fromisoformat(value))
    moment, _ = in_page_zone(page, value)
    return "-" if moment is None else date_words(moment.date())


@core_ui.app_template_filter("long_day")
def long_day(value: date) -> str:
    """``Monday, 2 March 2026``: a day as a page's heading names it (``long_day_words``)."""
    return long_day_words(value)


@core_ui.app_template_filter("month")
def month(value: date | str) -> str:
    """``March 2026``: a month as a page's heading names it (``month_words``), or a moment's
    as a profile's "Joined October 2024" (an ISO 8601 text too)."""
    return month_words(date.fromisoformat(value[:10]) if isinstance(value, str) else value)


@core_ui.app_template_filter("week")
def week(first: date, last: date) -> str:
    """The days from ``first`` to ``last`` as a week view's heading names them, "2 - 8 Mar
    2026" with an en dash between (``week_words``)."""
    return week_words(first, last)


def _page_today(page: Context) -> date | None:
    """The day of the page's "Today" (the task's), None on a page without one."""
    local_now = page.get("local_now")
    return local_now.date() if isinstance(local_now, datetime) else None


@core_ui.app_template_filter("days_in_words")
@pass_context
def days_in_text(page: Context, text: str | None) -> str:
    """A stored text (a charge's "fare TS302 on 2026-03-04") with its ISO days in words, as
    the ``day`` filter says them."""
    return days_in_words(text or "", _page_today(page))


@core_ui.app_template_filter("when")
@pass_context
def when(page: Context, moment: datetime | str | None, seconds: bool = False) -> str:
    """``Thu 12 Mar 11:30 EDT`` for a datetime or an ISO 8601 string (a naive one is UTC, as
    stored), in the zone of the page's "Today" (the task's) and named, so that a time on a page
    never reads as local when it is not; with the year (``Thu 12 Dec 2025 11:30 EST``) only
    where it is not today's year, as the sites copied write dates; with seconds where
    ``seconds`` asks (a list whose moments ``share_a_minute``)."""
    moment, local_now = in_page_zone(page, moment)
    return "-" if moment is None else moment_words(moment, local_now, seconds=seconds)


@core_ui.app_template_filter("preview")
def preview(text: str | None, length: int) -> str:
    """A body's first words on one line, cut at a word with an ellipsis (``preview_words``):
    the previews of mail and message lists."""
    return preview_words(text or "", length)


@core_ui.app_template_filter("money")
def money(amount: float | None, currency: str) -> str:
    """``USD 4,800.00`` (``money_words``), as the finance and crm pages write money; "-" for
    none."""
    return "-" if amount is None else money_words(amount, currency)


@core_ui.app_template_filter("price")
def price(amount: float | None, currency: str = "USD") -> str:
    """``$2,276.00`` (``price_words``), as the shop and airline pages write prices; "-" for
    none."""
    return "-" if amount is None else price_words(amount, currency)


@core_ui.app_template_filter("number")
def number(value: float | int | None) -> str:
    """``1``, ``320``, ``1.5`` (``number_words``): a quantity without a needless ``.0``; "-"
    for none."""
    return "-" if value is None else number_words(value)


# words a stored code spells in lowercase that people write in capitals
ACRONYMS = {"vip": "VIP", "sla": "SLA", "po": "PO", "pdf": "PDF", "csv": "CSV", "api": "API"}


@core_ui.app_template_filter("status_words")
@lru_cache(maxsize=4096)  # a few dozen codes, written per row and per picker option
def status_words(status: str | None) -> str:
    """``partly_received`` -> "Partly received", ``on-hold`` -> "On hold", ``vip`` -> "VIP":
    a stored status as the sites the services copy show it (Odoo's, Amazon's), in a
    capitalised word."""
    words = " ".join(
        ACRONYMS.get(word, word)
        for word in (status or "").replace("_", " ").replace("-", " ").split()
    )
    return words[:1].upper() + words[1:]


class Choices(tuple[Any, ...]):
    """A picker's options that never change (``choices``): ``option_tags`` draws their tags
    once for each choice made and answers the same tags after."""

    __slots__ = ()


def choices(options: Iterable[Any]) -> Choices:
    """``options`` (``(value, shown)`` pairs, or values shown in their words) as ``Choices``,
    each pair a tuple: for a long list kept from one request to the next
    (``Ctx.until_changed``), whose tags ``option_tags`` then draws once."""
    return Choices(option if isinstance(option, str) else tuple(option) for option in options)


DRAWN_OPTIONS_KEPT = 1024
_drawn_options: dict[tuple[int, Any, str, str], tuple[Choices, Markup]] = {}
"""``option_tags``'s tags for ``Choices``, by the list's id (the list held with them, so that
no other takes its id), the choice made, ``before`` and ``after``."""


@core_ui.app_template_global()
def option_tags(options: Iterable[Any], chosen: Any, before: str = "", after: str = "") -> Markup:
    """A picker's ``<option>`` tags, ``chosen``'s selected: each option a ``(value, shown)``
    pair, or a value shown in its words (``status_words``); ``before`` and ``after`` each tag
    (the form's indentation). A function, where the pickers' loop was a template's: a page
    offers a hundred or two of choices (crm's contacts, deals and accounts, inventory's bins).
    ``Choices``' tags are drawn once per choice made."""
    if type(options) is Choices:
        key = (id(options), chosen, before, after)
        try:
            drawn = _drawn_options.get(key)
        except TypeError:  # a choice that cannot be a key
            return _option_tags(options, chosen, before, after)
        if drawn is not None and drawn[0] is options:
            return drawn[1]
        if len(_drawn_options) >= DRAWN_OPTIONS_KEPT:
            _drawn_options.clear()
        tags = _option_tags(options, chosen, before, after)
        _drawn_options[key] = (options, tags)
        return tags
    return _option_tags(options, chosen, before, after)


def _option_tags(options: Iterable[Any], chosen: Any, before: str, after: str) -> Markup:
    tags = []
    for option in options:
        value, shown = (option, status_words(option)) if isinstance(option, str) else option
        selected = "selected" if chosen == value else ""
        tags.append(
            f'{before}<option value="{text_escaped(value)}" {selected}>'
            f"{text_escaped(shown)}</option>{after}"
        )
    return Markup("".join(tags))


def text_escaped(value: Any) -> str:
    """``value`` as ``markupsafe.escape`` writes it into a page, a plain string without the
    ``Markup`` it would wrap it in: a picker writes two for each of its hundreds of options,
    and the wrapping cost more than the escaping."""
    if type(value) is str:
        return _escape_inner(value)
    return str(escape(value))


@core_ui.app_template_filter("status_in_text")
def status_in_text(status: str | None) -> str:
    """``no_show`` -> "no show", ``vip`` -> "VIP": a stored status said inside a sentence
    ("This appointment is cancelled", "is a no show"), the words of ``status_words`` in the
    case a sentence gives them, never the code."""
    words = status_words(status)
    first = words.split(" ", 1)[0]
    return words if first in ACRONYMS.values() else words[:1].lower() + words[1:]


@core_ui.app_template_filter("counted")
def counted_words(count: int | str, noun: str, plural: str = "") -> str:
    """``{{ n | counted("passenger") }}``: "1 passenger", "2 passengers" (``counted``); a
    form's count as typed ("2") too."""
    return counted(int(count), noun, plural)


@core_ui.app_template_filter("possessive")
def possessive_filter(name: str) -> Markup:
    """``{{ c.name | possessive }}``: "Northwind Traders' invoices" (``possessive``), the name
    escaped and the apostrophe written as a page writes it."""
    return escape(name) + Markup(possessive(str(name))[len(str(name)) :])


core_ui.add_app_template_filter(ended, "ended")  # "… Brightline Paper Co." with no second stop
core_ui.add_app_template_filter(one_stop, "one_stop")  # a notice's "Co.." read as "Co."


@core_ui.app_template_filter("told_apart")
def told_apart(names: Iterable[str]) -> list[str]:
    """``{{ names | told_apart }}``: the names of a list's rows in order, "(2 of 3 alike)"
    after each that others share (``alike_numbered``), so no two links read the same."""
    return [name for _row, name in alike_numbered(enumerate(names))]


def _form_state() -> FormInvalid | None:
    """The refused form this page shows again, if any."""
    return request.environ.get(FORM_STATE_KEY)


@core_ui.app_template_global()
def form_for(action: str, /, **identity: Any) -> FormView:
    """The form posting to ``action`` as the template fills it (refused values kept)."""
    return form_view(_form_state(), action, **identity)


@core_ui.app_template_global()
def refused_fields() -> dict[str, str]:
    """Each refused field of the form this page shows again, with its message (none if no
    form was refused)."""
    state = _form_state()
    return state.errors if state is not None else {}


@core_ui.app_template_global()
def task_zone() -> str:
    """The task's time zone ("America/New_York"): a form's ``datetime-local`` control is read
    there (``read_form(local_times=...)``), and its label says so."""
    return str(request_runtime(current_request()).clock.tz.key)


core_ui.add_app_template_global(heading, "error_heading")
core_ui.add_app_template_global(share_a_minute)
core_ui.add_app_template_global(page_count)  # the pager's, as the API's listings count pages


@core_ui.app_template_global()
def holds_session() -> bool:
    """Whether the browser sent this service's session cookie (read, not checked: an error
    page is drawn without the login, and should not offer "Log in" to a signed-in user). False
    where the failure came before the service's runtime was set up."""
    try:
        cookie = request_runtime(current_request()).auth.cookie
    except KeyError:
        return False
    return cookie in request.cookies


@core_ui.app_template_global()
def page_href(number: int) -> str:
    """This page's address at page ``number``, every other query parameter kept (a page size,
    a filter, a sort), so paging never drops what the reader asked for."""
    kept = [(key, value) for key, value in request.args.items(multi=True) if key != "page"]
    return request.path + "?" + urlencode([*kept, ("page", str(number))])


@core_ui.app_template_global()
def site_layout() -> str:
    """The service's own layout (``<service>/layout.html``: its navigation), which an error
    page extends so that a reader who meets one keeps the site's menu, as on the real sites;
    the bare ``base.html`` where the service has none or the failure came before its runtime
    was set up."""
    try:
        name = request_runtime(current_request()).spec.name
    except KeyError:
        return "base.html"
    layout = f"{name}/layout.html"
    try:
        current_app.jinja_env.get_template(layout)
    except TemplateNotFound:
        return "base.html"
    return layout


@core_ui.app_template_global()
def blocks_of(template: str) -> list[str]:
    """The blocks ``template`` defines: an error page fills the one a service's layout leaves
    for its pages beside a menu of its own (social's ``column``, chat's ``chat``)."""
    return list(current_app.jinja_env.get_template(template).blocks)


@core_ui.app_template_global()
def picture(kind: PictureKind, name: str, size: int = 32, alt: str = "") -> Markup:
    """A person's avatar, a product's picture or a logo, drawn from ``name``."""
    return picture_tag(kind, name, size, alt)


@core_ui.app_template_global()
def person(name: str, size: int = 24) -> Markup:
    """A person as a row names them, HubSpot's way: their avatar, then their name (a function,
    not a macro: a list draws one a row)."""
    return Markup(f'<span class="person">{picture_tag("person", name, size)}{escape(name)}</span>')


@core_ui.app_template_global()
def icon(name: str, size: int = 18, label: str = "") -> Markup:
    """A line icon (``icons.PATHS``): decorative beside a visible name, named by ``label``."""
    return icon_tag(name, size, label)


@core_ui.app_template_global()
def brand_css() -> Markup:
    """The service's colours as the stylesheet's custom properties (the default colours where
    the failure came before the service's runtime was set up)."""
    try:
        brand = request_runtime(current_request()).spec.brand
    except KeyError:
        brand = Brand()
    return Markup(brand.css())


FIXED_PARTS_KEPT = 4096  # pages' fixed parts remembered per app; all forgotten when full
FIXED_BY = "fixed_by"
"""What a layout's own fixed part reads beyond the app, its blocks and the values ``fixed`` is
given (``{% set fixed_by = q if q is defined else "" %}``: crm's search box shows the query)."""


@core_ui.app_template_global()
@pass_context
def fixed(context: Context, /, *key: Any, caller: Callable[[], str]) -> Markup:
    """``{% call fixed(a, b) %}...{% endcall %}``: the part of a page between the tags, drawn
    once per app for each key and inserted on later pages: a layout's header and navigation
    are the same on every page of one user apart from a few values, which are its key (the
    values given, the layout's ``fixed_by``, the blocks the page's templates draw, the address
    the app is mounted at). A part that shows anything else (a count, which link is current)
    belongs outside it or in its key; the test suite draws every part every time and fails a
    page whose part differs from the one remembered for its key
    (``$MOCK_CHECK_FIXED_PARTS``)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]  # the proxy's app
    kept: dict[tuple[Any, ...], Markup] | None = getattr(app, "fixed_parts", None)
    if kept is None:
        return Markup(caller())
    blocks = tuple(drawn[0] for drawn in context.blocks.values())
    whole = (blocks, request.script_root, context.get(FIXED_BY), *key)
    try:
        part = kept.get(whole)
    except TypeError:  # a value that cannot be a key
        return Markup(caller())
    if part is None:
        if len(kept) >= FIXED_PARTS_KEPT:
            kept.clear()
        part = kept[whole] = Markup(caller())
    elif app.check_fixed_parts and (drawn := caller()) != part:
        raise RuntimeError(
            f"{context.name}: a fixed part came out other than the one its key {key!r} "
            f"remembered; its key misses something it shows:\n{drawn}\n---\n{part}"
        )
    return part


@core_ui.route("/pictures/<kind>/<path:name>.svg")
def picture_file(kind: str, name: str) -> Response:
    if kind not in KINDS:
        abort(404)
    response = Response(svg(kind, name), mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response


def _safe_next(target: str | None) -> str:
    """Only same-site relative paths are followed after login."""
    if not target or urlsplit(target).netloc or not target.startswith("/"):
        return "/"
    return target


def render(template: str, ctx: Ctx, **values: Any) -> str:
    """A page of the UI: its header names the service, the user and today on the task clock,
    in the seed's time zone (an agent in the browser learns "today" there)."""
    return render_in_zone(ctx.runtime.clock.tz, template, ctx, **values)


def render_in_zone(zone: tzinfo, template: str, ctx: Ctx, **values: Any) -> str:
    """A page as ``render`` makes it, its "Today" and times in ``zone``: for a site that shows
    its user's own (a profile's time zone)."""
    now = ctx.now
    return render_template(
        template,
        current_user=ctx.shown_user(),
        service_title=ctx.runtime.spec.title,
        now=now,
        local_now=now.astimezone(zone),
        person_name=PersonNames(ctx),
        **values,
    )


class PersonNames:
    """``person_name("alice")`` in a page: "Alice Martin", a user's display name for their
    username (``people_names``), as the copied sites name people (a page never shows a handle
    where a person's name belongs); an unknown username is shown as it is. The service's users
    are read on the first name a page asks for, once while the DB is unchanged."""

    def __init__(self, ctx: Ctx) -> None:
        self._ctx = ctx
        self._names: dict[str, str] | None = None

    def __call__(self, username: str | None) -> str:
        if not username:
            return ""
        if self._names is None:
            self._names = self._ctx.until_changed("core.person_names", self._read)
        return self._names.get(username, username)

    def _read(self) -> dict[str, str]:
        """The two columns it names people by, not whole rows: read once while the DB is
        unchanged (``Ctx.until_changed``)."""
        model = self._ctx.runtime.spec.user_model
        return people_names(
            list(self._ctx.session.execute(select(model.username, model.display_name)))
        )


def people_names(people: list[Any]) -> dict[str, str]:
    """Each person's username and the name a page shows for them (rows with ``username`` and
    ``display_name``), as the copied sites show people: their name, with the username where two
    names are alike ("Alex Kim (akim)")."""
    alike = Counter(u.display_name.casefold() for u in people)
    return {
        u.username: u.display_name
        if alike[u.display_name.casefold()] == 1
        else f"{u.display_name} ({u.username})"
        for u in people
    }


@core_ui.route("/login", methods=["GET", "POST"])
def login() -> Any:
    req = current_request()
    runtime = request_runtime(req)
    next_page = _safe_next(request.args.get("next"))
    if request.method == "GET":
        with RequestScope(runtime, req, mutating=False, auth="optional") as ctx:
            return render("login.html", ctx, next=next_page)
    try:
        with RequestScope(runtime, req, mutating=False, auth="none") as ctx:
            answer = login_user(
                ctx, request.form.get("username", ""), request.form.get("password", "")
            )
    except ApiError as exc:
        flash(exc.message, "error")
        return redirect(url_for("core_ui.login", next=next_page))
    response = redirect(next_page)
    response.set_cookie(runtime.auth.cookie, answer.token, httponly=True, samesite="Lax")
    return response


def page(
    blueprint: Blueprint,
    rule: str,
    *,
    methods: tuple[str, ...] = ("GET",),
    login_required: bool = True,
    operation: Operation | None = None,
    also: tuple[str, ...] = (),
    fields: Mapping[str, str] | None = None,
    shows: Shows = (),
    reads: bool = False,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a UI page. GET renders in a read transaction, showing what the API reads
    ``shows`` answer (every read an API client makes to see what the page shows, a list's
    with the query the page uses: ``listed``); POST runs audited, as the API
    ``operation`` it performs (the audit log names the action and what it acts on as the API
    does, not the form's route: ``fields`` maps an API path parameter to the form field that
    carries it where their names differ; ``also``: other operations the form may perform
    besides, each logged in an entry of its own, ``Ctx.also_performing``; ``reads``: a POST
    that changes nothing, run as a read and not logged, for text too long for an address, as
    an editor's Preview sends it). A refused
    form shows its page again with what was typed: the errors by the fields a refusal names
    (``FormInvalid``, a service's ``invalid_field``), another refusal above the form."""
    shows = tuple(shows)
    if shows and "GET" not in methods:
        raise ValueError(f"UI page {rule}: only a GET page shows API reads (shows={shows})")
    if "POST" in methods and operation is None and not reads:
        raise ValueError(
            f"UI page POST {blueprint.url_prefix or ''}{rule}: name the API operation its form "
            "performs (operation='cancel_order', or an OperationChoice)"
        )

    def register(handler: Callable[..., Any]) -> Callable[..., Any]:
        def view(**params: Any) -> Any:
            req = current_request()
            runtime = request_runtime(req)
            mutating = req.method == "POST" and not reads
            if req.method == "GET" and (cleaned := _without_blank_filters(req)) is not None:
                return redirect(cleaned)
            try:
                with RequestScope(
                    runtime,
                    req,
                    mutating=mutating,
                    auth="optional",
                    status=303 if mutating else 200,
                ) as ctx:
                    if login_required and ctx.caller is None:
                        return redirect(url_for("core_ui.login", next=request.full_path))
                    return handler(ctx, **params)
            except ApiError as exc:
                if not mutating:
                    raise
                runtime.record_request(request, exc.status)
                return show_form_again(_as_form_refusal(exc))

        view.__name__ = handler.__name__
        mark_audited(view, set() if reads else {"POST"} & set(methods), operation, also)
        mark_web_page(view, fields, shows)
        blueprint.add_url_rule(rule, handler.__name__, view, methods=list(methods))
        return handler

    return register


def listed(operation: str, **query: str) -> ShownRead:
    """A list a page shows, as the API read ``operation`` with ``query``: a value
    ``"<deal_id>"`` is the page's own parameter (``listed("list_activities",
    deal_id="<deal_id>")`` on a deal's page)."""
    return ShownRead(operation, tuple(query.items()))


def _as_form_refusal(exc: ApiError) -> FormInvalid:
    """A refused action as its form's refusal: by the fields the service named, else of the
    whole form (the page shows it again either way, with what was typed)."""
    if isinstance(exc, FormInvalid):
        return exc
    if isinstance(exc, ValidationFailed) and (refused := refused_by_service(exc)) is not None:
        return refused
    return FormInvalid.whole(exc)


def _without_blank_filters(req: Request) -> str | None:
    """The page's address without the blank fields a browser sends from a filter form ("any",
    no date), or None if it has none: a blank filter is no filter, where the query models
    refuse a blank number, date or choice."""
    given = list(req.args.items(multi=True))
    kept = [(key, value) for key, value in given if value.strip()]
    if len(kept) == len(given):
        return None
    return req.path + (f"?{urlencode(kept)}" if kept else "")


def _form_page() -> tuple[str, str]:
    """Path and query of the page a refused form was sent from: the referrer's; when that is
    the form's own address (the form was refused before and shown there, so sent again from
    it), the page it was first sent from, which that answer kept in a cookie."""
    referrer = urlsplit(request.referrer or "")
    same_site = not referrer.netloc or referrer.netloc == request.host
    path, query = (referrer.path, referrer.query) if same_site else ("", "")
    if path == request.path and (kept := request.cookies.get(form_origin_cookie())):
        first = urlsplit(kept)
        path, query = first.path, first.query
    if not path.startswith("/"):
        path, query = request.path, ""
    return path, query


def show_form_again(refused: FormInvalid) -> Response:
    """The page the form was sent from (:func:`_form_page`), rendered again with each refused
    field's message and the values typed, as a 422 at the form's address."""
    path, query = _form_page()
    environ = {
        **request.environ,
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "CONTENT_LENGTH": "0",
        FORM_STATE_KEY: refused,
    }
    environ.pop("CONTENT_TYPE", None)
    environ.pop(VIEW_KEY, None)  # the page is another view than the form's
    try:
        with current_app.request_context(environ) as shown:
            adapter = shown.url_adapter
            assert adapter is not None  # a request context always binds one
            endpoint, args = adapter.match(path, method="GET")
            view = current_app.ensure_sync(current_app.view_functions[endpoint])
            response = current_app.make_response(view(**args))
    except (HTTPException, ApiError):  # no page to show it on: the errors alone
        title = request_runtime(current_request()).spec.title
        response = current_app.make_response(
            render_template(
                "form_refused.html", refused=refused, form=FormView(refused), service_title=title
            )
        )
    if response.status_code == 200:
        response.status_code = refused.status
    if response.mimetype == "text/html" and not response.direct_passthrough:
        response.set_data(summary_named_by_labels(response.get_data(as_text=True)))
    if path != request.path:  # sent again from here, the form is shown on the same page
        page_address = path + (f"?{query}" if query else "")
        response.set_cookie(
            form_origin_cookie(), page_address, path=request.path, httponly=True, samesite="Lax"
        )
    return response


def form_again_after_fault(outage: ApiError) -> Response:
    """A web form a seed's fault answered before its handler ran: its page again, what was
    typed kept, the outage said above it, and that nothing was changed."""
    said = f"{heading(outage.status)}, so nothing was changed. {for_people(outage.message)}"
    refused = FormInvalid({WHOLE_FORM: said}, current_request().form.copy())
    refused.status = outage.status
    return show_form_again(refused)


@page(core_ui, "/logout", methods=("POST",), login_required=False, operation="logout")
def logout(ctx: Ctx) -> WerkzeugResponse:
    """As the API's logout: the token is revoked for every worker (a copied cookie stops
    working), in an audited write; then the browser forgets its cookie."""
    ctx.runtime.auth.revoke(ctx.db, request)
    response = redirect(url_for("core_ui.login"))
    response.delete_cookie(ctx.runtime.auth.cookie)
    return response
