"""One email service per test module, reset to its seed before each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_services.core.process import ServiceProcess
from tests.conftest import running_service
from tests.helpers import ApiClient, expect

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "carol": "carol-pass", "dave": "dave-pass"}


class Mail:
    """A live email service and logged-in clients for the default seed's accounts."""

    def __init__(self, process: ServiceProcess, data_dir: Path) -> None:
        self.process = process
        self.data_dir = data_dir
        self.admin = ApiClient(process.url, process.admin_token)
        self._clients: dict[str, ApiClient] = {}

    def user(self, name: str) -> ApiClient:
        if name not in self._clients:
            self._clients[name] = self.admin.as_user(name, PASSWORDS[name])
        return self._clients[name]

    def find(self, who: str, **params: object) -> list[dict]:
        """Messages of ``who`` matching the list filters (all folders but trash/spam by default)."""
        return expect(self.user(who).get("/api/messages", params={"per_page": 100, **params}), 200)[
            "items"
        ]


@pytest.fixture(scope="module")
def mail_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Mail]:
    data_dir = tmp_path_factory.mktemp("email") / "mock-data"
    with running_service("email", data_dir) as process:
        yield Mail(process, data_dir)


@pytest.fixture
def mail(mail_service: Mail) -> Mail:
    expect(mail_service.admin.admin("POST", "/admin/reset"), 200)
    return mail_service
