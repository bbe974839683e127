"""The audit log: which request added, changed or removed which rows, and what it sent.

Changes are captured from the ORM unit of work and from the request transaction's own row
writes (``Transaction.update``), so a handler mutates rows through mapped objects
(``session.add``, attribute assignment, ``session.delete``) or those writes, never a bulk
``UPDATE``.
Every request to a mutating route is logged, refused ones included, with a bounded summary of
its body and the clock tick it came at (a refused one ticks no clock: ``moves_clock``).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from functools import lru_cache
from typing import Any, NamedTuple, NewType, TypeAlias

from flask import Request, current_app
from pydantic_core import from_json
from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from mock_services.core.base.body_limit import body_refused
from mock_services.core.base.request_body import announced_length, body_received
from mock_services.core.base.row_codec import encoded, stored_as
from mock_services.core.data.db import AuditRequest, CoreBase, table_of
from mock_services.core.data.world_marks import WORLD_VIA

CHANGES_KEY = "audit_changes"
Change: TypeAlias = tuple[str, str, str, dict[str, Any] | None, dict[str, Any] | None]
"""(table, primary key, "insert" | "update" | "delete", values before, values after)"""
_SECRET_KEYS = ("password", "token", "secret")
_JSON_SCALARS = frozenset((str, int, float, bool, type(None)))
_NUMBERS = frozenset((int, float, bool, type(None)))
SUMMARY_CHARS = 4096
"""About how many characters of JSON a request's body summary keeps."""
_STRING_CHARS = 512
_DEPTH = 8
VIA_KEY = "mock_services.via"
"""The WSGI environ key an MCP tool call sets to "mcp" (a header could be forged; this cannot);
a request without it came by "http", or by "ui" when it reached a web page."""
EVENT_KEY = "mock_services.event"
"""The WSGI environ key of a world request: ``(event id, occurrence)``, set only in process."""
WORLD_CALLER_KEY = "mock_services.world_caller"
"""The WSGI environ key of the seeded user a request made inside the process acts as (None: no
caller): a world event's, or a replayed one's. Such a request has the world's authority."""
REPLAY_ELAPSED_KEY = "mock_services.replay_elapsed"
"""The WSGI environ key of a replayed request's recorded share of agent-phase time."""
ELAPSED_KEY = "mock_services.world_elapsed"
"""The WSGI environ key of the whole seconds the agent phase had run when a request came (a
running clock's share of the request's time; 0 in a frozen world)."""
OPERATIONS_KEY = "mock_services.operations"
"""The WSGI environ key a request's operations and status are left under, when the world
waits for the agent's calls (``after_operation``)."""
TRIGGER_HOLD_KEY = "mock_services.trigger_hold"
"""The WSGI environ key of an agent's request's ``TriggerHold`` in a world that waits for the
agent's calls: the app takes it, once routed, when the request's operations may fire an event."""
CALL_PARAMS_KEY = "mock_services.call_params"
"""The WSGI environ key of a request's operation's path parameters (by the API's names, a web
form's too), left with its operations when a world event waits for calls with given fields."""
CALL_INPUTS_KEY = "mock_services.call_inputs"
"""The WSGI environ key of a request's validated inputs (its query and body models; a web
form's, read by its API route's body model), for a world event's ``where``."""
FAULT_KEY = "mock_services.fault"
"""The WSGI environ key naming the fault rules that fired on a request (``faults[0]``)."""


@dataclass(frozen=True)
class OperationChoice:
    """A web form that performs one of several operations, told apart by one value of the
    request (a path parameter, else a form or query field): ``choices`` maps that value to
    the operation; a value not in it is ``default`` (None: the form refuses it anyway)."""

    field: str
    choices: Mapping[str, str]
    default: str | None = None

    def of(self, request: Request) -> str | None:
        value = (request.view_args or {}).get(self.field, page_value(request, self.field))
        return self.choices.get(value, self.default) if value is not None else self.default

    @property
    def names(self) -> frozenset[str]:
        default = frozenset({self.default}) if self.default is not None else frozenset()
        return frozenset(self.choices.values()) | default


