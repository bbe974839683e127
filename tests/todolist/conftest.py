"""One todolist server per test module (default seed), reset to its seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC): alice (America/New_York) owns lists 1 Work,
2 Personal, 3 Groceries; bob (Europe/London) 4 Work, 5 Home; carol (Europe/Berlin) 6 Design.
Tasks: 1 board deck (due +1d 17:00, a reminder), 2 Q1 budget review (overdue, assigned to bob),
3 offsite venue with subtasks 4 (done), 5 (assigned to bob), 6; 8 SSL renewal (overdue, a sent
reminder); 9 1:1 agenda (a reminder due but not sent); 13 pricing feedback (assigned to carol);
34 water the plants (weekly), 35 pay rent (monthly), 36 vitamins (daily), 37 Lisbon standup
notes (every 2 weeks in Europe/Lisbon, until +60d); 55 carol's design review prep, assigned to
alice. Folders: alice 1 Work, 2 Recipes, 3 Travel, 4 Journal, 5 Archive (empty); bob 6
Finance; carol 7 Design.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from mock_services.core.process import ServiceProcess
from tests.conftest import running_service
from tests.helpers import ApiClient, expect


@pytest.fixture(scope="module")
def todolist_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with running_service("todolist", tmp_path_factory.mktemp("todolist")) as process:
        yield process


@pytest.fixture
def service(todolist_server: ServiceProcess) -> ApiClient:
    """An anonymous client on the shared server, reset to the default seed first."""
    client = ApiClient(todolist_server.url, todolist_server.admin_token)
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
def titles() -> Callable[[ApiClient, dict], list[str]]:
    """The titles of the tasks a query finds."""

    def find(client: ApiClient, params: dict) -> list[str]:
        page = expect(client.get("/api/tasks", params={"per_page": 100, **params}), 200)
        return [t["title"] for t in page["items"]]

    return find
