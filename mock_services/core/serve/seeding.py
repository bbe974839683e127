"""Seeding with every check, including those that need the whole service: a fault must match a
served route, an MCP tool choice must name the service's tools, a world event must be an
operation the service performs as written (``TASK_SEED_CHECKS``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import RootModel, ValidationError

from mock_services.core.base.seed_errors import did_you_mean_among
from mock_services.core.base.settings import Settings
from mock_services.core.data.faults import unreachable_fault
from mock_services.core.mcp.tools import service_tools, toolset_problems
from mock_services.core.seeding.seed import (
    SeedCheck,
    SeedContext,
    ServiceSeed,
    TaskSeed,
    build_service_db,
    install_db,
)
from mock_services.core.seeding.serving import unserved
from mock_services.core.seeding.world_events import AfterOperation, WorldEvent
from mock_services.core.serve.app import served_routes
from mock_services.core.spec.api import Endpoint
from mock_services.core.spec.hearing import RECIPIENTS
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.routes import service_apis


def check_mcp_tools(spec: ServiceSpec, seed: ServiceSeed, ctx: SeedContext) -> None:
    """Refuse a tool choice that names a tool or argument the service does not have."""
    if seed.mcp is None:
        return
    problems = toolset_problems(service_tools(spec), seed.mcp)
    if problems:
        loc, message = problems[0]
        raise ctx.error(("mcp", *loc), message)


def check_fault_routes(spec: ServiceSpec, seed: ServiceSeed, ctx: SeedContext) -> None:
    """Refuse a fault that no route of the service can trigger: it would never fire."""
    if not seed.faults:
        return
    unreachable = unreachable_fault(seed.faults, served_routes(spec), spec.name)
    if unreachable is not None:
        index, message = unreachable
        raise ctx.error(("faults", index, "route"), message)


def check_world_events(spec: ServiceSpec, seed: ServiceSeed, ctx: SeedContext) -> None:
    """Refuse an event this service cannot perform as written: an operation it lacks, path
    parameters or body fields its route does not take, a user it does not seed, a trigger
    naming an operation it lacks or a ``where`` field its operations lack, a ``since`` naming
    no event of the service, or events whose ``since`` go round. Each error names the event's
    JSON path and the closest names."""
    if not ctx.world_events:
        return
    endpoints = {e.handler.__name__: e for api in service_apis(spec) for e in api.endpoints}
    writes = {name: e for name, e in endpoints.items() if e.mutating}
    users = {user.username for user in getattr(seed, "users", [])}
    for index, event in ctx.world_events:
        endpoint = writes.get(event.operation)
        if endpoint is None:
            raise ctx.event_error(
                index,
                ("operation",),
                f"{spec.name} has no operation {event.operation!r} that changes data"
                f"{did_you_mean_among(event.operation, sorted(writes))}",
            )
        _check_event_params(index, event, endpoint, ctx)
        if event.as_user is not None and event.as_user not in users:
            raise ctx.event_error(
                index,
                ("as",),
                f"{event.as_user!r} is no user of {spec.name}"
                f"{did_you_mean_among(event.as_user, sorted(users))}",
            )
        if event.as_user is None and endpoint.auth in ("user", "optional"):
            raise ctx.event_error(
                index, ("as",), f"{event.operation} is done by a user: name the seeded one"
            )
        _check_event_body(index, event, endpoint, ctx)
        if event.when.after_operation is not None:
            _check_trigger(spec, index, event.when.after_operation, endpoints, ctx)
    _check_since(spec, ctx)


_TRIGGER = ("when", "after_operation")


def _check_trigger(
    spec: ServiceSpec,
    index: int,
    trigger: AfterOperation,
    endpoints: Mapping[str, Endpoint],
    ctx: SeedContext,
) -> None:
    """Refuse a trigger operation the agent cannot call, or a ``where`` field one of its
    operations does not have (where the route's models tell its fields)."""
    calls = sorted(n for n, e in endpoints.items() if e.auth != "admin" and n != "health")
    listed = not isinstance(trigger.operation, str)
    for position, operation in enumerate(trigger.operations):
        if operation not in calls:
            raise ctx.event_error(
                index,
                (*_TRIGGER, "operation", *((position,) if listed else ())),
                f"{spec.name} has no operation {operation!r}{did_you_mean_among(operation, calls)}",
            )
    for name in trigger.where or {}:
        for operation in trigger.operations:
            known = _call_fields(spec, endpoints[operation])
            if known is not None and name not in known:
                raise ctx.event_error(
                    index,
                    (*_TRIGGER, "where", name),
                    f"{operation} has no field {name!r}"
                    f"{did_you_mean_among(name, sorted(known)) or '; it has none'}",
                )


def _call_fields(spec: ServiceSpec, endpoint: Endpoint) -> set[str] | None:
    """The fields a ``where`` may name for ``endpoint``'s calls: its path parameters, its
    query's and body's fields, and ``recipients`` for a message where people talk; None when
    its body is no plain model (a union), whose fields depend on the call."""
    fields = {name for name, _kind in endpoint.path_params()}
    for model in (endpoint.query, endpoint.body):
        if model is not None and issubclass(model, RootModel):
            return None
        fields |= set(model.model_fields) if model is not None else set()
    hearing = spec.hearing
    if hearing and hearing.recipients and endpoint.handler.__name__ in hearing.operations:
        fields.add(RECIPIENTS)
    return fields


def _check_since(spec: ServiceSpec, ctx: SeedContext) -> None:
    """Refuse a ``since`` that names no event of the service, or events that each count only
    once another of them has fired, round to themselves (none would ever fire)."""
    since = {
        event.id: (index, trigger.since)
        for index, event in ctx.world_events
        if (trigger := event.when.after_operation) is not None and trigger.since is not None
    }
    ids = [event.id for _index, event in ctx.world_events]
    for event_id, (index, first) in since.items():
        if first not in ids:
            raise ctx.event_error(
                index,
                (*_TRIGGER, "since"),
                f"no event {first!r} of {spec.name} (calls count since an event of the "
                f"same service){did_you_mean_among(first, ids)}",
            )
        chain = [event_id]
        while (step := since.get(chain[-1], (0, None))[1]) is not None and step not in chain:
            chain.append(step)
        if step == event_id:
            raise ctx.event_error(
                index,
                (*_TRIGGER, "since"),
                f"events wait for each other ({' -> '.join([*chain, event_id])}): none of "
                "them would ever count a call",
            )


def _check_event_params(
    index: int, event: WorldEvent, endpoint: Endpoint, ctx: SeedContext
) -> None:
    route_params = dict(endpoint.path_params())
    for name in event.params.keys() - route_params.keys():
        raise ctx.event_error(
            index,
            ("params", name),
            f"{endpoint.method} {endpoint.rule} has no path parameter {name!r}"
            f"{did_you_mean_among(name, sorted(route_params))}",
        )
    for name, kind in route_params.items():
        value = event.params.get(name)
        if value is None:
            raise ctx.event_error(
                index,
                ("params",),
                f"missing {name!r} ({kind}) for {endpoint.method} {endpoint.rule}",
            )
        if kind == "integer" and not isinstance(value, int):
            raise ctx.event_error(index, ("params", name), f"expected an integer, got {value!r}")


def _check_event_body(index: int, event: WorldEvent, endpoint: Endpoint, ctx: SeedContext) -> None:
    body = event.resolved_body(ctx.now, ctx.tz.key)
    if endpoint.body is None:
        if body is not None:
            raise ctx.event_error(
                index, ("body",), f"{endpoint.method} {endpoint.rule} takes no body"
            )
        return
    try:
        endpoint.body.model_validate(body if body is not None else {})
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        loc = ("body", *first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "extra_forbidden":
            known = sorted(endpoint.body.model_fields)
            message += did_you_mean_among(str(first["loc"][-1]), known)
        raise ctx.event_error(index, loc, message) from None


def check_personas(spec: ServiceSpec, seed: ServiceSeed, ctx: SeedContext) -> None:
    """Refuse a persona on a service where no one talks, or as a user it does not seed."""
    users = sorted(user.username for user in getattr(seed, "users", []))
    for index, persona in ctx.personas:
        if spec.hearing is None:
            raise ctx.event_error(
                index,
                ("service",),
                f"no one talks on {spec.name}: a persona answers on a service that holds "
                "conversations (chat, email)",
                key="personas",
            )
        if persona.user not in users:
            raise ctx.event_error(
                index,
                ("user",),
                f"{persona.user!r} is no user of {spec.name}"
                f"{did_you_mean_among(persona.user, users)}",
                key="personas",
            )


TASK_SEED_CHECKS: tuple[SeedCheck[ServiceSpec], ...] = (
    check_fault_routes,
    check_mcp_tools,
    check_world_events,
    check_personas,
)


def seed_service(
    spec: ServiceSpec,
    document: dict[str, Any],
    settings: Settings,
    *,
    now: datetime | None = None,
    timezone: str | None = None,
    source: str = "seed.json",
    logins: Collection[str] | None = None,
) -> Path:
    """Validate ``document`` and build ``<service>.db`` (and its pristine copy) atomically;
    refused (``ServedNow``) while a server serves the service from ``settings``. Every check
    runs (``TASK_SEED_CHECKS``)."""
    with unserved(settings, [spec.name], "seed"):
        built = build_service_db(
            spec,
            document,
            settings,
            now=now,
            timezone=timezone,
            source=source,
            logins=logins,
            checks=TASK_SEED_CHECKS,
        )
        return install_db(built, settings, spec.name)


def seed_task(
    specs: Mapping[str, ServiceSpec],
    path: Path,
    settings: Settings,
    only: str | None = None,
    *,
    require_logins: bool = False,
) -> list[Path]:
    """Seed every service named in a task's ``seed.json``, or just ``only``: all or nothing.

    Every section is validated and built before any DB is replaced, so one bad section leaves
    every service's DB as it was. A service asked for by ``only`` that has no section in the
    file gets its embedded default data, under the file's clock (as the per-task image does).
    ``require_logins`` (a task image) refuses a file without ``logins``.
    """
    task_seed = TaskSeed.read(path, specs)
    return seed_read(specs, task_seed, settings, only, require_logins=require_logins)


def seed_trial(
    specs: Mapping[str, ServiceSpec], path: Path | None, settings: Settings, task: str
) -> list[Path]:
    """Seed a trial's services (``specs``: the task's) from its ``seed.json`` (None: it has
    none), each service without a section with its default data, as the per-task image does."""
    task_seed = TaskSeed.read(path, specs) if path is not None else TaskSeed.parse({}, specs, task)
    return task_seed.with_defaults(specs).seed(specs, settings, TASK_SEED_CHECKS)


def seed_read(
    specs: Mapping[str, ServiceSpec],
    task_seed: TaskSeed,
    settings: Settings,
    only: str | None = None,
    *,
    require_logins: bool = False,
) -> list[Path]:
    """``seed_task`` on a seed file already read (whose ``sections`` the caller reports)."""
    if require_logins:
        task_seed.require_logins()
    if only is not None:
        task_seed = task_seed.only(specs, only)
    return task_seed.seed(specs, settings, TASK_SEED_CHECKS)
