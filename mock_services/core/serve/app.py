"""The application factory every service uses."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

from flask import Flask, Request, Response, abort, jsonify
from flask.globals import _cv_request
from markupsafe import Markup

from mock_services.core.base.auth import session_cookie
from mock_services.core.base.body_limit import (
    close_after_refused_body,
    install_form_limit,
    refuse_large_body,
)
from mock_services.core.base.cookie_session import CachedSignerSessions
from mock_services.core.base.current import RUNTIME_KEY, current_request
from mock_services.core.base.error_handlers import install_error_handlers
from mock_services.core.base.errors import disk_full
from mock_services.core.base.request_body import ServiceRequest
from mock_services.core.base.settings import Settings
from mock_services.core.data.audit import (
    ALSO_DONE_KEY,
    CALL_PARAMS_KEY,
    OPERATIONS_KEY,
    RECEIVED_KEY,
    TRIGGER_HOLD_KEY,
    VIEW_KEY,
    canonical_or_raw,
    declared_operations,
    is_audited,
    is_logged,
    mark_operation_params,
    operation_of,
    view_of,
)
from mock_services.core.docs.guide import Guide, build_guide
from mock_services.core.mcp.calls import ToolDispatcher
from mock_services.core.mcp.http_transport import McpEndpoint
from mock_services.core.mcp.tools import build_tools, is_tool
from mock_services.core.serve.templating import ServiceEnvironment
from mock_services.core.spec.openapi import GUIDE_PATH, build_openapi
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.controls import CONTROLS
from mock_services.core.web.error_pages import error_page
from mock_services.core.web.routes import (
    api_operations,
    operation_params,
    service_apis,
    user_endpoints,
)
from mock_services.core.web.runtime import Runtime
from mock_services.core.web.ui import core_ui, form_again_after_fault
from mock_services.core.web.world import TriggerHold, WorldMiddleware

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods no route audits unless the seed asks for ``audit_reads``: the after-request check is
skipped for them otherwise (most calls are reads)."""
_OPERATIONS_READ_KEY = "mock_services.operations_read"
"""Where ``operations_done`` keeps its answer: the trigger hold and the world's count ask."""


