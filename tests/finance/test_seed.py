"""The Finance seed: the export of a seeded document seeds the same DB again, totals are
computed from the lines and payments, and a name that matches nothing is refused by its path."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.helpers import db_dump

SPEC = get_spec("finance")


def test_the_default_world_round_trips(tmp_path: Path) -> None:
    first, second = Settings(data_dir=tmp_path / "a"), Settings(data_dir=tmp_path / "b")
    seed_service(SPEC, SPEC.default_seed(), first)
    exported = export_service(SPEC, first)
    seed_service(SPEC, exported, second)
    assert db_dump(tmp_path / "a" / "finance.db") == db_dump(tmp_path / "b" / "finance.db")
    assert sum(len(a["transactions"]) for a in exported["accounts"]) == 147
    assert {i.get("status", "draft") for i in exported["invoices"]} == {
        "draft", "open", "partly_paid", "paid", "void"
    }  # fmt: skip


def test_invoice_totals_come_from_the_lines_and_payments(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    seed_service(SPEC, SPEC.default_seed(), settings)
    [invoice] = [i for i in export_service(SPEC, settings)["invoices"] if i["id"] == 3]
    assert sum(line["quantity"] * line["unit_price"] for line in invoice["lines"]) == 1800
    assert [p["amount"] for p in invoice["payments"]] == [1000]


def test_a_transaction_without_a_category_takes_its_merchants(tmp_path: Path) -> None:
    """As the API does (POST /api/transactions names a merchant, its category follows)."""
    document = copy.deepcopy(SPEC.default_seed())
    document["accounts"][0]["transactions"] += [
        {"id": 900, "date": "-2d", "amount": -10.0, "merchant": "Con Edison"},
        {"id": 901, "date": "-2d", "amount": -10.0, "merchant": "Con Edison", "category": "Fees"},
        {"id": 902, "date": "-2d", "amount": -10.0, "merchant": "Amazon"},  # it has none
        {"id": 903, "date": "-2d", "amount": -10.0},
    ]
    settings = Settings(data_dir=tmp_path)
    seed_service(SPEC, document, settings)
    exported = export_service(SPEC, settings)
    categories = {
        t["id"]: t.get("category")
        for t in exported["accounts"][0]["transactions"]
        if t["id"] >= 900
    }
    assert categories == {900: "Utilities", 901: "Fees", 902: None, 903: None}


@pytest.mark.parametrize(
    ("where", "value", "named"),
    [("merchants", {"name": "Zed", "category": "Nope"}, "Nope"),
     ("contacts", {"owner": "zoe", "name": "Zed", "kind": "vendor"}, "zoe")],
)  # fmt: skip
def test_an_unknown_name_is_refused_naming_it(
    tmp_path: Path, where: str, value: dict, named: str
) -> None:
    document = copy.deepcopy(SPEC.default_seed())
    document[where].append(value)
    with pytest.raises(SeedError, match=named):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
    assert not (tmp_path / "finance.db").exists()
