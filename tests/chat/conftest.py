"""One Chat service per test module (its default seed), back to that seed before each test.

Default seed (Northwind Labs; now is Monday 2026-03-02 09:00 UTC): conversations 1 #general,
2 #random, 3 #atlas-launch (alice, bob, carol, dave, frank, grace; alice has read it up to -3h,
so 4 messages by others are unread), 4 #leadership (private: alice, dave, erin), 5 #offsite-2025
(archived), 6 dm alice-bob (2 unread for alice), 7 dm alice-dave, 8 group dm alice-carol-frank,
9 dm dave-frank (alice cannot see it). erin and grace are not in #atlas-launch / #leadership
respectively. Message 1 is erin's expense reminder in #general.
"""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {u: f"{u}-pass" for u in ("alice", "bob", "carol", "dave", "erin", "frank", "grace")}

globals().update(
    service_fixtures("chat", PASSWORDS, server="chat_server", client="service", db="chat_db")
)
