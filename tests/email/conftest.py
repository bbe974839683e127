"""One email service per test module, reset to its seed before each test."""

from __future__ import annotations

import pytest

from tests.helpers import ApiClient, expect
from tests.service_fixtures import ServedService, service_fixtures

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "carol": "carol-pass", "dave": "dave-pass"}

globals().update(service_fixtures("email", {}, server="email_server", client="service"))


class Mail:
    """An email service and logged-in clients for the default seed's accounts."""

    def __init__(self, served: ServedService) -> None:
        self.process = served  # its ``url`` is what other services deliver to
        self.data_dir = served.data_dir
        self.admin = served.client()
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
def mail_service(served_service: ServedService) -> Mail:
    return Mail(served_service)


@pytest.fixture
def mail(mail_service: Mail) -> Mail:
    expect(mail_service.admin.admin("POST", "/admin/reset"), 200)
    return mail_service