def create_app(spec: ServiceSpec, settings: Settings | None = None) -> Flask:
    """A Flask app serving ``spec`` from ``settings.data_dir`` (read from the env by default)."""
    settings = settings or Settings.from_env()
    app = _routed_app(spec)
    app.check_fixed_parts = settings.check_fixed_parts
    runtime = Runtime(spec, settings)
    app.secret_key = runtime.auth.signer.flash_secret
    app.session_interface = CachedSignerSessions()
    install_error_handlers(app, error_page(spec.title))
    app.json.sort_keys = False  # type: ignore[attr-defined]  # typed as the base provider
    endpoints = [e for api in service_apis(spec) for e in api.endpoints]

    # The OpenAPI document, the guide and the MCP tools are built when first asked for, not
    # at every worker's start (the document alone is a tenth of a second of start-up).
    @cache
    def document() -> dict[str, Any]:
        return build_openapi(spec.title, spec.description, endpoints, session_cookie(spec.name))

    @cache
    def guide() -> Guide:
        return build_guide(spec, document(), endpoints, create_app)

    app.view_functions["openapi"] = lambda: jsonify(document())

    def guide_page(area: str = "") -> Response:
        text = guide().page(area)
        if text is None:
            abort(404, f"no guide page {area!r}; the overview at {GUIDE_PATH} lists them")
        return Response(text, mimetype="text/markdown")

    app.view_functions["guide"] = guide_page
    app.wsgi_app = WorldMiddleware(app.wsgi_app, runtime)  # type: ignore[method-assign]  # middleware
    tools = ToolDispatcher(app.wsgi_app, lambda: build_tools(document(), endpoints))
    app.wsgi_app = McpEndpoint(app.wsgi_app, runtime, tools)  # type: ignore[method-assign]  # middleware

    install_form_limit(app)
    canonical = spec.canonical_params

    @app.url_value_preprocessor
    def _canonical(_endpoint: str | None, values: dict[str, Any] | None) -> None:
        """A key the service spells several ways arrives in its one spelling, on every route."""
        if values:
            for name in canonical.keys() & values.keys():
                values[name] = canonical_or_raw(canonical[name], values[name])

    read_views = frozenset(v for v in app.view_functions.values() if _read_by_agent(v))

    # One hook on each side of the view: every Flask hook costs a call and a check per request.
    @app.before_request
    def _before() -> Response | None:
        """Bind the runtime, refuse a body over the limit, answer an injected fault, hold the
        writers for a call the world waits for (an event is atomic with it)."""
        req = current_request()
        req.environ.setdefault(RECEIVED_KEY, time.time_ns())  # a tool's inner call: its own
        req.environ[RUNTIME_KEY] = runtime
        req.environ[VIEW_KEY] = app.view_functions.get(req.endpoint or "")
        refuse_large_body(req, runtime.max_body_bytes)
        if runtime.faults is not None and req.path != "/health":
            fault = runtime.faults.check(req, form_again_after_fault)
            if fault is not None:
                return fault
        hold: TriggerHold | None = req.environ.get(TRIGGER_HOLD_KEY)
        if hold is not None:
            hold.take([*operations_done(req), *getattr(view_of(req), "also_performs", ())])
        return None

    @app.after_request
    def _after(response: Response) -> Response:
        """A mutating call answered before or instead of its handler's transaction (a fault,
        a 413, a refusal) is logged here, with the status it got; so is a read, when the seed
        asks for ``audit_reads``."""
        req = current_request()
        close_after_refused_body(req, response)
        if runtime.world is not None and runtime.world.counts_calls:
            done = [*operations_done(req), *req.environ.get(ALSO_DONE_KEY, ())]
            req.environ[OPERATIONS_KEY] = (done, response.status_code)
            if runtime.world.filters_calls:
                req.environ[CALL_PARAMS_KEY] = call_params(req)
        if is_logged(req) or (req.method in READ_METHODS and not runtime.audit_reads):
            return response
        view = view_of(req)
        read = runtime.audit_reads and req.method == "GET" and view in read_views
        if read or is_audited(view, req.method):
            try:
                runtime.record_request(req, response.status_code)
            except Exception as exc:
                if not disk_full(exc):
                    raise
                # The answer (a 507, say) stands; a full disk cannot hold its audit row.
                app.logger.error("disk full: %s %s not audited", req.method, req.path)
        return response

    return app


def operations_done(request: Request) -> list[str]:
    """The operations ``request`` performed, by their API names: an API route's (a read's
    too), a web form's, or the reads a web page shows. Read once per request."""
    done: list[str] | None = request.environ.get(_OPERATIONS_READ_KEY)
    if done is None:
        done = request.environ[_OPERATIONS_READ_KEY] = _operations_of(request)
    return done


def _operations_of(request: Request) -> list[str]:
    view = view_of(request)
    endpoint = getattr(view, "api_endpoint", None)
    if endpoint is not None:
        return [endpoint.handler.__name__]
    if request.method == "GET":
        return list(getattr(view, "shows", ()))
    operation, _params = operation_of(request)
    return [operation] if operation else []


def call_params(request: Request) -> dict[str, Any]:
    """The path parameters of the operation ``request`` performed, by its API route's names
    (a web form's read from its path or fields, as its audit entry names them)."""
    if getattr(view_of(request), "api_endpoint", None) is not None:
        return dict(request.view_args or {})
    return operation_of(request)[1]


def _read_by_agent(view: Callable[..., Any]) -> bool:
    """Whether ``view`` is a read an agent may make: an API read (as a route or an MCP tool;
    not the health probe, not an admin route) or a web page that shows API reads. What a
    seed's ``audit_reads`` logs."""
    endpoint = getattr(view, "api_endpoint", None)
    if endpoint is None:
        return bool(getattr(view, "shows", ()))
    return not endpoint.mutating and is_tool(endpoint)


URLS_KEPT = 8192  # built addresses remembered per app; all forgotten when full


