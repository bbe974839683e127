"""Typed JSON endpoints: one decorator validates the request, runs the handler in a transaction,
audits what it changed, serialises the answer and documents all of it in OpenAPI.
"""

from __future__ import annotations

import inspect
import json
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, get_args, get_origin

from flask import Blueprint, Request, Response
from pydantic import BaseModel, RootModel, TypeAdapter, ValidationError
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm import Session

from mock_services.core.base.clock import local_day
from mock_services.core.base.current import current_request
from mock_services.core.base.errors import ApiError, NotFound, Unauthorized, ValidationFailed
from mock_services.core.data.audit import (
    ALSO_DONE_KEY,
    AUDIT_REQUEST_KEY,
    CALL_INPUTS_KEY,
    ELAPSED_KEY,
    EVENT_KEY,
    FIRED_COUNT,
    AuditEntry,
    AuditSlot,
    Change,
    also_entry,
    audit_entry,
    insert_audit_request,
    made_in_process,
    mark_audited,
    mark_logged,
    next_audit_slot,
    stored_changes,
)
from mock_services.core.data.world_marks import AGENT_ENDED, LAST_TICK
from mock_services.core.spec.service_runtime import ServiceRuntime, serving_runtime

if TYPE_CHECKING:
    from mock_services.core.base.auth import Caller
    from mock_services.core.data.transaction import Transaction

AuthMode = Literal["user", "optional", "none", "admin", "delivery"]
QueryModel = TypeVar("QueryModel", bound=BaseModel)
_T = TypeVar("_T")
_PATH_PARAM = re.compile(r"<(?:(?P<conv>\w+):)?(?P<name>\w+)>")
_SENTENCE_START = re.compile(r"\s+[A-Z(`'\"]")
_RST_CODE = re.compile(r"``(.+?)``")
SQLITE_MAX_INT = 2**63 - 1
OVERWRITING_METHODS = ("PUT", "PATCH", "DELETE")
"""Methods whose mutating routes are destructive unless they say otherwise."""


class AlsoPerformed(NamedTuple):
    """Another operation of a request: its name and the slice of the request's changes it
    made (``Ctx.also_performing``)."""

    operation: str
    start: int
    end: int


