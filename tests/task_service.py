"""A task's world served in this process: some of its services, seeded from the task's
``seed.json`` (its events and personas kept, the other services' sections left out), in the
agent phase."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_task
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.helpers import ApiClient, expect

DATA = "mock-data"
"""The data folder's name under the work folder (``MOCK_DATA_DIR`` for a verifier)."""


def task_world(
    task: Path,
    services: Iterable[str],
    workdir: Path,
    edit: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, ApiClient]:
    """``services`` of ``task`` in ``workdir / DATA``, each logged in as alice, the agent phase
    started; ``edit`` changes the seed document first (an event's trigger, say)."""
    document: dict[str, Any] = json.loads((task / "environment" / "seed.json").read_text())
    specs = {name: get_spec(name) for name in services}
    for other in SERVICE_MODULES.keys() - specs.keys():
        document.pop(other, None)
    if edit is not None:
        edit(document)
    seed = workdir / "seed.json"
    seed.write_text(json.dumps(document))
    settings = Settings(data_dir=workdir / DATA)
    settings.data_dir.mkdir()
    seed_task(specs, seed, settings)
    apps = {name: create_app(spec, settings) for name, spec in specs.items()}
    token = admin_token_path(settings).read_text().strip()
    clients = {
        name: ApiClient(f"http://{name}.test", token, app).login("alice", "alice-pass")
        for name, app in apps.items()
    }
    for client in clients.values():
        expect(client.admin("POST", "/admin/world/start"), 200)
    return clients


def task_service(task: Path, service: str, workdir: Path) -> ApiClient:
    """``task_world`` of one service."""
    return task_world(task, [service], workdir)[service]


def task_verifier(task: Path) -> ModuleType:
    """A fresh load of ``task``'s ``tests/verify.py`` (its cached reads start empty); point
    ``MOCK_DATA_DIR`` at the world first."""
    loaded = importlib.util.spec_from_file_location(
        f"verify_{task.name.replace('-', '_')}", task / "tests" / "verify.py"
    )
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return module
