"""Declarative fault injection for robustness tasks, off unless a seed asks for it.

A rule such as ``{"route": "POST /api/checkout", "first_n": 2, "status": 503, "retry_after": 1}``
makes the first two matching calls fail. A rule matches its route's operation whatever the
channel: the route, its MCP tool and the web form that performs it (a write) or the web page
that shows it (a read, ``GET /api/flights*`` hits the flight search page) count as one sequence
(a web page gets the outage as a page, not JSON). Hit counts live in the
service DB, so every worker sees the same sequence and a reset to seed starts it over. The
answer reads as a real outage's (unless the rule sets its ``message``); the audit entry of a
call names the rules that fired on it (``fault: "faults[0]"``).
"""

from __future__ import annotations

import difflib
import fnmatch
import re
import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit

from flask import Request, Response, render_template
from pydantic import BaseModel, ConfigDict, Field, model_validator

from mock_services.core.base.error_handlers import error_response
from mock_services.core.base.errors import ApiError
from mock_services.core.data.audit import (
    FAULT_KEY,
    is_audited_request,
    is_web_page,
    operation_of,
    view_of,
)

if TYPE_CHECKING:
    from mock_services.core.data.transaction import Transaction

_CODES = {
    429: "rate_limited",
    500: "internal_error",
    502: "bad_gateway",
    503: "service_unavailable",
    504: "gateway_timeout",
}
_REAL_MESSAGES = {
    500: "The server encountered an internal error. Please try again later.",
    502: "The server received an invalid response from an upstream server. Please try again later.",
    503: "The service is temporarily unavailable. Please try again later.",
    504: "The server did not get a response from an upstream server in time. "
    "Please try again later.",
}
"""What a real service says for each status (a 429 says when to retry: ``_real_message``)."""


class FaultRule(BaseModel):
    """Make matching requests fail or slow down, for calls ``skip+1`` to ``skip+first_n``."""

    model_config = ConfigDict(extra="forbid")
    route: str = Field(
        pattern=r"^(GET|POST|PUT|PATCH|DELETE|\*) /\S*$",
        description="'METHOD /path', the path may use * wildcards",
    )
    status: Literal[429, 500, 502, 503, 504] | None = None
    delay_ms: int = Field(0, ge=0, le=30_000)
    first_n: int | None = Field(None, ge=1, description="how many calls; omitted = all of them")
    skip: int = Field(0, ge=0, description="matching calls let through before the fault starts")
    retry_after: int | None = Field(None, ge=0, le=3600)
    message: str | None = None

    @model_validator(mode="after")
    def _does_something(self) -> FaultRule:
        if self.status is None and self.delay_ms == 0:
            raise ValueError("a fault needs a 'status' (429/500/502/503/504) or a 'delay_ms'")
        return self

    def matches(self, method: str, path: str) -> bool:
        want_method, want_path = self.route.split(" ", 1)
        return want_method in ("*", method) and fnmatch.fnmatchcase(path, want_path)

    def reaches(self, method: str, rule: str) -> bool:
        """Whether some ``method`` request to the Flask route ``rule`` (``/api/orders/<code>``)
        matches this fault."""
        want_method, want_path = self.route.split(" ", 1)
        return want_method in ("*", method) and _overlap(
            _glob_tokens(want_path), _route_tokens(rule)
        )

    def fires_on(self, hit: int) -> bool:
        return hit > self.skip and (self.first_n is None or hit <= self.skip + self.first_n)


def unreachable_fault(
    rules: Sequence[FaultRule], routes: Sequence[tuple[str, str]], service: str
) -> tuple[int, str] | None:
    """The first rule that matches none of ``routes`` (``(method, Flask rule)`` pairs), with a
    message naming the closest real routes; None when every rule reaches one."""
    for index, rule in enumerate(rules):
        if any(rule.reaches(method, path) for method, path in routes):
            continue
        shown = [method + " " + _PARAM.sub(r"{\g<name>}", path) for method, path in routes]
        closest = difflib.get_close_matches(rule.route, shown, n=3, cutoff=0.5)
        hint = (
            f"closest: {', '.join(repr(r) for r in closest)}"
            if closest
            else "GET /openapi.json lists the API's routes"
        )
        return index, f"{rule.route!r} matches no route of the {service} service; {hint}"
    return None


# --- Does a fault's glob reach a route? Both are token lists; a token is a literal character or
# a character class, and a flag saying whether it repeats (zero or more times).
_Token = tuple[str | Callable[[str], bool], bool]
_PARAM = re.compile(r"<(?:(?P<converter>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>")
_CONVERTER_CHARS: dict[str, Callable[[str], bool]] = {
    "int": str.isdigit,
    "float": lambda c: c.isdigit() or c == ".",
    "path": lambda c: True,
}


def _any_char(c: str) -> bool:
    return True


def _not_slash(c: str) -> bool:
    return c != "/"


def _glob_tokens(pattern: str) -> list[_Token]:
    """``fnmatch``'s ``*`` (any text, slashes included) and ``?`` (one character)."""
    kinds = {"*": (_any_char, True), "?": (_any_char, False)}
    return [kinds.get(c, (c, False)) for c in pattern]


def _route_tokens(rule: str) -> list[_Token]:
    """A Flask rule; a ``<param>`` is one or more characters its converter accepts."""
    tokens: list[_Token] = []
    end = 0
    for param in _PARAM.finditer(rule):
        tokens += [(c, False) for c in rule[end : param.start()]]
        chars = _CONVERTER_CHARS.get(param["converter"] or "", _not_slash)
        tokens += [(chars, False), (chars, True)]
        end = param.end()
    return tokens + [(c, False) for c in rule[end:]]


