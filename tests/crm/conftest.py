"""One CRM service per test module (its default seed), back to that seed before each test.

Default seed (now is Mon 2 Mar 2026 09:00 UTC; ``mock_services/crm/make_default_seed.py``):
reps alice (North America East), bob (EMEA), dave, erin, kenji and the manager carol.
Accounts CUS-001 Acme Corporation (alice; contacts 1 Jane Doe, primary, and 2 Raj Patel;
deals 1 negotiation and 2 proposal) and its duplicate CUS-021 ACME Corp. (erin, domain
www.acme.com, contact 28 Jane.Doe@ACME.com); CUS-002 Globex (alice, contacts 3 and 4, deals 3
and 4); CUS-004 Initrode (dave, a look-alike of Initech CUS-003, no duplicate); CUS-012
Northwind (bob, contact 16). Contacts 37 and 38 have no account. Lead 1 Olivia Reyes (erin,
new, Quantum Leap Labs) has a duplicate, lead 8 (bob); lead 7 is unqualified, lead 18
converted. Won in Q1: 6 deals; lost: 4.
"""

from __future__ import annotations

from mock_services.crm.make_default_seed import USERS
from tests.service_fixtures import service_fixtures

PASSWORDS = {username: f"{username}-pass" for username, *_ in USERS}

globals().update(
    service_fixtures("crm", PASSWORDS, server="crm_server", client="service", db="crm_db")
)
