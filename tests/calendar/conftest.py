"""One live calendar server per test module (default seed), reset to its seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC): alice and dave in New York, bob in London,
carol in Berlin. Calendars 1-4 are the primaries of alice, bob, carol, dave; 5 is alice's
"Personal", 6 alice's "Product Launch" (bob writer, dave reader), 7 bob's "On-call" (carol
reader). Events: 1 standup (alice, daily x5), 2 1:1 alice/dave (weekly), 3 sprint planning
(bob; alice invited, pending), 4 design review (carol; alice pending), 5 dentist (alice,
overlaps 4), 6 launch sync (bob declined), 7 all-hands (dave), 8 release freeze (all-day),
9 pager handover (bob, weekly x4), 10 vendor demo (cancelled), 11 past QBR, 12 focus time
(carol, transparent).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mock_services.core.process import ServiceProcess
from tests.conftest import running_service
from tests.helpers import ApiClient, expect


@pytest.fixture(scope="module")
def calendar_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with running_service("calendar", tmp_path_factory.mktemp("calendar")) as process:
        yield process


@pytest.fixture
def service(calendar_server: ServiceProcess) -> ApiClient:
    """An anonymous client on the shared server, reset to the default seed first."""
    client = ApiClient(calendar_server.url, calendar_server.admin_token)
    expect(client.admin("POST", "/admin/reset"), 200)
    return client


def as_user(service: ApiClient, name: str) -> ApiClient:
    return service.as_user(name, f"{name}-pass")


@pytest.fixture
def alice(service: ApiClient) -> ApiClient:
    return as_user(service, "alice")


@pytest.fixture
def bob(service: ApiClient) -> ApiClient:
    return as_user(service, "bob")


@pytest.fixture
def carol(service: ApiClient) -> ApiClient:
    return as_user(service, "carol")


@pytest.fixture
def dave(service: ApiClient) -> ApiClient:
    return as_user(service, "dave")
