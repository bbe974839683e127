"""One Knowledge Base service per test module (its default seed), back to that seed before each
test.

Default seed (now = Monday 2026-03-02 09:00 UTC; built by make_default_seed.py): spaces ENG
(default edit; alice admin, ivan a guest with view), HR (default view; carol admin, judy
edit), SALES (default view; bob admin, grace edit), FIN (no default access; erin admin, heidi
edit, bob view); dave is a site admin. Pages 1-14 ENG (4 Deploy process, 4 versions, watched
by alice, frank, ivan; 5 Deploy process (old), stale; 6 On-call runbook, stale; 12 frank's
draft), 15-24 HR (16 Remote work policy, 2 days, against 17 Hybrid work policy 2026, 3 days;
20 Travel and expense policy, $50 meals, against 36's $75; 24 carol's draft), 25-32 SALES (27
Discount approval matrix, 15%, against 37 Pricing guardrails, 10%; 29 archived), 33-40 FIN
(40 erin's draft).
"""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {
    "alice": "alice-pass",
    "bob": "bob-pass",
    "carol": "carol-pass",
    "dave": "dave-pass",
    "frank": "frank-pass",
    "grace": "grace-pass",
    "ivan": "ivan-pass",
}

globals().update(
    service_fixtures("kb", PASSWORDS, server="kb_server", client="service", db="kb_db")
)