def page_value(request: Request, field: str) -> str | None:
    """A field of a page's request as its handler reads it: the posted form's on a POST (a
    query beside it is ignored, so the audit log cannot be told one thing while the handler
    does another), the query's otherwise."""
    return (request.form if request.method == "POST" else request.args).get(field)


Operation: TypeAlias = str | OperationChoice
"""The service-level action a route performs, named as the API's operation (its OpenAPI
``operationId`` and MCP tool): the same for the API route, its MCP tool and its web form."""


OperationParams: TypeAlias = tuple[tuple[str, Callable[[str], Any]], ...]
"""The path parameters of an operation's API route, in order, each with the function that
gives a raw value its canonical form (an int's ``int``): what an audit entry's ``params`` name
on every channel."""


def mark_audited(
    view: Callable[..., Any],
    methods: Iterable[str],
    operation: Operation | None = None,
    also: Iterable[str] = (),
) -> None:
    """Declare that requests with these methods to ``view`` are logged, refused ones too, as
    ``operation``; ``also``: the other operations one of them may perform besides (a form
    that does two things logs an entry for each, ``Ctx.also_performing``)."""
    view.audited_methods = frozenset(methods)  # type: ignore[attr-defined]  # a mark on the view
    view.operation = operation  # type: ignore[attr-defined]
    view.also_performs = frozenset(also)  # type: ignore[attr-defined]
    # Every audited request asks for these two: a view without them raised and caught an
    # AttributeError each time (its message formatted, some 2,500 instructions apiece).
    for mark, default in (("web_page", False), ("operation_params", None)):
        if not hasattr(view, mark):
            setattr(view, mark, default)


def is_audited(view: Callable[..., Any] | None, method: str) -> bool:
    return method in getattr(view, "audited_methods", ())


@dataclass(frozen=True)
class ShownRead:
    """An API read a web page shows, with the query its list uses: a value ``"<deal_id>"`` is
    the page's own parameter of that name (from its path, else its query), any other value is
    sent as it is. ``ShownRead("list_activities", (("deal_id", "<deal_id>"),))`` on
    ``/deals/<int:deal_id>``: the deal's activities, as an API client lists them."""

    operation: str
    query: tuple[tuple[str, str], ...] = ()

    def bound(self, params: Mapping[str, Any]) -> dict[str, str] | None:
        """The read's query at a page's ``params``; None if it names one the page lacks."""
        query = {}
        for name, value in self.query:
            if value.startswith("<") and value.endswith(">"):
                if value[1:-1] not in params:
                    return None
                value = str(params[value[1:-1]])
            query[name] = value
        return query


Shows: TypeAlias = Iterable["str | ShownRead"]
"""What a page declares it shows: API reads by name, or with their query (``ShownRead``)."""


def mark_web_page(
    view: Callable[..., Any], fields: Mapping[str, str] | None = None, shows: Shows = ()
) -> None:
    """Declare ``view`` a page of the web UI (its errors are pages too, not JSON); ``fields``
    maps an API path parameter to the form field that carries it where the names differ;
    ``shows`` names the API reads whose answers the page shows (``invoke ui-coverage``), its
    main read first: ``view.shows`` their names, ``view.shown_reads`` each with its query."""
    reads = tuple(ShownRead(s) if isinstance(s, str) else s for s in shows)
    view.web_page = True  # type: ignore[attr-defined]
    view.param_fields = dict(fields or {})  # type: ignore[attr-defined]
    view.shown_reads = reads  # type: ignore[attr-defined]
    view.shows = tuple(dict.fromkeys(r.operation for r in reads))  # type: ignore[attr-defined]


VIEW_KEY = "mock_services.view"
"""The WSGI environ key of the view a request reached, kept by the app's first hook."""


def view_of(request: Request) -> Callable[..., Any] | None:
    """The view ``request`` reached: its environ's, else looked up through the app's proxy
    (a partial and a context look-up per use, twice per audited write)."""
    environ = request.environ
    if VIEW_KEY in environ:
        return environ[VIEW_KEY]  # type: ignore[no-any-return]
    return current_app.view_functions.get(request.endpoint or "")


