"""One service of a task's world, seeded from the task's ``seed.json`` (its events and
personas kept, the other services' sections left out) and served in this process, in the
agent phase."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_task
from mock_services.registry import SERVICE_MODULES, get_spec
from tests.helpers import ApiClient, expect


def task_service(task: Path, service: str, workdir: Path, user: str = "alice") -> ApiClient:
    """``service`` of ``task`` in a fresh data folder under ``workdir``, logged in as ``user``
    (password ``<user>-pass``), its agent phase started."""
    document: dict[str, Any] = json.loads((task / "environment" / "seed.json").read_text())
    for other in SERVICE_MODULES.keys() - {service}:
        document.pop(other, None)
    seed = workdir / "seed.json"
    seed.write_text(json.dumps(document))
    settings = Settings(data_dir=workdir / "mock-data")
    settings.data_dir.mkdir()
    seed_task({service: get_spec(service)}, seed, settings)
    app = create_app(get_spec(service), settings)
    token = admin_token_path(settings).read_text().strip()
    client = ApiClient(f"http://{service}.test", token, app).login(user, f"{user}-pass")
    expect(client.admin("POST", "/admin/world/start"), 200)
    return client
