"""A shipped service's names as its package keeps them in ``names.json``: tables with their
columns, routes, the operations that change data and the reads. A verifier checks a name
against this file instead of loading the service (its models, its Flask app), which took most
of a verification's time. ``python -m mock_services.names_index`` writes the files and
``tests/verify/test_shipped_names.py`` holds each to its service."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from mock_services.registry import SERVICE_MODULES

NAMES_FILE = "names.json"
WRITE_COMMAND = "python -m mock_services.names_index"


class ShippedNames(BaseModel):
    """What ``names.json`` holds, each list sorted so the file changes only with the service."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tables: dict[str, list[str]]
    """Each table (the core's included) with its columns."""
    routes: list[tuple[str, str]]
    """``(method, Flask rule)`` of every route served, HEAD and OPTIONS left out."""
    operations: list[str]
    """The API's operations that change data."""
    reads: list[str]
    """The API's reads a user may make."""

    def as_json(self) -> str:
        return self.model_dump_json(indent=1) + "\n"


def names_file(service: str) -> Path:
    """Where ``service``'s names live: ``names.json`` in its package (found, not imported)."""
    package = SERVICE_MODULES[service].rpartition(".")[0]
    found = find_spec(package)
    if found is None or not found.submodule_search_locations:
        raise FileNotFoundError(f"no package {package!r} for the service {service!r}")
    return Path(next(iter(found.submodule_search_locations))) / NAMES_FILE


def read_shipped(service: str) -> ShippedNames:
    """``service``'s names from its ``names.json``; a missing or malformed file is an error that
    names the file and the command that writes it."""
    path = names_file(service)
    try:
        return ShippedNames.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path} is missing: write it with `{WRITE_COMMAND} {service}`"
        ) from None
    except ValidationError as exc:
        raise ValueError(
            f"{path} is not a service's names ({exc.errors()[0]['loc']}: "
            f"{exc.errors()[0]['msg']}): write it again with `{WRITE_COMMAND} {service}`"
        ) from None