def by_world(request: Request) -> bool:
    """Whether the world made ``request`` (a seed's event), not the agent."""
    return request.environ.get(VIA_KEY) == WORLD_VIA


def made_in_process(request: Request) -> bool:
    """Whether ``request`` was made inside the process with a caller named (a world event, a
    replay): no HTTP client can set the key."""
    return WORLD_CALLER_KEY in request.environ


def is_web_page(request: Request) -> bool:
    return getattr(view_of(request), "web_page", False)


def is_audited_request(request: Request) -> bool:
    """Whether ``request`` reaches a view that logs it (a write, not a page read)."""
    return is_audited(view_of(request), request.method)


def declared_operations(view: Callable[..., Any]) -> frozenset[str]:
    """Every operation ``view`` may record (none for a route that is not audited)."""
    if not getattr(view, "audited_methods", None):
        return frozenset()
    operation = getattr(view, "operation", None)
    also: frozenset[str] = getattr(view, "also_performs", frozenset())
    if isinstance(operation, OperationChoice):
        return operation.names | also
    return (frozenset({operation}) if operation else frozenset()) | also


def mark_operation_params(view: Callable[..., Any], params: Mapping[str, OperationParams]) -> None:
    """Give a web page each operation's API path parameters, which its entries then name (read
    from the page's path or form fields; see ``mark_web_page``)."""
    view.operation_params = params  # type: ignore[attr-defined]  # a mark on the view


def operation_of(request: Request) -> tuple[str | None, dict[str, Any]]:
    """The operation ``request`` performs and what it acts on: its API route's path
    parameters, by the same names and types whatever the channel (a web form's read from its
    path or fields; a web page's read is the first API read it ``shows``)."""
    view = view_of(request)
    if request.method == "GET" and (shows := getattr(view, "shows", ())):
        return shows[0], dict(request.view_args or {})  # a page read: its main API read
    declared: Operation | None = getattr(view, "operation", None)
    operation = declared.of(request) if isinstance(declared, OperationChoice) else declared
    return operation, params_of(request, view, operation)


def params_of(
    request: Request, view: Callable[..., Any] | None, operation: str | None
) -> dict[str, Any]:
    """What ``operation`` acts on in ``request`` to ``view``: its API path parameters (see
    ``operation_of``), else the route's own path parameters."""
    table: Mapping[str, OperationParams] | None = getattr(view, "operation_params", None)
    if table is None or operation is None or operation not in table:
        return dict(request.view_args or {})
    fields: Mapping[str, str] = getattr(view, "param_fields", {})
    path = request.view_args or {}
    params: dict[str, Any] = {}
    for name, canonical in table[operation]:
        field = fields.get(name, name)
        value = path.get(field, page_value(request, field))
        if value is not None:
            params[name] = canonical_or_raw(canonical, value)
    return params


def canonical_or_raw(canonical: Callable[[str], Any], value: Any) -> Any:
    """``value`` in its canonical form, or as given when it has none (the handler refuses it)."""
    try:
        return canonical(value)
    except (TypeError, ValueError):
        return value


RECEIVED_KEY = "mock_services.received_ns"
"""The WSGI environ key of the host's real time (ns) when the service received the request."""
_LOGGED_KEY = "mock_services.audit_logged"
AUDIT_REQUEST_KEY = "mock_services.audit_request_id"
ALSO_DONE_KEY = "mock_services.also_done"
"""The WSGI environ key of the operations a request performed besides its own
(``Ctx.also_performing``), which the world counts as it counts the request's own."""
"""The WSGI environ key of a write's audit row id, for work after its commit (e.g. a failed
notification's entry)."""


def mark_logged(request: Request) -> None:
    """Note that the audit row of ``request`` is written (so it is not logged twice)."""
    request.environ[_LOGGED_KEY] = True


def is_logged(request: Request) -> bool:
    return _LOGGED_KEY in request.environ