class ServiceFlask(Flask):
    request_class = ServiceRequest
    jinja_environment = ServiceEnvironment

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._built_urls: dict[tuple[Any, ...], str] = {}
        self.fixed_parts: dict[tuple[Any, ...], Markup] = {}
        """Each page's fixed parts as drawn, by key (``fixed`` in ``base.html``)."""
        self.check_fixed_parts = False
        """Draw the fixed parts every time and fail one unlike its key's (the test suite)."""

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Every view and hook is synchronous: Flask's check for a coroutine on each call of
        each (a tenth of a plain GET's time) is left out."""
        return func

    def url_for(self, /, endpoint: str, **values: Any) -> str:
        """Flask's ``url_for``, each address built once: a page links each of its rows several
        times (a post's author, its permalink, its like and repost forms), and werkzeug's
        build costs about as much as drawing the link. A request's relative address of an
        endpoint and its values, in their order, is always the same string (the app has no
        ``url_defaults``), so it is remembered by them, their types too (``True`` is not
        ``1``), and by the address the app is mounted at; anything else (an anchor, an
        external address, an endpoint relative to the blueprint, a value that cannot be a
        key) is built as Flask builds it. Python code's ``flask.url_for`` passes its options
        (``_anchor``, ``_external``...) as None when unset: those are left out, so its
        addresses are remembered too (none was before)."""
        if "_external" in values:  # ``flask.url_for`` passes its four options, None if unset
            values = {k: v for k, v in values.items() if k[:1] != "_" or v is not None}
        ctx = _cv_request.get(None)
        if ctx is None or endpoint[:1] == "." or self.url_default_functions:
            return super().url_for(endpoint, **values)
        adapter = ctx.url_adapter
        key = (
            endpoint,
            adapter.script_name if adapter is not None else None,
            *values.items(),
            *map(type, values.values()),
        )
        try:
            return self._built_urls[key]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key (a list of query values)
            return super().url_for(endpoint, **values)
        built = super().url_for(endpoint, **values)
        if not any(name[:1] == "_" for name in values):
            if len(self._built_urls) >= URLS_KEPT:
                self._built_urls.clear()
            self._built_urls[key] = built
        return built


def _routed_app(spec: ServiceSpec) -> ServiceFlask:
    """A Flask app with every route the service serves (its OpenAPI document's view is left to
    ``create_app``): nothing else, so that ``served_routes`` is cheap."""
    app = ServiceFlask(f"mock_services.{spec.name}")
    for api in service_apis(spec):
        app.register_blueprint(api.blueprint)
    if spec.ui_blueprint is not None:
        app.register_blueprint(core_ui)
        for name, control in CONTROLS.items():
            app.add_template_global(control, name)
        app.register_blueprint(spec.ui_blueprint)
    app.add_url_rule("/openapi.json", "openapi", methods=["GET"])
    app.add_url_rule(GUIDE_PATH, "guide", methods=["GET"])
    app.add_url_rule(f"{GUIDE_PATH}/<area>", "guide", methods=["GET"])
    _bind_operations(app, spec)
    return app


def _bind_operations(app: Flask, spec: ServiceSpec) -> None:
    """Every web form records an operation of the service's API (a misspelt one is an error
    when the app is built, not an audit log no verifier can match), naming what it acts on by
    that operation's API path parameters; every page's ``shows`` names API operations too."""
    known, params = api_operations(spec), operation_params(spec)
    reads = {e.handler.__name__ for e in user_endpoints(spec) if not e.mutating}
    for endpoint, view in app.view_functions.items():
        declared = declared_operations(view)
        if unknown := sorted(declared - known):
            raise ValueError(
                f"{spec.name}: page {endpoint!r} names operations its API lacks: "
                f"{', '.join(unknown)}; the API's are {', '.join(sorted(known))}"
            )
        if unknown := sorted(set(getattr(view, "shows", ())) - reads):
            raise ValueError(
                f"{spec.name}: page {endpoint!r} shows reads its API lacks: "
                f"{', '.join(unknown)}; the API's are {', '.join(sorted(reads))}"
            )
        if declared and getattr(view, "web_page", False):
            mark_operation_params(view, {op: params[op] for op in declared})
    if unknown := sorted(spec.asked_first - known):
        raise ValueError(
            f"{spec.name}: asked_first names operations its API lacks: {', '.join(unknown)}; "
            f"the API's are {', '.join(sorted(known))}"
        )


def served_routes(spec: ServiceSpec) -> list[tuple[str, str]]:
    """``(method, Flask rule)`` of every route the service serves, HEAD and OPTIONS left out."""
    rules = _routed_app(spec).url_map.iter_rules()
    return sorted(
        (method, rule.rule)
        for rule in rules
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    )
