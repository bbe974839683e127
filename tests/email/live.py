"""An email service with a live world, in process: seeded from the default data under a
header (events, personas), Alice logged in, the agent phase started."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec
from tests.helpers import ApiClient, expect

SPEC = get_spec("email")


def live_mail(data_dir: Path, **header: Any) -> tuple[Settings, ApiClient]:
    """The settings of an email DB seeded with ``header`` (``events=[...]``,
    ``personas=[...]``) at 2026-03-02 09:00 UTC, and Alice's client on its app."""
    settings = Settings(data_dir=data_dir)
    document = {"now": "2026-03-02T09:00:00Z", **header, "email": SPEC.default_seed()}
    TaskSeed.parse(document, ["email"], "seed.json").seed(
        {"email": SPEC}, settings, TASK_SEED_CHECKS
    )
    app = create_app(SPEC, settings)
    client = ApiClient("http://mail.test", admin_token_path(settings).read_text().strip(), app)
    client.login("alice", "alice-pass")
    expect(client.admin("POST", "/admin/world/start"), 200)
    return settings, client
