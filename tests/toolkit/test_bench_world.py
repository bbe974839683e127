"""``bench.world``: each measured service's live world seeds, its events wait all through the
by-id reads the benchmark sends (none fires), and the verdict says when the service itself is
under the bar."""

from __future__ import annotations

from pathlib import Path

import pytest
import requests

from bench.versus_bare import service_loads
from bench.world import SERVICES, TARGET, WAITING_EVENTS, seeded, verdict
from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.registry import get_spec
from tests.helpers import ApiClient


@pytest.mark.process  # serves the live world on a port
@pytest.mark.parametrize("service", SERVICES)
def test_the_live_world_waits_through_the_reads(tmp_path: Path, service: str) -> None:
    data_dir = seeded(tmp_path, service, live=True)
    with ServiceProcess(service, free_port(), data_dir, workers=1) as served:
        load = service_loads(service, served.url)["get_by_id"]
        for value in load.values[:20]:
            got = requests.get(served.url + load.path % value, headers=load.headers, timeout=10)
            assert got.status_code == 200, f"{service}: {load.path % value}: {got.status_code}"
    settings = Settings(data_dir=data_dir)
    app = create_app(get_spec(service), settings)
    admin = ApiClient("http://bench.test", admin_token_path(settings).read_text().strip(), app)
    fired = [entry for entry in admin.audit() if entry["via"] == "world"]
    assert fired == [], f"{service}: an event fired under the reads: {fired[:1]}"
    world = admin.admin("GET", "/admin/world").json()
    assert (world["clock"], world["agent_phase"]) == ("running", "running")
    assert len(world["events"]) == WAITING_EVENTS, world["events"]


@pytest.mark.parametrize(
    ("live", "still", "expected"),
    [
        (0.82, 0.9, "met"),
        (0.75, 0.9, f">= {TARGET}: NOT met"),
        (0.52, 0.64, "the service is at 0.64 without a world"),
    ],
)
def test_the_verdict_names_a_service_under_the_bar(
    live: float, still: float, expected: str
) -> None:
    assert expected in verdict({"live_over_bare": live, "still_over_bare": still})