@dataclass
class Ctx:
    """What a handler gets besides its input: the transaction, the task clock and the caller.

    ``db`` reads plain rows (and ``db.update`` writes one, audited); ``session`` is the ORM's
    view of the same transaction, opened on first use."""

    db: Transaction
    runtime: ServiceRuntime
    caller: Caller | None = None
    tick: int | None = None
    elapsed: int = 0
    """Whole seconds the agent phase had run when the request came (a running world's)."""
    response_headers: dict[str, str] = field(default_factory=dict)
    _after_commit: list[Callable[[], object]] = field(default_factory=list)
    _user: Any = None
    _also: list[AlsoPerformed] = field(default_factory=list)

    @contextmanager
    def also_performing(self, operation: str) -> Iterator[None]:
        """The rows the block changes are another operation of this request, logged in an
        audit entry of its own as its API route logs it (a form that saves a ticket and sends
        a comment: ``update_ticket`` and ``add_comment``); the page names it in ``also=``."""
        self.db.flush()
        start = len(self.db.changes)
        yield
        self.db.flush()
        self._also.append(AlsoPerformed(operation, start, len(self.db.changes)))

    @property
    def session(self) -> Session:
        return self.db.session

    @property
    def user(self) -> Any:
        """The caller's own user row (its columns differ from service to service), or None."""
        if self._user is None and self.caller is not None:
            self._user = self.session.get(self.runtime.spec.user_model, self.caller.id)
        return self._user

    def shown_user(self) -> Any:
        """The caller's user as a page's layout names them: the row ``user`` loaded if this
        request asked for it, else its columns read plainly, by the model's attribute names
        (``display_name``, ``role``, ``username``: what a layout shows), or None. A page
        that only names its user loads no ORM row for it; its columns are as stored (a date
        is its ISO text), read once a request."""
        if self._user is not None or self.caller is None:
            return self._user
        return self.db.once("core.shown_user", self._read_shown_user)

    def _read_shown_user(self) -> Any:
        """``shown_user``'s plain read, once a request (a layout and its page both ask) until
        the request writes."""
        assert self.caller is not None
        table, columns, key = _plain_columns(self.runtime.spec.user_model)
        row = self.db.one(f'SELECT {columns} FROM "{table}" WHERE "{key}" = ?', (self.caller.id,))
        return None if row is None else SimpleNamespace(**dict(zip(row.keys(), row, strict=True)))

    @property
    def now(self) -> datetime:
        """The task clock at this request (read lazily: most reads never ask)."""
        if self.tick is None:
            row = self.db.one(LAST_TICK)
            self.tick = (row[0] if row else None) or 0
        return self.runtime.clock.at(self.tick, self.elapsed)

    @property
    def today(self) -> date:
        """The task's day at this request, in its zone: the day of a page's "Today" line."""
        return local_day(self.now, self.runtime.clock.tz)

    def once(self, key: str, compute: Callable[[], _T]) -> _T:
        """``compute()``, run once per request for ``key`` ("kb.levels"): later calls answer
        the value it gave, until the request writes (``Transaction.once``)."""
        return self.db.once(key, compute)

    def until_changed(self, key: str, compute: Callable[[], _T]) -> _T:
        """``compute()``, run once for ``key`` while the DB is unchanged, across requests
        (``Transaction.until_changed``): what depends on the rows alone, a form's long choice
        list; ``key`` names anything else it depends on. Never changed by its callers."""
        return self.db.until_changed(key, compute)

    def after_commit(self, action: Callable[[], object]) -> None:
        """Run ``action`` once the transaction committed (e.g. deliver a confirmation mail)."""
        self._after_commit.append(action)

    @property
    def user_id(self) -> int:
        """The caller's user id, without reading the user row."""
        return self.require_caller().id

    def require_caller(self) -> Caller:
        if self.caller is None:
            raise _login_first()
        return self.caller

    def require_user(self) -> Any:
        self.require_caller()
        return self.user


def _login_first() -> Unauthorized:
    return Unauthorized(
        "log in first: POST /api/auth/login, then send the token as 'Authorization: Bearer <token>'"
    )


@dataclass(frozen=True)
class FileDownload:
    """A handler's answer that is not JSON: ``content`` in its own media type, as a file."""

    content: bytes
    media_type: str
    filename: str

    def response(self, status: int) -> Response:
        name = self.filename.replace('"', "")
        return Response(
            self.content,
            status=status,
            mimetype=self.media_type,
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )


@dataclass
class Endpoint:
    """One documented route."""

    method: str
    rule: str
    handler: Callable[..., Any]
    query: type[BaseModel] | None
    body: type[BaseModel] | None
    response: Any
    status: int
    auth: AuthMode
    mutating: bool
    tags: tuple[str, ...]
    errors: tuple[int, ...]
    destructive: bool = False
    adapter: TypeAdapter[Any] | None = None

    @property
    def error_statuses(self) -> frozenset[int]:
        """Every error status the route may answer: its declared ``errors``, and those every
        route has (a bad request, an invalid field, no DB yet), a login's and a body's."""
        auth = {401} if self.auth != "none" else set()
        body = {413} if self.body is not None else set()
        return frozenset({*self.errors, 400, 422, 503} | auth | body)

    @property
    def doc(self) -> str:
        """The handler's docstring, dedented, with reST's double-backtick code as Markdown's
        single backticks (the guide, OpenAPI and the MCP tools show it); its name when it has
        none."""
        doc = inspect.cleandoc(self.handler.__doc__ or self.handler.__name__)
        return _RST_CODE.sub(r"`\1`", doc)

    @property
    def summary(self) -> str:
        """The docstring's first sentence, whole even when it runs over several lines."""
        return docstring_parts(self.doc)[0]

    @property
    def details(self) -> str:
        """What the docstring says after its first sentence (``""`` for a one-sentence one)."""
        return docstring_parts(self.doc)[1]

    @property
    def openapi_path(self) -> str:
        return _PATH_PARAM.sub(lambda m: "{" + m["name"] + "}", self.rule)

    def path_params(self) -> list[tuple[str, str]]:
        """(name, JSON type) of each path parameter."""
        kinds = {"int": "integer", "float": "number"}
        return [
            (m["name"], kinds.get(m["conv"] or "", "string"))
            for m in _PATH_PARAM.finditer(self.rule)
        ]


