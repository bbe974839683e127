"""Write ``default_seed.json``: Alice Martin's design studio books over the three months
before the seed's now (2026-03-02): a business checking account, savings and a credit card
with ~150 transactions, customers and vendors, invoices in every state (two matched in part,
some overdue, payments waiting in the bank to be reconciled), budgets (some over), recurring
payments; Bob Chen's small book beside it, and Dave Okafor auditing both.

Run ``python -m mock_services.finance.make_default_seed`` after changing the data below.
"""

from __future__ import annotations

import json
import random
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

NOW = date(2026, 3, 2)
START = NOW - timedelta(days=89)  # three months of history
CHECKING, SAVINGS, CARD, BOBS = 1, 2, 3, 4

CATEGORIES = [
    ("Client payments", "income"), ("Interest", "income"), ("Refunds", "income"),
    ("Groceries", "expense"), ("Dining", "expense"), ("Rent", "expense"),
    ("Utilities", "expense"), ("Software", "expense"), ("Travel", "expense"),
    ("Office supplies", "expense"), ("Transport", "expense"), ("Insurance", "expense"),
    ("Subscriptions", "expense"), ("Entertainment", "expense"), ("Fees", "expense"),
    ("Professional services", "expense"),
    ("Transfer", "transfer"), ("Credit card payment", "transfer"),
]  # fmt: skip
MERCHANTS = [
    ("Whole Foods Market", "Groceries"), ("Trader Joe's", "Groceries"),
    ("Blue Bottle Coffee", "Dining"), ("Sweetgreen", "Dining"), ("Joe's Pizza", "Dining"),
    ("Brookline Properties", "Rent"), ("Con Edison", "Utilities"), ("Verizon", "Utilities"),
    ("Adobe", "Software"), ("Figma", "Software"), ("GitHub", "Software"),
    ("Delta Air Lines", "Travel"), ("Marriott", "Travel"), ("Staples", "Office supplies"),
    ("Uber", "Transport"), ("MTA", "Transport"), ("Lemonade Insurance", "Insurance"),
    ("Netflix", "Subscriptions"), ("Spotify", "Subscriptions"),
    ("AMC Theatres", "Entertainment"), ("Amazon", None), ("Venmo", None),
    ("Northwind Traders", "Client payments"), ("Globex Corporation", "Client payments"),
    ("Initech", "Client payments"), ("Umbrella Health", "Client payments"),
    ("Copperline Printing", "Office supplies"),
    ("Hartley & Co Accountants", "Professional services"),
    ("Brightdesk Coworking", "Rent"), ("Harbor Bank", "Fees"),
    ("Thames Water", "Utilities"), ("Tesco", "Groceries"), ("Acme Logistics", "Client payments"),
]  # fmt: skip
# owner, name, kind, email
CONTACTS = [
    ("alice", "Northwind Traders", "customer", "ap@northwind.example"),
    ("alice", "Globex Corporation", "customer", "billing@globex.example"),
    ("alice", "Initech", "customer", "accounts@initech.example"),
    ("alice", "Umbrella Health", "customer", "finance@umbrella.example"),
    ("alice", "Vandelay Industries", "customer", ""),
    ("alice", "Copperline Printing", "vendor", "billing@copperline.example"),
    ("alice", "Hartley & Co Accountants", "vendor", "office@hartley.example"),
    ("alice", "Brightdesk Coworking", "vendor", "members@brightdesk.example"),
    ("bob", "Acme Logistics", "customer", "payables@acme-logistics.example"),
]  # fmt: skip


def rel(day: date) -> str:
    """A date as the seed writes it, relative to now (``-3d``)."""
    days = (day - NOW).days
    return f"{'+' if days >= 0 else '-'}{abs(days)}d"


def ago(days: int) -> date:
    return NOW - timedelta(days=days)


