"""The expense seed document: errors that name the JSON path, computed columns, round trips."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.expense.service import SPEC


def minimal() -> dict[str, Any]:
    person = {"password": "pw", "display_name": "X", "email": "x@example.test"}
    return {
        "company": {"name": "Acme", "base_currency": "EUR", "receipt_required_above": 50},
        "currencies": [
            {"code": "EUR", "name": "Euro", "rate": 1},
            {"code": "USD", "name": "US dollar", "rate": 0.925},
        ],
        "categories": [{"slug": "meals", "name": "Meals", "limit": 40}],
        "users": [
            {**person, "username": "ann"},
            {**person, "username": "ben", "role": "approver"},
            {**person, "username": "cat", "role": "finance"},
        ],
        "reports": [
            {
                "owner": "ann",
                "title": "Lunch",
                "status": "reimbursed",
                "created_at": "-5d 09:00",
                "submitted_at": "-5d 10:00",
                "reviewed_by": "ben",
                "reviewed_at": "-4d 10:00",
                "reimbursed_by": "cat",
                "reimbursed_at": "-3d 10:00",
                "items": [
                    {"spent_on": "-6d", "merchant": "Deli", "category": "meals", "amount": 12.5},
                    {
                        "spent_on": "-6d",
                        "merchant": "Diner",
                        "category": "meals",
                        "amount": 45.55,
                        "currency": "USD",
                        "receipts": [{"filename": "diner.txt", "text": "45.55 USD"}],
                    },
                ],
            }
        ],
    }


def seed(tmp_path: Path, document: dict[str, Any]) -> Settings:
    settings = Settings(data_dir=tmp_path / "data")
    seed_service(SPEC, document, settings)
    return settings


def rows(settings: Settings, sql: str) -> list[tuple]:
    with sqlite3.connect(settings.db_path("expense")) as conn:
        return conn.execute(sql).fetchall()


def test_seeding_converts_totals_and_flags(tmp_path: Path) -> None:
    settings = seed(tmp_path, minimal())
    # 45.55 USD at 0.925 = 42.13375 EUR -> 4213 cents, above the 40.00 meals limit
    assert rows(settings, "SELECT amount_cents, currency, base_cents, over_limit FROM items") == [
        (1250, "EUR", 1250, 0),
        (4555, "USD", 4213, 1),
    ]
    assert rows(settings, "SELECT code, status, total_cents FROM reports") == [
        ("EXP-1001", "reimbursed", 5463)
    ]
    assert rows(settings, "SELECT filename, size FROM receipts") == [("diner.txt", 9)]


def test_export_seeds_back_identically(tmp_path: Path) -> None:
    first = seed(tmp_path / "a", minimal())
    exported = export_service(SPEC, first)
    second = seed(tmp_path / "b", exported)
    assert export_service(SPEC, second) == exported
    assert (first.db_path("expense").read_bytes()) == second.db_path("expense").read_bytes()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return change


BAD_SEEDS = [
    ("reports.0.owner", "zed", "expense.reports[0].owner: unknown user 'zed'"),
    ("reports.0.items.0.category", "spa", "expense.reports[0].items[0].category: unknown category"),
    ("reports.0.items.1.currency", "XAU", "expense.reports[0].items[1].currency: unknown currency"),
    ("reports.0.items.0.amount", 1.005, "expense.reports[0].items[0].amount: expected at most 2"),
    ("reports.0.items.0.amount", 0, "expense.reports[0].items[0].amount: Input should be greater"),
    ("currencies.1.rate", 0.1234567, "expense.currencies[1].rate: expected at most 6 decimals"),
    ("currencies.0.rate", 1.1, "expense.company.base_currency: the base currency 'EUR' must be"),
    ("company.base_currency", "GBP", "'GBP' must be listed in currencies with rate 1 (not listed)"),
    ("users.0.role", "boss", "expense.users[0].role: Input should be 'employee', 'approver'"),
    (
        "reports.0.reimbursed_at",
        None,
        "expense.reports[0]: a reimbursed report needs reimbursed_at",
    ),
    ("reports.0.status", "draft", "expense.reports[0]: a draft report has no submitted_at"),
    ("reports.0.reviewed_by", "cat", "expense.reports[0].reviewed_by: 'cat' is 'finance', not"),
    ("reports.0.reviewed_by", "nobody", "expense.reports[0].reviewed_by: unknown user 'nobody'"),
    ("reports.0.owner", "ben", "expense.reports[0].reviewed_by: 'ben' owns the report"),
    ("reports.0.created_at", "lately", "expense.reports[0].created_at: 'lately' is not a date"),
    ("reports.0.items.1.receipts.0.text", None, "give exactly one of 'text' or 'content_base64'"),
    ("categories.0.colour", "red", "expense.categories[0].colour: Extra inputs are not permitted"),
]


@pytest.mark.parametrize(
    ("path", "value", "message"), BAD_SEEDS, ids=[f"{b[0]}={b[1]}" for b in BAD_SEEDS]
)
def test_bad_seeds_name_the_json_path_and_the_problem(
    tmp_path: Path, path: str, value: Any, message: str
) -> None:
    document = minimal()
    _set(path, value)(document)
    with pytest.raises(SeedError) as caught:
        seed(tmp_path, document)
    assert message in str(caught.value)
    assert not (tmp_path / "data" / "expense.db").exists(), "a bad seed must leave no DB behind"


def test_pinned_ids_and_codes_are_kept_and_checked(tmp_path: Path) -> None:
    document = minimal()
    report = document["reports"][0]
    report.update(id=40, code="TRIP-7")
    report["items"][0]["id"] = 9
    settings = seed(tmp_path, document)
    assert rows(settings, "SELECT id, code FROM reports") == [(40, "TRIP-7")]
    assert rows(settings, "SELECT id FROM items ORDER BY id") == [(1,), (9,)]
    report["items"][1]["id"] = 9
    with pytest.raises(SeedError, match=r"items\[1\]\.id: id 9 is already pinned at"):
        seed(tmp_path / "again", document)
