"""One shop per test module (the default seed), put back to its seeded state before every test."""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "carol": "carol-pass"}

globals().update(
    service_fixtures("shop", PASSWORDS, server="shop_process", client="shop", db="shop_db")
)
