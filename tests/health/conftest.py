"""One health service for the whole folder (default seed), reset to its seed before each
test.

Default seed (now = Monday 2026-03-02 09:00 in New York, 14:00 UTC: the service's default
clock, America/New_York): alice, bob, carol, dave.
Alice takes Vitamin D3 at 08:00 (today's dose not marked); bob Lisinopril 08:00 and Metformin
08:00/20:00; alice's custom food "alice-overnight-oats"; appointments APT-000002 (alice,
dentist, Thursday 10:00) and APT-000004 (bob, cardiology, +8d 11:00) are scheduled.
"""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass"}

globals().update(
    service_fixtures("health", PASSWORDS, server="health_server", client="service", scope="package")
)