_REQUESTS = table_of(AuditRequest)
_REQUEST_COLUMNS = (
    "id",
    "tick",
    "at",
    "method",
    "path",
    "operation",
    "params",
    "username",
    "status",
    "via",
    "fault",
    "event",
    "logged_ns",
    "received_ns",
    "body",
    "changes",
)
# Plain sqlite3 statements, values stored as the ORM stores them (see row_codec): an audited
# write costs far less than through SQLAlchemy's statement layer.
_INSERT_REQUEST = (
    f"INSERT INTO {_REQUESTS.name} ({', '.join(_REQUEST_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(_REQUEST_COLUMNS))})"
)
_STORED_BODY = stored_as(_REQUESTS, "body")
_STORED_CHANGES = stored_as(_REQUESTS, "changes")


_LAST_ROW = f"SELECT id, tick FROM {_REQUESTS.name} ORDER BY id DESC LIMIT 1"
"""The last audit row's id and tick: each row's tick is its predecessor's or one more, so the
last row holds the highest (see ``world_marks.LAST_TICK``)."""


class AuditSlot(NamedTuple):
    """The id the next audit row gets and the clock tick it runs at."""

    id: int
    tick: int


def moves_clock(status: int) -> bool:
    """Whether a logged request answered ``status`` ticks the clock: one served, not one
    refused (so a flood of refused writes moves no world time)."""
    return status < 400


def next_audit_slot(db: sqlite3.Connection, *, ticks: bool) -> AuditSlot:
    """The next audit row's id, and its tick: one past the last if the request ``ticks``
    (``moves_clock``), the last one otherwise. Asked inside a transaction that holds the write
    lock (``BEGIN IMMEDIATE``), so no other request can take them; the row itself is written
    once its outcome is known (``insert_audit_request``). One look-up by the primary key."""
    last_id, last_tick = db.execute(_LAST_ROW).fetchone() or (0, 0)
    return AuditSlot(last_id + 1, last_tick + ticks)


class AuditEntry(NamedTuple):
    """What a request's audit row says that is known before it runs, stored as the ORM
    stores it: made before the writers' queue is joined, so the lock is held for less."""

    method: str
    path: str
    operation: str | None
    params: str | None
    via: str
    fault: str | None
    event: str | None
    received_ns: int | None
    body: StoredBody


def audit_entry(request: Request) -> AuditEntry:
    """The audit row of ``request`` but for its slot, caller, time and answer."""
    operation, params = operation_of(request)
    values = {
        "method": request.method,
        "path": request.path,
        "operation": operation,
        "params": params or None,
        "via": request.environ.get(VIA_KEY) or ("ui" if is_web_page(request) else "http"),
        "fault": request.environ.get(FAULT_KEY),
        "event": fired[0] if (fired := request.environ.get(EVENT_KEY)) else None,
        "received_ns": request.environ.get(RECEIVED_KEY),
    }
    method, path, operation, params, via, fault, event, received_ns = encoded(_REQUESTS, values)
    body = request_summary(request)
    return AuditEntry(method, path, operation, params, via, fault, event, received_ns, body)


def also_entry(request: Request, entry: AuditEntry, operation: str) -> AuditEntry:
    """The audit row of another operation ``request`` performed besides its own (a form that
    does two things): ``entry`` with that operation and what it acts on."""
    view = view_of(request)
    if operation not in getattr(view, "also_performs", ()):
        raise ValueError(
            f"{request.method} {request.path} performs {operation!r} besides its own operation "
            "but does not declare it: name it in the page's also=(...)"
        )
    params = params_of(request, view, operation)
    stored_operation, stored_params = encoded(
        _REQUESTS, {"operation": operation, "params": params or None}
    )
    return entry._replace(operation=stored_operation, params=stored_params)


def insert_audit_request(
    db: sqlite3.Connection,
    slot: AuditSlot,
    entry: AuditEntry,
    at: datetime,
    username: str | None,
    status: int,
    changes: StoredChanges | None = None,
) -> None:
    """Write the audit row ``entry`` in ``slot``: who sent it, when (its tick's time), its
    answer, the rows it changed (``stored_changes``)."""
    (stored_at,) = encoded(_REQUESTS, {"at": at})
    method, path, operation, params, via, fault, event, received_ns, body = entry
    row = (slot.id, slot.tick, stored_at, method, path, operation, params, username, status)
    logged = (via, fault, event, time.time_ns(), received_ns, body, changes)
    db.execute(_INSERT_REQUEST, (*row, *logged))