def docstring_parts(doc: str) -> tuple[str, str]:
    """``doc``'s first sentence (its first paragraph's, on one line; a full stop inside
    brackets ends none) and the rest of it."""
    first, _, later = doc.strip().partition("\n\n")
    text = " ".join(first.split())
    depth = 0
    for index, char in enumerate(text):
        depth += (char in "([") - (char in ")]")
        if char in ".!?" and depth == 0 and _SENTENCE_START.match(text, index + 1):
            text, rest = text[: index + 1], text[index + 1 :].strip()
            return text, "\n\n".join(part for part in (rest, later.strip()) if part)
    return text, later.strip()


INPUT_PARAMETERS = ("query", "body")
"""The handler parameters that take the request's parsed input, by the model they name."""


def input_models(handler: Callable[..., Any], route: str) -> dict[str, type[BaseModel]]:
    """The query and body models ``handler`` declares (``query: Model``, ``body: Model``);
    any other parameter after ``ctx`` must be one of ``route``'s path parameters."""
    path = {m["name"] for m in _PATH_PARAM.finditer(route)}
    models: dict[str, type[BaseModel]] = {}
    for name, param in list(inspect.signature(handler).parameters.items())[1:]:
        if name in path:
            continue
        if name not in INPUT_PARAMETERS:
            raise TypeError(
                f"{route}: handler {handler.__name__} takes {name!r}, which is neither a path "
                f"parameter ({', '.join(sorted(path)) or 'none'}) nor one of "
                f"{', '.join(INPUT_PARAMETERS)}"
            )
        model = _annotation(handler, param.annotation)
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            raise TypeError(
                f"{route}: handler {handler.__name__}'s {name!r} must be annotated with a "
                f"pydantic model, not {param.annotation!r}"
            )
        if name == "body" and not refuses_unknown_fields(model):
            raise TypeError(
                f"{route}: handler {handler.__name__}'s body model {model.__name__} takes "
                "unknown fields silently; make it an ApiModel (extra='forbid')"
            )
        models[name] = model
    return models


def refuses_unknown_fields(model: type[BaseModel]) -> bool:
    """Whether ``model`` (or, for a ``RootModel``, every model its root may be) forbids extra
    fields: a body field a route does not know is an error, never dropped."""
    if issubclass(model, RootModel):
        members = list(_models_in(model.model_fields["root"].annotation))
        return bool(members) and all(refuses_unknown_fields(m) for m in members)
    return model.model_config.get("extra") == "forbid"


def _models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for arg in get_args(annotation):
        yield from _models_in(arg)


def _annotation(handler: Callable[..., Any], annotation: Any) -> Any:
    """``annotation`` evaluated in ``handler``'s module (a string under postponed evaluation)."""
    if isinstance(annotation, str):
        return eval(annotation, handler.__globals__)  # the handler's own source text
    return annotation


def _destructive(method: str, mutating: bool, declared: bool | None) -> bool:
    """As the route declares, else: a PUT, PATCH or DELETE that changes data."""
    return mutating and method in OVERWRITING_METHODS if declared is None else declared


