"""One shop server per test module, put back to its seeded state before every test."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator

import pytest

from mock_services.core.process import ServiceProcess
from tests.conftest import running_service
from tests.helpers import ApiClient, expect

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "carol": "carol-pass"}


@pytest.fixture(scope="module")
def shop_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with running_service("shop", tmp_path_factory.mktemp("shop")) as process:
        yield process


@pytest.fixture
def shop(shop_process: ServiceProcess) -> ApiClient:
    """An anonymous client on a freshly reset shop (the default seed)."""
    client = ApiClient(shop_process.url, shop_process.admin_token)
    expect(client.admin("POST", "/admin/reset"), 200)
    return client


def login(shop: ApiClient, username: str) -> ApiClient:
    return shop.as_user(username, PASSWORDS[username])


@pytest.fixture
def alice(shop: ApiClient) -> ApiClient:
    return login(shop, "alice")


@pytest.fixture
def bob(shop: ApiClient) -> ApiClient:
    return login(shop, "bob")


@pytest.fixture
def carol(shop: ApiClient) -> ApiClient:
    return login(shop, "carol")


@pytest.fixture
def shop_db(shop_process: ServiceProcess) -> Callable[[str], list[tuple]]:
    """Run a read-only query on the served DB, as a verifier does."""

    def query(sql: str) -> list[tuple]:
        with sqlite3.connect(f"file:{shop_process.data_dir / 'shop.db'}?mode=ro", uri=True) as db:
            return db.execute(sql).fetchall()

    return query