def monthly(day_of_month: int) -> list[date]:
    """That day of each month inside the three months, up to today."""
    found = []
    for year, month in ((2025, 12), (2026, 1), (2026, 2), (2026, 3)):
        day = date(year, month, day_of_month)
        if START <= day <= NOW:
            found.append(day)
    return found


class Ledger:
    """The transactions being written, per account, with their ids given in the end."""

    def __init__(self) -> None:
        self.rows: dict[int, list[dict[str, Any]]] = {CHECKING: [], SAVINGS: [], CARD: [], BOBS: []}

    def add(
        self, account: int, day: date, cents: int, merchant: str | None, **extra: Any
    ) -> dict[str, Any]:
        row = {"date": day, "amount": cents / 100, "merchant": merchant, **extra}
        self.rows[account].append(row)
        return row

    def numbered(self) -> dict[int, list[dict[str, Any]]]:
        """Each account's rows by date, ids 1, 2, ... through the accounts in order."""
        next_id = 1
        for account in self.rows:
            self.rows[account].sort(key=lambda r: (r["date"], r["amount"]))
            for row in self.rows[account]:
                row["id"], next_id = next_id, next_id + 1
        return self.rows


def history(ledger: Ledger) -> dict[str, dict[str, Any]]:
    """Alice's and Bob's three months; answers the rows invoices' payments point at by name."""
    rng = random.Random(20260302)
    for day in monthly(1):
        ledger.add(CHECKING, day, -215000, "Brookline Properties", memo="Studio rent", recurring=1)
    for day in monthly(5):
        ledger.add(CHECKING, day, -4200, "Lemonade Insurance", recurring=2)
    for day in monthly(15):
        ledger.add(CHECKING, day, -rng.randrange(11800, 18400), "Con Edison")
        ledger.add(CHECKING, day, -50000, None, category="Transfer", memo="To savings", recurring=6)
        ledger.add(SAVINGS, day, 50000, None, category="Transfer", memo="From checking")
    for day in monthly(20):
        ledger.add(CHECKING, day, -8500, "Verizon")
    for day in monthly(28):
        ledger.add(CHECKING, day, -1500, "Harbor Bank", memo="Monthly account fee")
        ledger.add(SAVINGS, day, rng.randrange(1150, 1390), "Harbor Bank", category="Interest")
    for day, paid in zip(monthly(25), (184230, 211575, 196140), strict=False):
        ledger.add(CHECKING, day, -paid, None, category="Credit card payment", memo="Visa payment")
        ledger.add(CARD, day, paid, None, category="Credit card payment", memo="Payment, thank you")
    for day in monthly(10):
        ledger.add(CARD, day, -5999, "Adobe", memo="Creative Cloud", recurring=3)
        ledger.add(CARD, day, -1500, "Figma")
        ledger.add(CARD, day, -400, "GitHub")
    for day in monthly(14):
        ledger.add(CARD, day, -1549, "Netflix")
        ledger.add(CARD, day, -1199, "Spotify", recurring=4)
    day = START
    while day <= NOW - timedelta(days=1):
        if day.weekday() in (1, 5):  # groceries on Tuesdays and Saturdays
            shop = "Whole Foods Market" if day.weekday() == 5 else "Trader Joe's"
            ledger.add(CARD, day, -rng.randrange(4200, 15800), shop)
        if day.weekday() in (0, 2, 3):
            cafe = rng.choice(["Blue Bottle Coffee", "Sweetgreen", "Joe's Pizza"])
            ledger.add(CARD, day, -rng.randrange(650, 2400), cafe)
        if day.weekday() == 4:
            ledger.add(CARD, day, -rng.randrange(1400, 3900), "Uber")
        day += timedelta(days=1)
    for days, cents in ((80, 2399), (47, 6450), (12, 1299)):
        ledger.add(CARD, ago(days), -cents, "Amazon")
    ledger.add(CARD, ago(66), -8640, "Staples", memo="Printer paper and toner")
    ledger.add(CARD, ago(38), -3200, "AMC Theatres")
    ledger.add(CARD, ago(23), -41260, "Delta Air Lines", memo="BOS-NYC client visit")
    ledger.add(CARD, ago(21), -68900, "Marriott", memo="3 nights, Globex workshop")
    ledger.add(CARD, ago(36), 2399, "Amazon", category="Refunds", memo="Return")
    ledger.add(CHECKING, ago(58), -4000, "Venmo", memo="Split dinner")
    ledger.add(CARD, ago(0), -8735, "Whole Foods Market", status="pending")
    ledger.add(CARD, ago(0), -2210, "Uber", status="pending")
    ledger.add(CHECKING, ago(1), -6000, "MTA", status="pending", memo="Monthly pass")
    paying = {
        "northwind-1": ledger.add(CHECKING, ago(52), 480000, "Northwind Traders"),
        "globex-1": ledger.add(CHECKING, ago(41), 600000, "Globex Corporation"),
        "initech-part": ledger.add(CHECKING, ago(20), 100000, "Initech", memo="Part payment"),
        "northwind-part": ledger.add(CHECKING, ago(6), 120000, "Northwind Traders"),
        "copperline-1": ledger.add(CHECKING, ago(33), -64000, "Copperline Printing"),
    }
    # waiting to be reconciled: payments in the bank that match an open invoice
    ledger.add(CHECKING, ago(3), 320000, "Umbrella Health", memo="ACH UMBRELLA HEALTH")
    ledger.add(CHECKING, ago(2), -38550, "Copperline Printing")
    ledger.add(CHECKING, ago(4), 45000, "Venmo", memo="Deposit")
    ledger.add(BOBS, ago(40), -3800, "Thames Water", recurring=7)
    ledger.add(BOBS, ago(10), -3800, "Thames Water", recurring=7)
    ledger.add(BOBS, ago(25), 50000, "Acme Logistics")
    for days, cents in ((30, 6420), (16, 8815), (2, 5130)):
        ledger.add(BOBS, ago(days), -cents, "Tesco")
    return paying