class Api:
    """A blueprint whose routes are typed endpoints."""

    def __init__(self, name: str, url_prefix: str = "", tag: str | None = None) -> None:
        self.blueprint = Blueprint(name, __name__, url_prefix=url_prefix)
        self.prefix = url_prefix
        self.tag = tag or name
        self.endpoints: list[Endpoint] = []

    def route(
        self,
        method: str,
        rule: str,
        *,
        response: Any = None,
        status: int = 200,
        auth: AuthMode = "user",
        mutating: bool | None = None,
        destructive: bool | None = None,
        errors: tuple[int, ...] = (),
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register a typed route; its handler's signature names its input: ``ctx``, the rule's
        path parameters, ``query: QueryModel`` and ``body: BodyModel``. ``destructive=True`` marks
        a write that cannot be taken back (a checkout, a cancellation, a sent mail); PUT, PATCH and
        DELETE writes are by default."""
        changes = method != "GET" if mutating is None else mutating
        if destructive and not changes:
            raise ValueError(
                f"{method} {self.prefix}{rule}: a read-only route cannot be destructive"
            )

        def register(handler: Callable[..., Any]) -> Callable[..., Any]:
            inputs = input_models(handler, f"{method} {self.prefix}{rule}")
            endpoint = Endpoint(
                method=method,
                rule=self.prefix + rule,
                handler=handler,
                query=inputs.get("query"),
                body=inputs.get("body"),
                response=response,
                status=status,
                auth=auth,
                mutating=changes,
                tags=(self.tag,),
                errors=errors,
                destructive=_destructive(method, changes, destructive),
                adapter=TypeAdapter(response) if response not in (None, FileDownload) else None,
            )
            self.endpoints.append(endpoint)
            view = _view(endpoint)
            mark_audited(view, [method] if endpoint.mutating else [], handler.__name__)
            self.blueprint.add_url_rule(rule, handler.__name__, view, methods=[method])
            return handler

        return register

    def get(self, rule: str, **kw: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return self.route("GET", rule, **kw)

    def post(self, rule: str, **kw: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return self.route("POST", rule, **kw)

    def put(self, rule: str, **kw: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return self.route("PUT", rule, **kw)

    def patch(self, rule: str, **kw: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return self.route("PATCH", rule, **kw)

    def delete(self, rule: str, **kw: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return self.route("DELETE", rule, **kw)


def _validation_details(exc: ValidationError, where: str) -> list[dict[str, Any]]:
    return [
        {"loc": [where, *err["loc"]], "message": err["msg"], "type": err["type"]}
        for err in exc.errors(include_url=False, include_context=False, include_input=False)
    ]


def _is_list(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin in (list, tuple, set):
        return True
    return any(_is_list(arg) for arg in get_args(annotation) if arg is not type(None))


def _is_int(annotation: Any) -> bool:
    """``int`` or ``int | None`` (not lists, not literals)."""
    return annotation is int or (
        get_origin(annotation) not in (Literal, list, tuple, set) and int in get_args(annotation)
    )


@dataclass(frozen=True)
class QueryField:
    """How one query parameter is read: by its key, as a list or a single value, checked as a
    whole number or not; worked out once per model, not on every request."""

    key: str
    is_list: bool
    is_int: bool


@cache
def query_fields(model: type[BaseModel]) -> tuple[QueryField, ...]:
    return tuple(
        QueryField(info.alias or name, _is_list(info.annotation), _is_int(info.annotation))
        for name, info in model.model_fields.items()
    )


def query_keys(model: type[BaseModel] | None) -> list[str]:
    """The query parameters a route takes (none without a query model)."""
    return [] if model is None else [f.key for f in query_fields(model)]


def unknown_input(
    noun: str, where: str, unknown: Sequence[str], known: list[str], at: Sequence[str | int] = ()
) -> ValidationFailed:
    """The 422 for ``unknown`` names (``noun``s, e.g. query parameters, at ``where``, inside the
    object at ``at`` for a nested one): each one named, with the ``known`` ones listed."""
    takes = f"known: {', '.join(known)}" if known else f"this route takes no {noun}s"
    names = ", ".join(repr(".".join(map(str, [*at, key]))) for key in unknown)
    return ValidationFailed(
        f"unknown {noun}{'s' if len(unknown) > 1 else ''} {names} ({takes})",
        details=[
            {
                "loc": [where, *at, key],
                "message": f"unknown {noun} ({takes})",
                "type": "extra_forbidden",
            }
            for key in unknown
        ],
    )


def unknown_body_fields(exc: ValidationError, model: type[BaseModel]) -> ValidationFailed | None:
    """The 422 naming the fields of ``model``'s body that it does not take (those of the first
    object that has any) and listing the ones it does; None if none was refused as extra."""
    extra = [tuple(e["loc"]) for e in exc.errors() if e["type"] == "extra_forbidden"]
    if not extra:
        return None
    parent = extra[0][:-1]
    schema = _validation_schema(model)
    at, known = fields_at(schema, parent, schema.get("$defs", {}))
    unknown = [str(loc[-1]) for loc in extra if loc[:-1] == parent]
    return unknown_input("body field", "body", unknown, known, at)


@cache
def _validation_schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema(mode="validation")


def fields_at(
    schema: dict[str, Any], loc: Sequence[str | int], defs: dict[str, Any]
) -> tuple[list[str | int], list[str]]:
    """Where pydantic's error ``loc`` points in a body of ``schema`` (without the tags of
    discriminated unions, which the sender never wrote) and the fields of the object there."""
    at: list[str | int] = []
    for key in loc:
        schema = _deref(schema, defs)
        mapping = schema.get("discriminator", {}).get("mapping", {})
        if key in mapping:
            schema = {"$ref": mapping[key]}
            continue
        schema = _child(schema, key, defs)
        at.append(key)
    return at, list(_properties(schema, defs))


def _deref(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref", "")
    return defs.get(ref.rsplit("/", 1)[-1], {}) if ref else schema


def _options(schema: dict[str, Any], defs: dict[str, Any]) -> list[dict[str, Any]]:
    """``schema`` itself, or each option of its union, dereferenced."""
    schema = _deref(schema, defs)
    options = schema.get("anyOf") or schema.get("oneOf") or [schema]
    return [_deref(option, defs) for option in options]


def _child(schema: dict[str, Any], key: str | int, defs: dict[str, Any]) -> dict[str, Any]:
    for option in _options(schema, defs):
        if isinstance(key, int) and "items" in option:
            items: dict[str, Any] = option["items"]
            return items
        if key in option.get("properties", {}):
            field_schema: dict[str, Any] = option["properties"][key]
            return field_schema
    return {}


def _properties(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v for option in _options(schema, defs) for k, v in option.get("properties", {}).items()
    }


def reject_unknown_query(req: Request, known: list[str]) -> None:
    """A misspelt or unsupported parameter is an error, not a silently ignored filter."""
    if not req.environ.get("QUERY_STRING"):
        return
    unknown = [key for key in req.args if key not in known]
    if unknown:
        raise unknown_input("query parameter", "query", unknown, known)


def reject_body(req: Request) -> None:
    """A route without a body model takes no body: fields sent to it are errors, not silently
    ignored. No body, or ``{}``, is fine."""
    environ = req.environ  # the raw header: werkzeug's parses it and raises a KeyError per GET
    if environ.get("CONTENT_LENGTH", "") in ("", "0") and "HTTP_TRANSFER_ENCODING" not in environ:
        return
    raw = req.get_data(cache=True)
    if not raw.strip():
        return
    try:
        sent = json.loads(raw)
    except ValueError:
        sent = None
    if not isinstance(sent, dict):
        raise ApiError("this route takes no request body; send none (or {})", code="invalid_body")
    if sent:
        raise unknown_input("body field", "body", list(sent), [])


def parse_query(model: type[QueryModel]) -> QueryModel:
    args = current_request().args
    raw: dict[str, Any] = {}
    for param in query_fields(model):
        key = param.key
        if key in args:
            raw[key] = args.getlist(key) if param.is_list else args.get(key)
            # pydantic reads "+0.0" or "1e3" as an int; the OpenAPI document promises integers
            if param.is_int and not re.fullmatch(r"-?\d+", str(raw[key])):
                raise ValidationFailed(
                    f"invalid query parameters: {key}: expected a whole number, got {raw[key]!r}",
                    details=[
                        {
                            "loc": ["query", key],
                            "message": "expected a whole number",
                            "type": "int_parsing",
                        }
                    ],
                )
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "query"
        raise ValidationFailed(
            f"invalid query parameters: {where}: {first['msg']}",
            details=_validation_details(exc, "query"),
        ) from None


def parse_body(req: Request, model: type[BaseModel]) -> BaseModel:
    """Validate the JSON body strictly, as the OpenAPI document describes it (no coercion of
    ``0`` into a date or ``"1"`` into a number)."""
    raw = req.get_data(cache=True)
    if not req.is_json or not raw.strip().startswith(b"{"):
        raise ApiError(
            f"the request body must be a JSON object ({model.__name__}) sent with "
            "'Content-Type: application/json'",
            code="invalid_body",
        )
    try:
        return model.model_validate_json(raw, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        if first["type"] == "json_invalid":
            raise ApiError(
                f"the request body is not valid JSON: {first['msg']}", code="invalid_body"
            ) from None
        unknown = unknown_body_fields(exc, model)
        if unknown is not None:
            raise unknown from None
        where = ".".join(str(p) for p in first["loc"]) or "body"
        raise ValidationFailed(
            f"invalid request body: {where}: {first['msg']}",
            details=_validation_details(exc, "body"),
        ) from None


def _view(endpoint: Endpoint) -> Callable[..., Response]:
    def view(**path_params: Any) -> Response:
        req = current_request()
        runtime = serving_runtime(req)
        for name, value in path_params.items():
            if isinstance(value, int) and value > SQLITE_MAX_INT:  # Flask's int has no bound
                raise NotFound(f"no {name.removesuffix('_id')} with id {value}")
        if made_in_process(req):
            pass  # a world event or a replay: made inside the process, with its authority
        elif endpoint.auth == "admin":
            runtime.auth.require_admin(req)
        elif endpoint.auth == "delivery":
            runtime.auth.require_delivery(req)
        try:
            return _run(endpoint, runtime, req, path_params)
        except ApiError as exc:
            declared = exc.status in statuses or isinstance(exc, AgentPhaseEnded)
            if declared or not runtime.settings.strict_statuses:
                raise
            raise UndeclaredStatus(
                f"{endpoint.method} {endpoint.rule} answered {exc.status} ({exc.message}), "
                f"which it does not declare: add it to the route's errors="
                f"{tuple(sorted(endpoint.errors))}"
            ) from exc

    statuses = endpoint.error_statuses
    view.__name__ = endpoint.handler.__name__
    view.api_endpoint = endpoint  # type: ignore[attr-defined]  # a mark on the view
    return view


class RequestScope:
    """One request's transaction, for a ``with`` block that gets the handler's ``Ctx``: audit
    row and clock tick, caller, commit, then the after-commit hooks (none if the block raised,
    and the transaction is rolled back).

    The API endpoints and the web UI's pages and forms both run inside it. A write summarises
    its body and asks who its caller is before it joins the writers' queue (on the connection
    its transaction then begins on: a read transaction of its own cost more than the lock
    held that much longer). (A class, not a generator-based context manager, which costs twice as
    much to enter and leave.)
    """

    def __init__(
        self,
        runtime: ServiceRuntime,
        request: Request,
        *,
        mutating: bool,
        auth: AuthMode,
        status: int = 200,
    ) -> None:
        self._runtime, self._request = runtime, request
        self._mutating, self._auth, self._status = mutating, auth, status

    def __enter__(self) -> Ctx:
        runtime, auth, req = self._runtime, self._auth, self._request
        caller: Caller | None = None
        self._entry: AuditEntry | None = None
        if self._mutating:
            self._entry = audit_entry(req)
            tx, caller = _write_begun(runtime, auth, req)
        else:
            tx = runtime.transaction(write=False)
        self._tx = tx
        try:
            self._slot = slot = None
            if auth in ("user", "optional") and not self._mutating:
                caller = _caller(runtime, tx, auth, req)
            if self._mutating:
                self._slot = slot = next_audit_slot(tx.raw, ticks=True)  # refused: logged anew
                req.environ[AUDIT_REQUEST_KEY] = slot.id  # for after-commit work
                if EVENT_KEY in req.environ:
                    refuse_fired_again(tx.raw, req)
                elif runtime.world is not None and auth not in _NOT_THE_AGENTS:
                    refuse_after_agent_phase(tx.raw, req)
        except BaseException:
            tx.close()
            raise
        elapsed = req.environ.get(ELAPSED_KEY, 0)
        tick = slot.tick if slot is not None else None
        self._ctx = Ctx(db=tx, runtime=runtime, caller=caller, tick=tick, elapsed=elapsed)
        return self._ctx

    def __exit__(self, exc_type: type[BaseException] | None, *_exc: object) -> None:
        tx, ctx = self._tx, self._ctx
        try:
            if exc_type is not None:
                return
            slot: AuditSlot | None = self._slot
            entry = self._entry
            if slot is not None and entry is not None:  # a write: both are known
                tx.flush()
                username = ctx.caller.username if ctx.caller is not None else None
                at = ctx.now.replace(tzinfo=None)
                performed = in_order_performed(tx.changes, ctx._also)
                for number, (operation, made) in enumerate(performed):
                    this = (
                        entry if operation is None else also_entry(self._request, entry, operation)
                    )
                    if operation is None:  # the request's own entry, which after-commit work names
                        self._request.environ[AUDIT_REQUEST_KEY] = slot.id + number
                    else:
                        self._request.environ.setdefault(ALSO_DONE_KEY, []).append(operation)
                    at_slot = AuditSlot(slot.id + number, slot.tick)
                    changes = stored_changes(made)
                    insert_audit_request(tx.raw, at_slot, this, at, username, self._status, changes)
            tx.commit()
            if slot is not None:
                mark_logged(self._request)
        finally:
            tx.close()
        for hook in ctx._after_commit:
            hook()


def in_order_performed(
    changes: list[Change], also: list[AlsoPerformed]
) -> list[tuple[str | None, list[Change]]]:
    """A request's operations in the order they were performed, each with the changes it made:
    its own (None) and each other one (``also``). The own one stands where its first change
    was made, first if it made none; a verifier replaying the log sees each row as the last
    operation to write it left it."""
    if not also:
        return [(None, changes)]
    theirs = {i for a in also for i in range(a.start, a.end)}
    own = [i for i in range(len(changes)) if i not in theirs]
    found: list[tuple[int, int, str | None, list[Change]]] = [
        (own[0] if own else -1, 0, None, [changes[i] for i in own])
    ]
    found += [(a.start, 1, a.operation, changes[a.start : a.end]) for a in also]
    return [(operation, made) for _at, _own_first, operation, made in sorted(found)]


class FiredAlready(ApiError):
    """A world event's occurrence that another worker fired first: not performed twice."""

    status, code = 409, "event_fired_already"


