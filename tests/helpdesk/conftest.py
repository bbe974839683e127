"""One Helpdesk service per test module (its default seed), back to that seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC; built by make_default_seed.py): agents alice,
grace (Tier 1 Support), bob (Billing), carol (Technical Escalations), frank (Onsite IT), dave
(admin, no group), erin (light agent, Tier 1). SLA: urgent 60/240 min, high 240/1440, normal
480/4320, low 1440/10080. Tickets TK-1001 to TK-1036: 1001 new urgent CRM login (-3h, no reply:
first reply breached), 1002 its duplicate from Tom Becker (new, high); 1003 open, frank; 1004
open, bob, Billing; 1006 open VPN ticket of sam.lee (alice) and 1007 its duplicate (new);
1009 open urgent (carol, no public reply); 1010 on-hold; 1013 solved, rated good; 1016 closed;
1017 closed, merged into 1016; 1024 new (-1h); 1031 new (-30m). Macros 1 Take it, 2 Customer
not responding, 3 Escalate to Technical Escalations, 4 Billing: refund issued, 5 Password reset
instructions, 6 Downgrade and inform.
"""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {
    "alice": "alice-pass",
    "bob": "bob-pass",
    "carol": "carol-pass",
    "dave": "dave-pass",
    "erin": "erin-pass",
}

globals().update(
    service_fixtures(
        "helpdesk", PASSWORDS, server="helpdesk_server", client="service", db="helpdesk_db"
    )
)
