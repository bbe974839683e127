"""One Finance service per test module (its default seed), back to that seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC; built by make_default_seed.py): alice owns
accounts 1 Business Checking, 2 Business Savings, 3 Visa Business Card (transactions 1-141;
140-141 pending on the card, 31 pending on checking; 50, 85, 99, 129 Amazon, uncategorised
but the refund 99); bob owns 4 Everyday Checking
(transactions 142-147); dave is the auditor. Invoices: INV-0001/0002/0011 paid, INV-0003
partly paid and overdue, INV-0004 open and overdue (transaction 27, +3,200.00 from Umbrella
Health, matches it), INV-0005/0006/0012/0015 open (transaction 28, -385.50 to Copperline
Printing, matches INV-0015), INV-0007/0008/0014 drafts, INV-0009/0016 void, INV-0010 partly
paid, INV-0013 overdue, INV-0017 bob's. Budgets of March (ids 9-12, 15): Groceries 700 (87.35
spent), Dining 200, Software 90, Transport 120, Subscriptions 30. Recurring payments 1-6
alice's (4 paused, 5 cancelled), 7 bob's.
"""

from __future__ import annotations

from tests.service_fixtures import service_fixtures

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "dave": "dave-pass"}

globals().update(
    service_fixtures(
        "finance", PASSWORDS, server="finance_server", client="service", db="finance_db"
    )
)