def _meet(a: str | Callable[[str], bool], b: str | Callable[[str], bool]) -> bool:
    """Whether one character fits both tokens (every class holds the digits)."""
    if isinstance(a, str):
        return a == b if isinstance(b, str) else b(a)
    return a(b) if isinstance(b, str) else True


def _overlap(xs: list[_Token], ys: list[_Token]) -> bool:
    """Whether some text matches both token lists."""

    @cache
    def from_(i: int, j: int) -> bool:
        if i == len(xs) and j == len(ys):
            return True
        if (i < len(xs) and xs[i][1] and from_(i + 1, j)) or (
            j < len(ys) and ys[j][1] and from_(i, j + 1)
        ):
            return True
        if i == len(xs) or j == len(ys) or not _meet(xs[i][0], ys[j][0]):
            return False
        (_, x_repeats), (_, y_repeats) = xs[i], ys[j]
        # Both repeating: a shared character leads back here; skipping one was tried above.
        return not (x_repeats and y_repeats) and from_(i + (not x_repeats), j + (not y_repeats))

    return from_(0, 0)


OperationRoute = tuple[str, str, str]
"""(method, Flask rule, operation) of an API route that changes data."""


class FaultInjector:
    """Counts matching requests in the DB and answers the faulty ones."""

    def __init__(
        self,
        rules: list[FaultRule],
        begin_write: Callable[[], Transaction],
        operations: Sequence[OperationRoute] = (),
        service_title: str = "",
    ) -> None:
        self.rules = rules
        self._title = service_title
        self._begin_write = begin_write  # the runtime's write transaction, on the DB's file
        self._operations = [
            frozenset(op for method, path, op in operations if rule.reaches(method, path))
            for rule in rules
        ]

    def _matches(self, index: int, request: Request) -> bool:
        """By the route, or by the operation the request performs: a web form's write, or a
        web page's reads (the API reads it ``shows``; a form page such as GET /events/new
        shows none)."""
        if self.rules[index].matches(request.method, request.path):
            return True
        operations = self._operations[index]
        if not operations:
            return False
        if is_audited_request(request):
            return operation_of(request)[0] in operations
        if request.method != "GET" or not is_web_page(request):
            return False
        return any(read in operations for read in getattr(view_of(request), "shows", ()))

    def _hit(self, index: int) -> int:
        with self._begin_write() as tx:
            (hits,) = tx.raw.execute(
                "INSERT INTO _fault_counters (rule, hits) VALUES (?, 1) "
                "ON CONFLICT(rule) DO UPDATE SET hits = hits + 1 RETURNING hits",
                (index,),
            ).fetchone()
            tx.commit()
            return int(hits)

    def check(
        self, request: Request, form_again: Callable[[ApiError], Response] | None = None
    ) -> Response | None:
        """Delay or answer ``request`` as the rules that fire on it say; their ids
        (``faults[0]``) go to its environ, for its audit entry. A web form's fault is answered
        by ``form_again``, when given: the form's page again, as a refused form is."""
        fired = []
        for index, rule in enumerate(self.rules):
            if not self._matches(index, request) or not rule.fires_on(self._hit(index)):
                continue
            fired.append(f"faults[{index}]")
            request.environ[FAULT_KEY] = ", ".join(fired)
            if rule.delay_ms:
                time.sleep(rule.delay_ms / 1000)
            if rule.status is not None:
                if is_web_page(request):
                    return self._fault_page(rule, rule.status, request, form_again)
                return _fault_response(rule, rule.status)
        return None

    def _fault_page(
        self,
        rule: FaultRule,
        status: int,
        request: Request,
        form_again: Callable[[ApiError], Response] | None,
    ) -> Response:
        """The outage as a web page shows it: a form sent is shown again on its page with what
        was typed kept and the outage above it (a person retries without typing it all
        again), as real sites keep a form that failed to save; a page read offers to load the
        page again; else a page with a way back."""
        headers, message = _answer(rule, status)
        if form_again is not None and request.method == "POST":
            shown = form_again(ApiError(message, status=status))
            shown.headers.update(headers)
            return shown
        referrer = urlsplit(request.referrer or "/")
        same_site = referrer.netloc in ("", request.host) and referrer.path.startswith("/")
        retry = request.full_path.rstrip("?") if request.method == "GET" else None
        page = render_template(
            "service_error.html",
            status=status,
            message=message,
            service_title=self._title,
            back=referrer.path if same_site else "/",
            retry=retry,
        )
        return Response(page, status=status, headers=headers, mimetype="text/html")


def _answer(rule: FaultRule, status: int) -> tuple[dict[str, str], str]:
    headers = {"Retry-After": str(rule.retry_after)} if rule.retry_after is not None else {}
    return headers, rule.message or _real_message(status, rule.retry_after)


def _fault_response(rule: FaultRule, status: int) -> Response:
    """The answer a real service gives for ``status``: nothing in it says it was injected."""
    headers, message = _answer(rule, status)
    return error_response(status, _CODES[status], message, headers=headers)


def _real_message(status: int, retry_after: int | None) -> str:
    """What a real service says, with the wait ``Retry-After`` gives in words too (a person at
    the browser sees no header)."""
    if status != 429:
        said = _REAL_MESSAGES[status]
        if retry_after is None:
            return said
        return said.replace("try again later", f"try again in {_seconds(retry_after)}")
    when = "later" if retry_after is None else f"after {_seconds(retry_after)}"
    return f"Too many requests. Please slow down and retry {when}."


def _seconds(count: int) -> str:
    return f"{count} second{'' if count == 1 else 's'}"
