"""Messages for people: the services' refusals name API routes ("list them with GET
/api/accounts", "request a return instead (POST /api/orders/<code>/return)"), which an API
client follows; a page shows the same message naming the page or form instead ("list them on
the Accounts page", "(the Return form on the order's page)"). MCP names its tools the same way
(``core.mcp.calls``). A moment a message gives in ISO 8601 with its offset
("2020-01-01T09:00:00-05:00") is said as the pages say times, in the task's zone, and an ISO
day ("2026-03-02") as they say days ("Mon 2 Mar")."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from datetime import date, datetime
from typing import TypeVar

from flask import has_request_context

from mock_services.core.base.current import current_request
from mock_services.core.web.runtime import request_runtime

K = TypeVar("K")
_METHOD = r"(?:GET|POST|PUT|PATCH|DELETE)"
_ROUTE = re.compile(
    rf"(?P<lead>\b(?:with|using|via|see|by) )?(?P<methods>{_METHOD}(?: or {_METHOD})*) "
    r"/api/(?P<path>[^\s,;)'\"`?]*[^\s,;)'\"`.?])(?P<query>\?[^\s,;)'\"`]*)?"
)
_MOMENT = re.compile(
    r"\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})(?![\w:])"
)
"""A moment with its offset, as the services' messages give one (a naive one is left as typed)."""
_PLACEHOLDER = re.compile(r"^(?:<[^>]*>|\{[^}]*\}|\*|.*[0-9A-Z].*)$")
"""A path segment that stands for one record: a placeholder, an id or a code ("ORD-1", "ENG")."""


def _words(segment: str) -> str:
    return segment.replace("-", " ").replace("_", " ")


def _one(segment: str) -> str:
    """A collection's name for one of it ("orders" -> "order", "categories" -> "category")."""
    word = _words(segment)
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _place(segments: list[str]) -> str:
    """The page a path shows: "the Accounts page", "the order's page"."""
    if segments and _PLACEHOLDER.match(segments[-1]) and len(segments) >= 2:
        return f"the {_one(segments[-2])}'s page"
    named = " ".join(_words(s) for s in segments if not _PLACEHOLDER.match(s))
    return f"the {named[:1].upper()}{named[1:]} page" if named else "its page"


def _form(method: str, segments: list[str]) -> str:
    """The control that does a write: "the Return form on the order's page", "the New
    requester form", "the message's Delete button"."""
    if not segments:
        return "its form"
    last = segments[-1]
    if _PLACEHOLDER.match(last):
        record = _one(segments[-2]) if len(segments) >= 2 else "record"
        return f"the {record}'s {'Delete button' if method == 'DELETE' else 'Edit form'}"
    if len(segments) >= 2 and _PLACEHOLDER.match(segments[-2]):
        return f"the {_words(last).capitalize()} form on {_place(segments[:-1])}"
    if method == "POST":
        return f"the New {_one(last)} form"
    return f"the {_words(last).capitalize()} form"


def _replacement(mention: re.Match[str]) -> str:
    methods = mention["methods"].split(" or ")
    segments = [s for s in mention["path"].split("/") if s]
    lead = mention["lead"] or ""
    if methods == ["GET"]:
        where = _place(segments) + (" (its search box)" if mention["query"] else "")
        return f"on {where}" if lead.strip() in ("with", "using", "via") else f"{lead}{where}"
    return f"{lead}{' or '.join(_form(m, segments) for m in methods)}"


def moment_words(moment: datetime, local_now: datetime | None, *, seconds: bool = False) -> str:
    """``Thu 12 Mar 11:30 EDT``: ``moment`` as pages show a time, in the zone of ``local_now``
    (the page's "Today"; as it is without one), with its year only where it is not today's
    year (a date of this year reads without it, as the copied sites write it), and its seconds
    where ``seconds`` asks (``11:30:07``: see ``share_a_minute``)."""
    year = False
    if local_now is not None:
        moment = moment.astimezone(local_now.tzinfo)
        year = moment.year != local_now.year  # another year's date says which
    day = f"{moment:%a} {moment.day} {moment:%b}" + (f" {moment.year}" if year else "")
    return f"{day} {moment:{'%H:%M:%S' if seconds else '%H:%M'}} {moment.tzname()}"


def share_a_minute(moments: Iterable[datetime | str | None]) -> bool:
    """Whether two of ``moments`` (datetimes or ISO 8601 strings) fall in one minute, so that a
    list of them shows seconds to tell which came last: a task's frozen clock moves one second
    per request, so every answer of a conversation held in a run reads "10:00" to the minute."""
    seen: set[str] = set()
    for moment in moments:
        if moment is None:
            continue
        text = moment.isoformat() if isinstance(moment, datetime) else moment
        minute = text[:16]  # "2026-03-09T10:00": the same instant spelt the same way
        if minute in seen:
            return True
        seen.add(minute)
    return False


