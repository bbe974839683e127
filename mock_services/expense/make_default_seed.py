"""Writes ``default_seed.json``: a mid-sized company's expense reports around ``now``.

Run ``python -m mock_services.expense.make_default_seed`` after changing it; the output is
committed, so the generator's randomness (a fixed-seed ``random.Random``) never reaches a DB.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from mock_services.core.base.cast import person

PEOPLE = [  # username (the cast's), role, department
    ("alice", "employee", "Sales"),
    ("bob", "approver", "Sales"),
    ("carol", "finance", "Finance"),
    ("dave", "employee", "Engineering"),
    ("erin", "employee", "Marketing"),
    ("frank", "employee", "Engineering"),
    ("grace", "approver", "Engineering"),
    ("heidi", "employee", "Sales"),
    ("ivan", "employee", "Support"),
    ("judy", "finance", "Finance"),
    ("kenji", "employee", "Marketing"),
    ("lena", "employee", "Sales"),
]
CURRENCIES = [
    ("USD", "US dollar", 1.0),
    ("EUR", "Euro", 1.08),
    ("GBP", "Pound sterling", 1.27),
    ("JPY", "Japanese yen", 0.0067),
    ("CAD", "Canadian dollar", 0.74),
    ("CHF", "Swiss franc", 1.13),
]
CATEGORIES = [
    ("airfare", "Airfare", 1500.0),
    ("lodging", "Lodging", 400.0),
    ("meals", "Meals", 75.0),
    ("ground-transport", "Ground transport", 120.0),
    ("client-entertainment", "Client entertainment", 250.0),
    ("conference-fees", "Conference fees", 1200.0),
    ("office-supplies", "Office supplies", 150.0),
    ("software", "Software & subscriptions", 500.0),
    ("other", "Other", None),
]
# (title, purpose, currency, [(category, merchant, description, low, high)])
TRIPS = [
    ("Berlin customer visit", "Quarterly review with Kraftwerk Logistik", "EUR", "berlin"),
    ("London partner summit", "Partner summit and two customer dinners", "GBP", "london"),
    ("Tokyo trade fair", "Booth staffing at the Smart Factory expo", "JPY", "tokyo"),
    ("Toronto onboarding", "Onboarding the new Toronto support team", "CAD", "toronto"),
    ("Zurich bank workshop", "Security workshop at the client's office", "CHF", "zurich"),
    ("Chicago sales kickoff", "Annual sales kickoff", "USD", "chicago"),
    ("Austin developer conference", "Talk and booth at DevWorld", "USD", "austin"),
    ("Home office setup", "Equipment for working from home", "USD", "office"),
    ("Team offsite Boston", "Two-day planning offsite", "USD", "boston"),
]
MERCHANTS = {
    "berlin": [
        ("airfare", "Lufthansa", "Return flight", 420, 780),
        ("lodging", "Hotel Adlon", "Two nights", 380, 620),
        ("meals", "Café Einstein", "Lunch with customer", 28, 95),
        ("ground-transport", "Taxi Berlin", "Airport to hotel", 35, 70),
    ],
    "london": [
        ("airfare", "British Airways", "Return flight", 380, 900),
        ("lodging", "The Hoxton", "Three nights", 450, 700),
        ("client-entertainment", "Dishoom", "Dinner with partners", 120, 260),
        ("ground-transport", "Transport for London", "Oyster top-up", 20, 40),
    ],
    "tokyo": [
        ("airfare", "ANA", "Return flight", 140000, 220000),
        ("lodging", "Park Hotel Tokyo", "Four nights", 60000, 95000),
        ("meals", "Ichiran Ramen", "Team dinner", 3800, 12000),
        ("conference-fees", "Smart Factory Expo", "Booth fee", 90000, 160000),
    ],
    "toronto": [
        ("airfare", "Air Canada", "Return flight", 450, 900),
        ("lodging", "Fairmont Royal York", "Two nights", 400, 650),
        ("meals", "Tim Hortons", "Breakfast meeting", 18, 45),
        ("ground-transport", "Uber", "Rides to the office", 25, 80),
    ],
    "zurich": [
        ("airfare", "Swiss", "Return flight", 350, 700),
        ("lodging", "Hotel Schweizerhof", "One night", 290, 480),
        ("meals", "Zeughauskeller", "Dinner", 45, 110),
    ],
    "chicago": [
        ("airfare", "United Airlines", "Return flight", 280, 520),
        ("lodging", "Hyatt Regency Chicago", "Three nights", 520, 840),
        ("meals", "Giordano's", "Team lunch", 40, 140),
        ("ground-transport", "Lyft", "Airport transfer", 38, 65),
    ],
    "austin": [
        ("conference-fees", "DevWorld Conference", "Conference pass", 650, 1400),
        ("lodging", "Hotel San José", "Two nights", 360, 560),
        ("meals", "Franklin Barbecue", "Lunch", 22, 68),
    ],
    "office": [
        ("office-supplies", "Staples", "Desk accessories", 25, 180),
        ("software", "JetBrains", "IDE licence", 89, 249),
        ("other", "IKEA", "Desk chair", 149, 329),
    ],
    "boston": [
        ("lodging", "Omni Parker House", "Two nights", 420, 610),
        ("client-entertainment", "Legal Sea Foods", "Dinner with the board", 180, 320),
        ("ground-transport", "Amtrak", "Train from New York", 90, 160),
    ],
}
STATUSES = [
    "draft",
    "submitted",
    "submitted",
    "approved",
    "rejected",
    "reimbursed",
    "reimbursed",
    "reimbursed",
]
REJECT_NOTES = [
    "Hotel above the city rate; please justify or split the stay.",
    "Alcohol is not reimbursable; remove it from the dinner.",
    "Missing attendee names for the client dinner.",
]


def _receipt(merchant: str, amount: float, currency: str, day: int) -> dict[str, Any]:
    slug = merchant.lower().replace(" ", "-").replace("'", "")
    return {
        "filename": f"receipt-{slug}.txt",
        "text": f"{merchant}\nDate: {day} days ago\nTotal: {amount:.2f} {currency}\nThank you!",
    }


def _items(rng: random.Random, trip: str, currency: str, start: int) -> list[dict[str, Any]]:
    items = []
    for category, merchant, description, low, high in rng.sample(
        MERCHANTS[trip], k=min(len(MERCHANTS[trip]), rng.randint(2, 4))
    ):
        value = round(rng.uniform(low, high), 0 if currency == "JPY" else 2)
        day = start - rng.randint(0, 3)
        item: dict[str, Any] = {
            "spent_on": f"-{day}d",
            "merchant": merchant,
            "description": description,
            "category": category,
            "amount": value,
        }
        if currency != "USD":
            item["currency"] = currency
        if rng.random() < 0.85:
            item["receipts"] = [_receipt(merchant, value, currency, day)]
        items.append(item)
    return items


def _report(rng: random.Random, n: int, owner: str, status: str) -> dict[str, Any]:
    title, purpose, currency, trip = TRIPS[n % len(TRIPS)]
    age = 3 + (36 - n) * 3
    report: dict[str, Any] = {
        "owner": owner,
        "title": title,
        "purpose": purpose,
        "status": status,
        "created_at": f"-{age}d 0{rng.randint(8, 9)}:{rng.choice(['05', '20', '40'])}",
        "items": _items(rng, trip, currency, age + 1),
    }
    if status != "draft":
        report["submitted_at"] = f"-{age - 1}d 17:30"
        for item in report["items"]:  # a submitted report had every receipt it needed
            receipt = _receipt(item["merchant"], item["amount"], currency, age)
            item.setdefault("receipts", [receipt])
    if status in ("approved", "rejected", "reimbursed"):
        department = next(p[2] for p in PEOPLE if p[0] == owner)
        order = ["bob", "grace"] if department in ("Sales", "Marketing") else ["grace", "bob"]
        report["reviewed_by"] = next(a for a in order if a != owner)
        report["reviewed_at"] = f"-{age - 2}d 10:15"
    if status == "rejected":
        report["review_note"] = REJECT_NOTES[n % len(REJECT_NOTES)]
    if status == "reimbursed":
        report["reimbursed_by"] = "carol" if n % 2 else "judy"
        report["reimbursed_at"] = f"-{max(age - 5, 1)}d 14:00"
        report["reimbursement_reference"] = f"ACH-{20260000 + n * 37}"
    return report


def build() -> dict[str, Any]:
    rng = random.Random(20260302)
    employees = [p[0] for p in PEOPLE if p[0] not in ("bob", "grace", "carol", "judy")]
    reports = []
    for n in range(36):
        owner = employees[n % len(employees)] if n % 9 else ("bob" if n % 2 else "grace")
        reports.append(_report(rng, n, owner, STATUSES[(n + n // 8) % len(STATUSES)]))
    return {
        "company": {
            "name": "Northwind Traders",
            "base_currency": "USD",
            "receipt_required_above": 25.0,
        },
        "currencies": [{"code": c, "name": name, "rate": r} for c, name, r in CURRENCIES],
        "categories": [
            {"slug": s, "name": name, **({"limit": limit} if limit is not None else {})}
            for s, name, limit in CATEGORIES
        ],
        "users": [
            person(u).user(role=role, department=department) for u, role, department in PEOPLE
        ],
        "reports": reports,
    }


if __name__ == "__main__":
    target = Path(__file__).with_name("default_seed.json")
    target.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
