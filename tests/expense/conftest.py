"""One expense server per test module, put back to its seeded state before every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mock_services.core.process import ServiceProcess
from tests.conftest import running_service
from tests.helpers import ApiClient, expect


@pytest.fixture(scope="module")
def expense_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with running_service("expense", tmp_path_factory.mktemp("expense")) as process:
        yield process


@pytest.fixture
def expense(expense_process: ServiceProcess) -> ApiClient:
    """An anonymous client on a freshly reset expense service (the default seed)."""
    client = ApiClient(expense_process.url, expense_process.admin_token)
    expect(client.admin("POST", "/admin/reset"), 200)
    return client


@pytest.fixture
def alice(expense: ApiClient) -> ApiClient:
    """An employee (Sales)."""
    return expense.as_user("alice", "alice-pass")


@pytest.fixture
def bob(expense: ApiClient) -> ApiClient:
    """An approver (Sales)."""
    return expense.as_user("bob", "bob-pass")


@pytest.fixture
def carol(expense: ApiClient) -> ApiClient:
    """A finance user."""
    return expense.as_user("carol", "carol-pass")


def new_draft(client: ApiClient, *items: dict) -> dict:
    """A fresh draft of ``client`` with ``items`` added."""
    report = expect(client.post("/api/reports", json={"title": "Client trip"}), 201)
    for item in items:
        expect(client.post(f"/api/reports/{report['id']}/items", json=item), 201)
    return expect(client.get(f"/api/reports/{report['id']}"), 200)


TAXI = {"spent_on": "2026-02-27", "merchant": "Yellow Cab", "category": "ground-transport",
        "amount": 18.4}  # fmt: skip
DINNER_EUR = {"spent_on": "2026-02-26", "merchant": "Brasserie Lipp", "category": "meals",
              "amount": 92.5, "currency": "EUR"}  # fmt: skip