FIRED_COUNT = f"SELECT count(*) FROM {_REQUESTS.name} WHERE event = ?"
"""How many occurrences of a world event the audit log holds."""

StoredBody = NewType("StoredBody", str)
"""A request's body summary as the audit log's ``body`` column stores it (JSON text)."""


def request_summary(request: Request) -> StoredBody:
    """The body as the audit log keeps it: secrets redacted, cut to about ``SUMMARY_CHARS``;
    encoded as the ORM stores it, so that no JSON is written while the write lock is held."""
    return StoredBody(_STORED_BODY(_summary(request)))


def _summary(request: Request) -> Any:
    if body_refused(request):
        size = announced_length(request.environ)
        body = f"a body of {size} bytes" if size is not None else "a streamed body"
        return f"...[truncated: {body} over the limit, not kept]"
    if (received := body_received(request)) is not None:
        return f"...[truncated: the body ended after {received} bytes, not kept]"
    if request.method == "GET":  # a logged read (``audit_reads``): its query is what it asked
        query = request.args.to_dict(flat=False)
        return summary_of({k: v[0] if len(v) == 1 else v for k, v in query.items()} or None)
    parsed = _json_body(request) if request.is_json else None
    if parsed is _TOO_DEEP:
        return "...[truncated: JSON nested too deeply to keep]"
    return summary_of(parsed or (dict(request.form) if request.form else None))


_TOO_DEEP = object()


def _json_body(request: Request) -> Any:
    """The JSON body read by the parser the API validates it with (a tenth of the cost of
    ``json.loads``): None if it is not JSON the API would read, ``_TOO_DEEP`` if it nests
    past that parser's limit."""
    try:
        return from_json(request.get_data(cache=True))
    except ValueError as exc:
        return _TOO_DEEP if "recursion limit" in str(exc) else None


@lru_cache(maxsize=1024)
def _secret(key: str) -> bool:
    """Whether a field named ``key`` holds a secret (its value is kept as '***')."""
    return any(map(key.lower().__contains__, _SECRET_KEYS))


@dataclass
class _Budget:
    chars: int


def summary_of(value: Any, chars: int = SUMMARY_CHARS) -> Any:
    """``value`` as the audit log keeps it, in one pass: the values of secret-looking keys
    replaced by '***', cut down to about ``chars`` characters of JSON keeping its shape; each
    cut leaves a visible ``...[truncated: ...]`` marker saying what was left out."""
    return _cut(value, _Budget(chars), 0)


def _cut(value: Any, budget: _Budget, depth: int) -> Any:
    if type(value) in _NUMBERS:  # most values of a body: no type checks further down
        return _count(value, budget)
    if isinstance(value, str):
        return _cut_text(value, budget)
    if isinstance(value, dict | list):
        if depth >= _DEPTH:
            return f"...[truncated: {len(value)} values nested too deeply]"
        if isinstance(value, dict):
            return _cut_fields(value, budget, depth)
        return _cut_items(value, budget, depth)
    return _count(value, budget)


def _cut_text(text: str, budget: _Budget) -> str:
    keep = max(0, min(len(text), _STRING_CHARS, budget.chars))
    budget.chars -= keep + 2
    if keep == len(text):
        return text
    return f"{text[:keep]}...[truncated: {len(text)} chars]"


def _cut_fields(value: dict[Any, Any], budget: _Budget, depth: int) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for key, item in value.items():
        if budget.chars <= 0:
            break
        name = str(key)
        kept = _cut_text(name, budget)  # the key counts before its value
        fields[kept] = _cut("***" if _secret(name) else item, budget, depth + 1)
    if left_out := len(value) - len(fields):
        fields["..."] = f"...[truncated: {left_out} more fields]"
    return fields


def _count(value: Any, budget: _Budget) -> Any:
    """A value kept whole (a number, say): its text counts against the budget."""
    budget.chars -= len(str(value)) + 1
    return value