def day_words(day: date | str, today: date | None = None) -> str:
    """``Wed 11 Mar``: a calendar day (a ``date`` or ``YYYY-MM-DD``) as pages say one, the way
    ``moment_words`` says a time's day, with its year where it is not ``today``'s (or always,
    without a today): notices and lists then never show a bare ISO date."""
    if isinstance(day, str):
        day = date.fromisoformat(day[:10])
    year = today is None or day.year != today.year
    return f"{day:%a} {day.day} {day:%b}" + (f" {day.year}" if year else "")


def long_day_words(day: date) -> str:
    """``Monday, 2 March 2026``: a day as a heading names it, as Google Calendar heads its
    day view (the day of the month without a leading zero, the year always)."""
    return f"{day:%A}, {day.day} {day:%B %Y}"


def date_words(day: date) -> str:
    """``3 March 2025``: a day as a record's date is written for people, a store's "First
    available" (the day of the month without a leading zero, the month's name, the year
    always; no weekday, no time of day)."""
    return f"{day.day} {day:%B %Y}"


def month_words(day: date) -> str:
    """``March 2026``: the month of ``day``, as a month view's heading names it."""
    return f"{day:%B %Y}"


def week_words(first: date, last: date) -> str:
    """A week, or any span of days, as Google Calendar heads its week view: "2 - 8 Mar 2026"
    with an en dash between the days; the month and year are said once where both ends share them
    ("30 Mar - 5 Apr 2026", "29 Dec 2025 - 4 Jan 2026")."""
    if first.year != last.year:
        return f"{first.day} {first:%b %Y} \N{EN DASH} {last.day} {last:%b %Y}"
    if first.month != last.month:
        return f"{first.day} {first:%b} \N{EN DASH} {last.day} {last:%b %Y}"
    return f"{first.day} \N{EN DASH} {last.day} {last:%b %Y}"


_ISO_DAY = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b(?![T:\d])")
"""A calendar day in ISO 8601 written into a stored text (a charge's "fare TS302 on 2026-03-04")."""
_WEEKDAY_AND_ISO_DAY = re.compile(
    r"(?:\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\.?,?\s+)?"
    + _ISO_DAY.pattern
)
"""An ISO day with the weekday a text may already give before it ("Sun 2026-03-08"), which
the day in words says again."""


def days_in_words(text: str, today: date | None) -> str:
    """``text`` with each ISO day in it said as pages say days (``day_words``): a stored text
    such as a charge's description keeps ISO for the API, a page reads it in words; a weekday
    the text gives before the day is not said twice."""
    return _WEEKDAY_AND_ISO_DAY.sub(lambda m: _said_day(m, today), text)


def _said_day(found: re.Match[str], today: date | None) -> str:
    """An ISO day in words, in place of the weekday given before it too ("Sun 2026-03-08" and
    "2026-03-08" both read "Sun 8 Mar"); one that is no day ("2026-02-30", as someone typed
    it) as typed."""
    try:
        return day_words(found[1], today)
    except ValueError:
        return found[0]


def preview_words(text: str, length: int) -> str:
    """``text`` on one line, cut to at most ``length`` characters at the end of a word with an
    ellipsis ("Lunch at Café Lola on…", never "at Caf"), as mail and message lists preview a
    body: a single word longer than ``length`` is cut where it must be."""
    flat = " ".join(text.split())
    if len(flat) <= length:
        return flat
    return flat[: length - 1].rsplit(" ", 1)[0] + "…"


MINOR_UNITS = {
    **dict.fromkeys(
        [
            "BIF",
            "CLP",
            "DJF",
            "GNF",
            "ISK",
            "JPY",
            "KMF",
            "KRW",
            "PYG",
            "RWF",
            "UGX",
            "UYI",
            "VND",
            "VUV",
            "XAF",
            "XOF",
            "XPF",
        ],
        0,
    ),
    **dict.fromkeys(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"], 3),
}
"""The currencies whose amounts are not written with two decimals (ISO 4217's minor units):
a yen has no cents (``JPY 18,000,000``), a dinar of Kuwait has fils (``KWD 1,250.500``)."""

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}
"""The sign a shop or airline writes before a price in these currencies (``$2,276.00``)."""


def figure_words(amount: float, currency: str) -> str:
    """``4,800.00``: an amount's figure with thousands separators and as many decimals as
    its currency has (``18,000,000`` in yen)."""
    return f"{amount:,.{MINOR_UNITS.get(currency.upper(), 2)}f}"