def refuse_fired_again(db: sqlite3.Connection, req: Request) -> None:
    """Refuse, unlogged, an event occurrence the audit log already holds (asked with the
    write lock held, so two workers cannot both perform it)."""
    event, occurrence = req.environ[EVENT_KEY]
    (fired,) = db.execute(FIRED_COUNT, (event,)).fetchone()
    if fired >= occurrence:
        mark_logged(req)
        raise FiredAlready(f"world event {event!r} occurrence {occurrence} has fired already")


_NOT_THE_AGENTS: tuple[AuthMode, ...] = ("admin", "delivery")
"""The routes of runners, verifiers and other services, which the agent phase does not bound."""


class AgentPhaseEnded(ApiError):
    """A write of the agent's after its session ended: refused by the world on every route (so
    no route declares it), and logged like every refused write."""

    status, code = 409, "agent_phase_ended"


def refuse_after_agent_phase(db: sqlite3.Connection, req: Request) -> None:
    """Refuse a write of the agent's once the agent phase has ended (``end-agent-session``,
    ``POST /admin/world/end``): nothing it left running changes the state the verifier reads.
    The world's and a replay's requests, made in process, pass; so do reads."""
    if not made_in_process(req) and db.execute(AGENT_ENDED).fetchone() is not None:
        raise AgentPhaseEnded(
            "the agent phase has ended: this service takes no more changes from the agent "
            "(reads still work)"
        )


