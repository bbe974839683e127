"""The names a verifier declares checks on (services, tables, columns, routes), checked against
the service where the check is declared, so a misspelt name is a loud error instead of a check
that can never fail:

    check_names("health", Changed("appointments", fields={"updated_at": ANY}))
    # UnknownName: no column 'updated_at' in health.appointments; closest: 'created_at', ...

A shipped service's names (its models' tables, the core's included, and its app's routes) come
from the ``names.json`` its package keeps (``shipped_names.py``), so neither a DB nor the service
itself is loaded; any other service (a test's) is read from its seed DB in the data folder, and
its routes are not checked. ``expect_changes``,
``never_called``, ``no_refused_calls``, ``calls``, ``diff_service(...).added(table)`` and the
like check their names the same way before they read anything.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from mock_services.registry import SERVICE_MODULES
from mock_services.verify.shipped_names import read_shipped
from mock_services.verify.state import db_path
from mock_services.verify.unknown import UnknownName, closest

FLASK_VARIABLE = re.compile(r"<[^>]+>")
WILDCARDS = re.compile(r"[*?]|\[[^\]]*\]")
AUDITED_METHODS = ("POST", "PUT", "PATCH", "DELETE")


@runtime_checkable
class DeclaredRows(Protocol):
    """What a row change declares (``Added``, ``Changed``, ``Removed``): its table and columns."""

    @property
    def table(self) -> str: ...
    @property
    def match(self) -> Mapping[str, Any]: ...
    @property
    def fields(self) -> Mapping[str, Any]: ...


def route_pattern(route: str) -> tuple[str, str]:
    method, _, path = route.strip().partition(" ")
    method = method.upper()
    if not path.startswith("/") or not (method == "*" or method in AUDITED_METHODS):
        raise ValueError(
            f"route {route!r}: expected 'METHOD /path' with METHOD one of "
            f"{', '.join(AUDITED_METHODS)} or '*' (only mutating requests are audited)"
        )
    return method, path


@dataclass(frozen=True)
class ServiceNames:
    """What one service has: tables with their columns, and its routes (None: not known)."""

    service: str
    tables: dict[str, frozenset[str]]
    routes: tuple[tuple[str, str], ...] | None
    operations: frozenset[str] | None = None
    read_operations: frozenset[str] | None = None

    def table(self, table: str) -> frozenset[str]:
        """The columns of ``table``; ``UnknownName`` when the service has no such table."""
        if table not in self.tables:
            raise UnknownName(
                f"no table {table!r} in {self.service}; {closest(table, self.tables)}"
            )
        return self.tables[table]

    def columns(self, table: str, names: Iterable[str]) -> None:
        known = self.table(table)
        for name in names:
            if name not in known:
                raise UnknownName(
                    f"no column {name!r} in {self.service}.{table}; {closest(name, known)}"
                )

    def route(self, method: str, path: str) -> None:
        """``path`` (shell wildcards) reaches a route of the service, by any method: a rule
        that forbids a method the path does not serve is defensive, a path it lacks a typo."""
        if self.routes is None:
            return
        if not any(_may_match(path, rule) for _verb, rule in self.routes):
            shown = f"{method} {path}"
            raise UnknownName(
                f"no route {shown!r} in {self.service}; "
                + closest(shown, (f"{verb} {rule}" for verb, rule in self.routes))
            )

    def operation(self, name: str) -> None:
        """``name`` is an operation of the service that changes data (reads are not audited)."""
        if self.operations is not None and name not in self.operations:
            raise UnknownName(
                f"no operation {name!r} that changes data in {self.service}; "
                + closest(name, self.operations)
            )

    def read(self, name: str) -> None:
        """``name`` is an API read of the service an agent may make (logged by
        ``audit_reads``)."""
        if self.read_operations is not None and name not in self.read_operations:
            raise UnknownName(
                f"no read {name!r} in {self.service}; " + closest(name, self.read_operations)
            )


def _may_match(pattern: str, rule: str) -> bool:
    """Whether some path fits both the pattern and the Flask rule (``<code>`` one segment)."""
    rule_glob = FLASK_VARIABLE.sub("*", rule)
    rule_sample = FLASK_VARIABLE.sub("x", rule)
    pattern_sample = WILDCARDS.sub("", pattern)
    return fnmatchcase(rule_sample, pattern) or fnmatchcase(pattern_sample, rule_glob)


def check_operations(service: str, *operations: str, directory: Path | None = None) -> None:
    """Each of ``operations`` is an operation of ``service`` that changes data; raises
    ``UnknownName`` naming the closest. (Operations of a service that is not shipped are not
    known here, so not checked.)"""
    if not operations:
        raise ValueError(f"{service}: name at least one operation")
    names = service_names(service, directory)
    for name in operations:
        names.operation(name)


def check_names(
    service: str, *declarations: DeclaredRows | str, directory: Path | None = None
) -> None:
    """Check the tables and columns of expected changes and the routes (``"METHOD /path"``)
    against ``service``; raises ``UnknownName`` naming the closest names. Call it where the
    checks are declared (module level) to fail before any agent runs."""
    names = service_names(service, directory)
    for declaration in declarations:
        if isinstance(declaration, str):
            names.route(*route_pattern(declaration))
        elif isinstance(declaration, DeclaredRows):
            names.columns(declaration.table, [*declaration.match, *declaration.fields])
        else:
            raise TypeError(f"expected Added, Changed, Removed or a route, got {declaration!r}")


def service_names(service: str, directory: Path | None = None) -> ServiceNames:
    """The names of a shipped service (its models and routes), else of the service whose seed
    DB is in ``directory`` (default: the data folder)."""
    if service in SERVICE_MODULES:
        return _shipped(service)
    path = db_path(service, seed=True, directory=directory)
    if not path.exists():
        raise UnknownName(
            f"no service {service!r} (nor a seed DB at {path}); {closest(service, SERVICE_MODULES)}"
        )
    return ServiceNames(service, _db_tables(path), None)


@cache
def _shipped(service: str) -> ServiceNames:
    names = read_shipped(service)
    return ServiceNames(
        service,
        {table: frozenset(columns) for table, columns in names.tables.items()},
        tuple(names.routes),
        frozenset(names.operations),
        frozenset(names.reads),
    )


def _db_tables(path: Path) -> dict[str, frozenset[str]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = conn.execute(
            "SELECT name FROM sqlite_master "
            "WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        return {
            name: frozenset(row[1] for row in conn.execute(f'PRAGMA table_info("{name}")'))
            for (name,) in names
        }
    finally:
        conn.close()
