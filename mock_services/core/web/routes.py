"""The routes every service serves besides its own: health, login and the admin API."""

from __future__ import annotations

import re

from mock_services.core.base.clock import iso
from mock_services.core.base.schemas import Health
from mock_services.core.data.audit import OperationParams
from mock_services.core.data.db import read_meta
from mock_services.core.spec.api import Api, Ctx, Endpoint
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.account import auth_api
from mock_services.core.web.admin import admin_api

health_api = Api("health", tag="health")


@health_api.get("/health", response=Health, auth="none")
def health(ctx: Ctx) -> Health:
    """200 once the DB is open and seeded; 503 before."""
    meta = read_meta(ctx.runtime.engine)
    return Health(
        status="ok",
        service=ctx.runtime.spec.name,
        seed_hash=meta["seed_hash"],
        now=iso(ctx.now) or "",
    )


def service_apis(spec: ServiceSpec) -> list[Api]:
    """Every API a service serves: health and login first, its own, the admin API last."""
    return [health_api, auth_api, *spec.apis, admin_api]


def user_endpoints(spec: ServiceSpec) -> list[Endpoint]:
    """The service's API routes a user calls (not the admin's, nor mail delivery's): what its
    web UI must do too."""
    return [
        e
        for api in spec.apis
        for e in api.endpoints
        if e.auth in ("user", "none") and "admin" not in e.tags
    ]


def operation_routes(spec: ServiceSpec) -> list[tuple[str, str, str]]:
    """(method, Flask rule, operation) of every route of the service that changes data (the
    audited ones), the core's (logout) included."""
    return [
        (endpoint.method, endpoint.rule, endpoint.handler.__name__)
        for api in service_apis(spec)
        for endpoint in api.endpoints
        if endpoint.mutating
    ]


RULE_PARAM = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")


def read_routes(spec: ServiceSpec) -> list[tuple[str, str, str]]:
    """(method, Flask rule, operation) of every read a user makes (what a web page ``shows``):
    a fault on one of them reaches the pages that show it."""
    return [
        (e.method, e.rule, e.handler.__name__) for e in user_endpoints(spec) if e.method == "GET"
    ]


def operation_params(spec: ServiceSpec) -> dict[str, OperationParams]:
    """The path parameters of each operation's API route (what it acts on), by operation, each
    with its canonical form: ``int`` for an int, the spec's ``canonical_params`` by name."""
    return {
        operation: tuple(
            (name, int if converter == "int" else spec.canonical_params.get(name, str))
            for converter, name in RULE_PARAM.findall(rule)
        )
        for _method, rule, operation in operation_routes(spec)
    }


def api_operations(spec: ServiceSpec) -> frozenset[str]:
    """The operations that change data, by their API names."""
    return frozenset(operation for _method, _rule, operation in operation_routes(spec))


def read_operations(spec: ServiceSpec) -> frozenset[str]:
    """The reads a user may make (its API's GET routes a user calls), by their API names: what
    a seed's ``audit_reads`` logs, and what a web page ``shows``."""
    return frozenset(e.handler.__name__ for e in user_endpoints(spec) if e.method == "GET")
