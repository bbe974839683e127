"""One live health server for the whole folder (default seed), reset to its seed before each
test.

Default seed (now = Monday 2026-03-02 09:00 UTC, time zone UTC): alice, bob, carol, dave.
Alice takes Vitamin D3 at 08:00 (today's dose not marked); bob Lisinopril 08:00 and Metformin
08:00/20:00; alice's custom food "alice-overnight-oats"; appointments APT-000002 (alice,
dentist, Thursday 10:00) and APT-000004 (bob, cardiology, +8d 11:00) are scheduled.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mock_services.core.process import ServiceProcess
from tests.conftest import running_service
from tests.helpers import ApiClient, expect


@pytest.fixture(scope="package")
def health_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with running_service("health", tmp_path_factory.mktemp("health")) as process:
        yield process


@pytest.fixture
def service(health_server: ServiceProcess) -> ApiClient:
    """An anonymous client on the shared server, reset to the default seed first."""
    client = ApiClient(health_server.url, health_server.admin_token)
    expect(client.admin("POST", "/admin/reset"), 200)
    return client


@pytest.fixture
def alice(service: ApiClient) -> ApiClient:
    return service.as_user("alice", "alice-pass")


@pytest.fixture
def bob(service: ApiClient) -> ApiClient:
    return service.as_user("bob", "bob-pass")