def line(description: str, unit_price: float, quantity: int = 1) -> dict[str, Any]:
    return {"description": description, "quantity": quantity, "unit_price": unit_price}


def invoices(paying: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Alice's invoices in every state (and one of Bob's), INV-0001 to INV-0017."""

    def paid_by(key: str, cents: float | None = None) -> dict[str, Any]:
        row = paying[key]
        return {
            "transaction": row["id"],
            "amount": cents or abs(row["amount"]),
            "paid_on": rel(row["date"]),
            "created_at": f"{rel(row['date'])} 16:00",
        }

    # id, owner, direction, contact, number, issued (days ago), due (days ago), status, lines,
    # payments, memo
    # fmt: off
    table: list[tuple[int, str, str, str, str, int, int, str, list, list, str]] = [
        (1, "alice", "issued", "Northwind Traders", "", 80, 50, "paid",
         [line("Brand identity: logo, palette, type", 4200), line("Brand guidelines PDF", 600)],
         [paid_by("northwind-1")], "Thank you for your business."),
        (2, "alice", "issued", "Globex Corporation", "", 70, 40, "paid",
         [line("Website redesign, phase 1", 6000)], [paid_by("globex-1")], ""),
        (3, "alice", "issued", "Initech", "", 45, 15, "partly_paid",
         [line("Editorial illustrations", 150, 12)], [paid_by("initech-part")],
         "Net 30. Balance of 800.00 outstanding."),
        (4, "alice", "issued", "Umbrella Health", "", 40, 10, "open",
         [line("Annual report layout", 2800), line("Infographics", 200, 2)], [], ""),
        (5, "alice", "issued", "Globex Corporation", "", 20, -10, "open",
         [line("Website redesign, phase 2", 7500)], [], ""),
        (6, "alice", "issued", "Northwind Traders", "", 10, -20, "open",
         [line("Social media kit", 1250)], [], ""),
        (7, "alice", "issued", "Vandelay Industries", "", 2, -28, "draft",
         [line("Logo refresh", 900)], [], ""),
        (8, "alice", "issued", "Initech", "", 1, -29, "draft",
         [line("Business cards, design", 350)], [], ""),
        (9, "alice", "issued", "Globex Corporation", "", 55, 25, "void",
         [line("Design workshop (cancelled)", 1200)], [], "Workshop cancelled by the client."),
        (10, "alice", "issued", "Northwind Traders", "", 14, -16, "partly_paid",
         [line("Catalogue layout", 60, 40)], [paid_by("northwind-part")], ""),
        (11, "alice", "received", "Copperline Printing", "CP-2291", 60, 30, "paid",
         [line("Brochure print run", 0.32, 2000)], [paid_by("copperline-1")], ""),
        (12, "alice", "received", "Hartley & Co Accountants", "HC-0117", 25, -5, "open",
         [line("Q4 bookkeeping", 950), line("Year-end filing", 200)], [], ""),
        (13, "alice", "received", "Brightdesk Coworking", "BD-3098", 32, 18, "open",
         [line("Dedicated desk, February", 450)], [], ""),
        (14, "alice", "received", "Brightdesk Coworking", "BD-3121", 1, -13, "draft",
         [line("Dedicated desk, March", 450)], [], ""),
        (15, "alice", "received", "Copperline Printing", "CP-2344", 15, -15, "open",
         [line("Business cards print", 385.5)], [], ""),
        (16, "alice", "received", "Hartley & Co Accountants", "HC-0098", 75, 45, "void",
         [line("Duplicate bill", 300)], [], "Sent twice; see HC-0117."),
        (17, "bob", "issued", "Acme Logistics", "", 12, -18, "open",
         [line("Route planning consultation", 125, 4)], [], ""),
    ]
    # fmt: on
    return [
        {
            "id": i,
            "owner": owner,
            "direction": direction,
            "contact": contact,
            "number": number,
            "issued_on": rel(ago(issued)),
            "due_on": rel(ago(due)),
            "status": status,
            "memo": memo,
            "created_at": f"{rel(ago(issued))} 10:00",
            "lines": lines,
            "payments": payments,
        }
        for i, owner, direction, contact, number, issued, due, status, lines, payments, memo in (
            table
        )
    ]


# owner, category, month, limit, alert percent
BUDGETS = [
    *[("alice", c, m, limit, 80) for m in (date(2026, 1, 1), date(2026, 2, 1), date(2026, 3, 1))
      for c, limit in (("Groceries", 700), ("Dining", 200), ("Software", 90), ("Transport", 120))],
    ("alice", "Travel", date(2026, 2, 1), 800, 90),
    ("alice", "Subscriptions", date(2026, 2, 1), 30, 80),
    ("alice", "Subscriptions", date(2026, 3, 1), 30, 80),
    ("alice", "Entertainment", date(2026, 1, 1), 50, 80),
    ("bob", "Groceries", date(2026, 2, 1), 120, 75),
    ("bob", "Groceries", date(2026, 3, 1), 120, 75),
]  # fmt: skip
# id, owner, account, payee, category, amount, frequency, next date, status, memo
RECURRING = [
    (1, "alice", CHECKING, "Brookline Properties", "Rent", 2150, "monthly", date(2026, 4, 1),
     "active", "Studio rent"),
    (2, "alice", CHECKING, "Lemonade Insurance", "Insurance", 42, "monthly", date(2026, 3, 5),
     "active", ""),
    (3, "alice", CARD, "Adobe", "Software", 59.99, "monthly", date(2026, 3, 10), "active",
     "Creative Cloud"),
    (4, "alice", CARD, "Spotify", "Subscriptions", 11.99, "monthly", date(2026, 3, 14), "paused",
     ""),
    (5, "alice", CHECKING, "Equinox", "Entertainment", 210, "monthly", None, "cancelled",
     "Gym, cancelled in January"),
    (6, "alice", CHECKING, "Harbor Savings", "Transfer", 500, "monthly", date(2026, 3, 15),
     "active", "To savings"),
    (7, "bob", BOBS, "Thames Water", "Utilities", 38, "monthly", date(2026, 3, 20), "active", ""),
]  # fmt: skip


def spent(rows: dict[int, list[dict[str, Any]]], owner: str, category: str, month: date) -> float:
    """What a budget counts: money out in the category that month (refunds netted)."""
    merchant_category = dict(MERCHANTS)
    accounts = (CHECKING, SAVINGS, CARD) if owner == "alice" else (BOBS,)
    total = sum(
        r["amount"]
        for a in accounts
        for r in rows[a]
        if (r.get("category") or merchant_category.get(r["merchant"])) == category
        and (r["date"].year, r["date"].month) == (month.year, month.month)
    )
    return max(0.0, -total)


def budgets(rows: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The budgets, those past their alert already alerted (as if mailed on the day)."""
    found = []
    for owner, category, month, limit, alert in BUDGETS:
        budget = {
            "owner": owner,
            "category": category,
            "month": rel(month),
            "limit": limit,
            "alert_percent": alert,
        }
        if spent(rows, owner, category, month) * 100 >= limit * alert:
            budget["alerted_at"] = f"{rel(min(NOW, month + timedelta(days=27)))} 18:00"
        found.append(budget)
    return found


