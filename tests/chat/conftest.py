"""One Chat service per test module (its default seed), back to that seed before each test.

Default seed: alice owns items 1 Renew the passport (due +14d), 2 Book the dentist (due +3d),
3 Return the library books (done); bob owns 4 Fix the bike light (due +2d).
"""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass"}

globals().update(
    service_fixtures("chat", PASSWORDS, server="chat_server", client="service", db="chat_db")
)
