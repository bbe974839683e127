"""Seeding with every check, including those that need the whole service: a fault must match a
served route, an MCP tool choice must name the service's tools (``TASK_SEED_CHECKS``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

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
from mock_services.core.serve.app import served_routes
from mock_services.core.spec.service import ServiceSpec


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


TASK_SEED_CHECKS: tuple[SeedCheck, ...] = (check_fault_routes, check_mcp_tools)


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