def money_words(amount: float, currency: str) -> str:
    """``USD 4,800.00``: an amount as every page says money, its currency's code first, as
    the multi-currency books and CRMs the services copy write it (Xero's "USD 4,800.00",
    HubSpot's); money out keeps its sign on the figure (``USD -1,274.40``), as a statement
    line reads; a currency without cents has no decimals (``JPY 18,000,000``)."""
    return f"{currency} {figure_words(amount, currency)}"


def price_words(amount: float, currency: str = "USD") -> str:
    """``$2,276.00``: a price as a shop or an airline shows it to a customer, its
    currency's sign first (``-$20.00`` for money back); the code form where there is no
    sign (``CHF 120.00``)."""
    sign = SYMBOLS.get(currency.upper())
    if sign is None:
        return money_words(amount, currency)
    return f"{'-' if amount < 0 else ''}{sign}{figure_words(abs(amount), currency)}"


def number_words(value: float | int) -> str:
    """``1``, ``320``, ``1.5``, ``12,400``: a quantity as people write it, with no needless
    ``.0`` (``Servings 1``, ``kcal 320``, "must be at most 400")."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):  # a tuple: no union built
        return str(value)
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.6f}".rstrip("0").rstrip(".")


def _task_today() -> datetime | None:
    """The task's seeded "Today", in its zone, where a page is being made; else None."""
    if not has_request_context():
        return None
    clock = request_runtime(current_request()).clock
    return clock.base.astimezone(clock.tz)


def for_people(message: str) -> str:
    """``message`` with each API route it names said as the page or form that does it, each
    moment it gives with an offset said in the task's zone, as pages show times, and each ISO
    day said in words (a refusal's "is before the issue date, 2026-03-02" reads "…, Mon 2 Mar"
    on a page; the API's answer keeps ISO)."""
    said = _ROUTE.sub(_replacement, message)
    if not (_MOMENT.search(said) or _ISO_DAY.search(said)):
        return said
    local_now = _task_today()
    said = _MOMENT.sub(
        lambda m: moment_words(datetime.fromisoformat(m[0].replace("Z", "+00:00")), local_now),
        said,
    )
    return days_in_words(said, local_now.date() if local_now is not None else None)


def counted(count: int, noun: str, plural: str = "") -> str:
    """``1 passenger``, ``3 passengers``: a count with its noun in the number form it takes
    (``plural`` where adding "s" does not make it), never "passenger(s)"."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def grouped_choices(groups: Iterable[tuple[str, Iterable[tuple[K, str]]]]) -> list[tuple[K, str]]:
    """A picker's groups of choices as plain choices, each named by its group first ("ENG ·
    Runbook", "Lindqvist Architects · Ingrid Lindqvist"), in order. Never ``<optgroup>``:
    Playwright's accessibility snapshot leaves its options out, so a browsing agent saw an
    empty picker."""
    return [(value, f"{group} · {name}") for group, choices in groups for value, name in choices]


def possessive(name: str) -> str:
    """``Alice Martin's``, ``Northwind Traders'``: a name's possessive, the apostrophe alone
    after a name that ends in s (never "Traders's"). The ``possessive`` filter on a page."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def ended(text: str) -> str:
    """``text`` as a sentence's end: with a full stop, unless it ends with one already or with
    a question or exclamation mark, so a name that ends in a stop ("Brightline Paper Co.")
    or a question ("record it anyway?") is never followed by a second one ("Co..", "?.")."""
    return text if text.rstrip().endswith((".", "?", "!", "…")) else f"{text}."


def one_stop(text: str) -> str:
    """A sentence made as "Added {name}." whose name ends in a stop or a question ("Added
    Brightline Paper Co..", "…: record it anyway?.") with the added stop left out; an ellipsis
    ("...") stays. Every notice a page shows passes through it (``base.html``)."""
    if text.endswith(("..", "?.", "!.")) and not text.endswith("..."):
        return text[:-1]
    return text


def alike_numbered(named: Iterable[tuple[K, str]]) -> list[tuple[K, str]]:
    """Each ``(key, name)`` with "(2 of 3 alike)" after a name that others of ``named`` share,
    so that a list never offers two choices that read the same (and never shows their ids)."""
    pairs = list(named)
    total = Counter(name for _key, name in pairs)
    seen: Counter[str] = Counter()
    numbered: list[tuple[K, str]] = []
    for key, name in pairs:
        seen[name] += 1
        alike = f" ({seen[name]} of {total[name]} alike)" if total[name] > 1 else ""
        numbered.append((key, name + alike))
    return numbered