def accounts(rows: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    made = [
        (CHECKING, "alice", "Business Checking", "checking", "4821", 8500, 900),
        (SAVINGS, "alice", "Business Savings", "savings", "1207", 20000, 900),
        (CARD, "alice", "Visa Business Card", "credit_card", "9934", -1250.40, 700),
        (BOBS, "bob", "Everyday Checking", "checking", "3310", 2400, 400),
    ]
    return [
        {
            "id": i,
            "owner": owner,
            "name": name,
            "kind": kind,
            "number": number,
            "opening_balance": opening,
            "opened_on": rel(ago(opened)),
            "transactions": [_transaction(r) for r in rows[i]],
        }
        for i, owner, name, kind, number, opening, opened in made
    ]


def _transaction(row: dict[str, Any]) -> dict[str, Any]:
    found = {"id": row["id"], "date": rel(row["date"]), "amount": row["amount"]}
    row["category"] = row.get("category") or dict(MERCHANTS).get(row["merchant"])
    for key in ("merchant", "category", "memo", "status", "recurring"):
        if row.get(key) is not None:
            found[key] = row[key]
    found["created_at"] = f"{rel(row['date'])} 12:00"
    return found


def build() -> dict[str, Any]:
    ledger = Ledger()
    paying = history(ledger)
    rows = ledger.numbered()
    return {
        "users": [
            person("alice").user(role="owner"),
            person("bob").user(role="owner"),
            person("dave").user(role="auditor"),
        ],
        "categories": [{"name": n, "kind": k} for n, k in CATEGORIES],
        "merchants": [{"name": n, **({"category": c} if c else {})} for n, c in MERCHANTS],
        "accounts": accounts(rows),
        "contacts": [{"owner": o, "name": n, "kind": k, "email": e} for o, n, k, e in CONTACTS],
        "invoices": invoices(paying),
        "budgets": budgets(rows),
        "recurring_payments": [
            {
                "id": i,
                "owner": owner,
                "account": account,
                "payee": payee,
                "category": category,
                "amount": amount,
                "frequency": frequency,
                "status": status,
                "memo": memo,
                **({"next_date": rel(next_date)} if next_date else {}),
            }
            for i, owner, account, payee, category, amount, frequency, next_date, status, memo in (
                RECURRING
            )
        ],
    }


def main() -> None:
    path = Path(__file__).with_name("default_seed.json")
    path.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