class UndeclaredStatus(ApiError):
    """An API error whose status its route does not declare (``Settings.strict_statuses``):
    answered as a 500 that says so, where a failing test shows it."""

    status, code = 500, "undeclared_status"


def _write_begun(
    runtime: ServiceRuntime, auth: AuthMode, req: Request
) -> tuple[Transaction, Caller | None]:
    """A write's transaction and its caller, asked on the transaction's connection before it
    joins the writers' queue (the lock is held for the change alone); made again if a seed
    replaced the DB file meanwhile."""
    while True:
        tx = runtime.transaction(write=True, audited=True, begun=False)
        try:
            caller = _caller(runtime, tx, auth, req) if auth in ("user", "optional") else None
            if runtime.begin_write(tx):
                return tx, caller
        except BaseException:
            tx.close()
            raise


def _caller(
    runtime: ServiceRuntime, tx: Transaction, auth: AuthMode, req: Request
) -> Caller | None:
    """The caller of ``req`` by its token; refused if ``auth`` is "user" and there is none."""
    caller = runtime.auth.authenticate(tx, req)
    if caller is None and auth == "user":
        raise _login_first()
    return caller


def _run(
    endpoint: Endpoint, runtime: ServiceRuntime, req: Request, path_params: dict[str, Any]
) -> Response:
    reject_unknown_query(req, query_keys(endpoint.query))
    query = parse_query(endpoint.query) if endpoint.query else None
    if endpoint.body is None:
        reject_body(req)
    body = parse_body(req, endpoint.body) if endpoint.body else None
    inputs = {"query": query} if query is not None else {}
    if body is not None:
        inputs["body"] = body
    req.environ[CALL_INPUTS_KEY] = tuple(inputs.values())  # what a world event's where reads
    with RequestScope(
        runtime, req, mutating=endpoint.mutating, auth=endpoint.auth, status=endpoint.status
    ) as ctx:
        result = endpoint.handler(ctx, **path_params, **inputs)
        payload: bytes | None = None
        if endpoint.adapter is not None and not isinstance(result, BaseModel):
            payload = endpoint.adapter.dump_json(result)  # mapped objects read from the transaction
    if isinstance(result, FileDownload):
        return result.response(endpoint.status)
    if endpoint.adapter is None:
        return Response(status=endpoint.status, headers=ctx.response_headers)
    if payload is None:  # a model holds plain values: dumped once the writers' lock is given back
        payload = endpoint.adapter.dump_json(result)
    return Response(
        payload,
        status=endpoint.status,
        mimetype="application/json",
        headers=ctx.response_headers or None,
    )


_PLAIN_COLUMNS: dict[type, tuple[str, str, str]] = {}


def _plain_columns(model: type) -> tuple[str, str, str]:
    """``model``'s table, its columns as a plain SELECT names them, each as its attribute
    (``"name" AS "display_name"`` where the two differ), and its key column."""
    if model not in _PLAIN_COLUMNS:
        mapper: Any = sa_inspect(model)
        columns = ", ".join(
            f'"{attr.columns[0].name}" AS "{attr.key}"' for attr in mapper.column_attrs
        )
        _PLAIN_COLUMNS[model] = (
            str(mapper.local_table.name),
            columns,
            str(mapper.primary_key[0].name),
        )
    return _PLAIN_COLUMNS[model]
