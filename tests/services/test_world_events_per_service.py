"""The kinds of world event the live world promises, each on its own service's default data:
a mail delivered, a flight cancelled, a calendar invitation, a post by someone else, a price
and stock change. Each fires through its service's own operation as the world, once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec
from tests.helpers import ApiClient, expect

MAIL = {
    "sender": "tom@northwind.example",
    "to": ["alice@example.test"],
    "subject": "Change of plan",
    "body": "Thursday no longer works.",
}
INVITATION = {
    "uid": "sync-1",
    "organizer": "tom@northwind.example",
    "attendees": ["alice@example.test"],
    "title": "Vendor sync",
    "start": {"$date": "+1d 10:00"},
    "end": {"$date": "+1d 10:30"},
}
CANCELLED = {"status": "cancelled", "reason": "crew shortage"}
POST = {"text": "Launch moved to Friday #atlas"}
FLIGHT = 55  # tomorrow's first flight in the airline's default data
CASES: list[tuple[str, dict[str, Any], str, str]] = [
    # (service, the event's operation and input, a read as alice, text it then shows)
    (
        "email",
        {"operation": "deliver", "body": MAIL},
        "/api/messages?folder=inbox",
        "Change of plan",
    ),
    (
        "airline",
        {"operation": "update_flight", "params": {"flight_id": FLIGHT}, "body": CANCELLED},
        f"/api/flights/{FLIGHT}",
        "cancelled",
    ),
    (
        "calendar",
        {"operation": "deliver_invitation", "body": INVITATION},
        "/api/events?per_page=100",
        "Vendor sync",
    ),
    (
        "social",
        {"operation": "create_post", "as": "bob", "body": POST},
        "/api/timeline?per_page=100",
        "Launch moved to Friday",
    ),
    (
        "shop",
        {"operation": "update_product", "params": {"product_id": 1}, "body": {"stock": 0}},
        "/api/products/1",
        '"stock":0',
    ),
]


@pytest.mark.parametrize(("service", "change", "read", "shows"), CASES, ids=[c[0] for c in CASES])
def test_the_world_does_it_through_the_services_operation(
    tmp_path: Path, service: str, change: dict[str, Any], read: str, shows: str
) -> None:
    spec = get_spec(service)
    event = {"id": "it-happens", "service": service, "when": {"at": "-1m"}, **change}
    document = {"events": [event], service: spec.default_seed()}
    settings = Settings(data_dir=tmp_path)
    TaskSeed.parse(document, [service], "seed.json").seed(
        {service: spec}, settings, TASK_SEED_CHECKS
    )
    app = create_app(spec, settings)
    client = ApiClient("http://world.test", admin_token_path(settings).read_text().strip(), app)
    client.login("alice", "alice-pass")
    before = client.get(read).text
    assert shows not in before.replace(" ", ""), "not before the agent phase"
    expect(client.admin("POST", "/admin/world/start"), 200)
    after = client.get(read).text
    assert shows in after.replace(" ", "") or shows in after, after[:500]
    world = [e for e in client.audit() if e["via"] == "world"]
    assert [(e["event"], e["operation"], e["status"] < 400) for e in world] == [
        ("it-happens", change["operation"], True)
    ]