def _cut_items(value: list[Any], budget: _Budget, depth: int) -> list[Any]:
    items = []
    for item in value:
        if budget.chars <= 0:
            break
        items.append(_cut(item, budget, depth + 1))
    if left_out := len(value) - len(items):
        items.append(f"...[truncated: {left_out} more items]")
    return items


def plain(value: Any) -> Any:
    """``value`` as JSON holds it: dates as ISO text, decimals as text, enums as their value."""
    if type(value) in _JSON_SCALARS:
        return value
    if isinstance(value, date):  # a datetime too
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    return value


def row_values(obj: Any) -> dict[str, Any]:
    """The column values of a mapped object, JSON-ready."""
    state = inspect(obj)
    return {attr.key: plain(getattr(obj, attr.key)) for attr in state.mapper.column_attrs}


def _before_values(obj: Any) -> dict[str, Any]:
    state = inspect(obj)
    values = {}
    for attr in state.mapper.column_attrs:
        history = state.attrs[attr.key].history
        old = history.deleted[0] if history.deleted else getattr(obj, attr.key)
        values[attr.key] = plain(old)
    return values


def _primary_key(obj: Any) -> str:
    identity = inspect(obj).identity or inspect(obj).mapper.primary_key_from_instance(obj)
    return ",".join(str(part) for part in identity)


def _tracked(obj: Any) -> bool:
    return not isinstance(obj, CoreBase)


def _orphans(session: Session) -> list[Any]:
    """Rows this flush deletes because they were taken out of a parent's collection whose
    cascade deletes orphans (``message.label_links.remove(link)``): they are not in
    ``session.deleted`` before the flush, yet they go."""
    found = []
    for parent in session.dirty:
        state = inspect(parent)
        for relation in state.mapper.relationships:
            if relation.cascade.delete_orphan:
                removed = state.attrs[relation.key].history.deleted or ()
                found += [c for c in removed if inspect(c).persistent and c not in session.deleted]
    return found


def _capture(session: Session, _flush_context: Any) -> None:
    changes = session.info.get(CHANGES_KEY)
    if changes is None:  # not an audited request's session
        return
    for obj in session.new:
        if _tracked(obj):
            changes.append(
                (
                    inspect(obj).mapper.local_table.name,
                    _primary_key(obj),
                    "insert",
                    None,
                    row_values(obj),
                )
            )
    for obj in session.dirty:
        if _tracked(obj) and session.is_modified(obj, include_collections=False):
            before, after = _before_values(obj), row_values(obj)
            if before != after:
                changes.append(
                    (
                        inspect(obj).mapper.local_table.name,
                        _primary_key(obj),
                        "update",
                        before,
                        after,
                    )
                )
    for obj in [*session.deleted, *_orphans(session)]:
        if _tracked(obj):
            changes.append(
                (
                    inspect(obj).mapper.local_table.name,
                    _primary_key(obj),
                    "delete",
                    row_values(obj),
                    None,
                )
            )


def install_audit(session: Session) -> None:
    """Record every ORM change made in ``session`` against its current audit request."""
    event.listen(session, "after_flush", _capture)


StoredChanges = NewType("StoredChanges", str)
"""A request's changes as the audit log's ``changes`` column stores them (JSON text)."""


def stored_changes(changes: list[Change]) -> StoredChanges | None:
    """The changes captured so far as their request's row keeps them, one per row changed
    (several flushes on one row: its first "before", its last "after"; a row added and
    removed: none), in order; None if none. Empties ``changes``."""
    if len(changes) == 1:  # most writes change one row: nothing to merge
        kept: list[Any] = list(changes)
    else:
        merged: dict[tuple[str, str], list[Any]] = {}
        for table, row_id, action, before, after in changes:
            key = (table, row_id)
            if key not in merged:
                merged[key] = [table, row_id, action, before, after]
                continue
            entry = merged[key]
            entry[2] = "insert" if entry[2] == "insert" else action
            entry[4] = after
        kept = [e for e in merged.values() if not (e[2] == "insert" and e[4] is None)]
    changes.clear()
    return StoredChanges(_STORED_CHANGES(kept)) if kept else None
