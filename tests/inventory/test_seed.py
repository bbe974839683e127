"""The Inventory seed: a document seeds the DB, the export gives the same document back, a
bin's reserved stock is summed from the reservations, and bad references are refused naming
them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.inventory.make_default_seed import seed
from mock_services.registry import get_spec

SPEC = get_spec("inventory")
HASH = "pbkdf2_sha256$2000$c2FsdA$" + "0" * 64
DOCUMENT: dict[str, Any] = {
    "users": [
        {
            "username": "dana",
            "password_hash": HASH,
            "display_name": "Dana Ito",
            "email": "dana@example.com",
            "role": "manager",
        },
        {
            "username": "sam",
            "password_hash": HASH,
            "display_name": "Sam Roe",
            "email": "sam@example.com",
            "role": "sales",
        },
    ],
    "suppliers": [{"name": "Acme Parts", "email": "orders@acme.example", "lead_time_days": 3}],
    "products": [
        {
            "sku": "SKU-001",
            "name": "Widget",
            "unit": "box",
            "cost": 2.5,
            "price": 6.0,
            "supplier": "Acme Parts",
            "reorder_point": 10,
            "reorder_quantity": 50,
        },
        {"sku": "SKU-002", "name": "Gadget", "active": False},
    ],
    "warehouses": [
        {"code": "MAIN", "name": "Main", "bins": [{"code": "M-1"}, {"code": "M-2"}]},
    ],
    "stock": [
        {"sku": "SKU-001", "bin": "M-1", "on_hand": 30},
        {"sku": "SKU-001", "bin": "M-2", "on_hand": 4},
    ],
    "moves": [
        {
            "kind": "receipt",
            "sku": "SKU-001",
            "to_bin": "M-1",
            "quantity": 30,
            "reference": "PO-7",
            "user": "dana",
            "created_at": "-2d 10:00",
        },
        {
            "kind": "adjustment",
            "sku": "SKU-001",
            "from_bin": "M-2",
            "quantity": 1,
            "reason": "damage",
            "created_at": "-1d 10:00",
        },
    ],
    "purchase_orders": [
        {
            "id": 7,
            "supplier": "Acme Parts",
            "warehouse": "MAIN",
            "status": "received",
            "created_by": "dana",
            "expected_date": "-2d",
            "created_at": "-5d 09:00",
            "sent_at": "-5d 09:30",
            "received_at": "-2d 10:00",
            "lines": [
                {"sku": "SKU-001", "quantity": 30, "received_quantity": 30, "unit_cost": 2.5}
            ],
        },
    ],
    "sales_orders": [
        {
            "id": 9,
            "customer": "Bolt Ltd",
            "warehouse": "MAIN",
            "owner": "sam",
            "status": "confirmed",
            "created_at": "-1d 09:00",
            "confirmed_at": "-1d 09:05",
            "lines": [
                {
                    "sku": "SKU-001",
                    "quantity": 26,
                    "unit_price": 6.0,
                    "reservations": [{"bin": "M-1", "quantity": 24}, {"bin": "M-2", "quantity": 2}],
                }
            ],
        },
    ],
    "alerts": [
        {
            "sku": "SKU-001",
            "available": 8,
            "reorder_point": 10,
            "reference": "SO-9",
            "created_at": "-1d 09:05",
        },
    ],
}
"""As the export writes it: defaults left out, dates relative to the seed's now (09:00)."""


def test_the_export_is_the_document_seeded(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    seed_service(SPEC, DOCUMENT, settings)
    exported = export_service(SPEC, settings)
    for section, rows in DOCUMENT.items():
        assert exported[section] == rows, section
    with sqlite3.connect(tmp_path / "inventory.db") as db:
        levels = db.execute("SELECT on_hand, reserved FROM stock_levels ORDER BY id").fetchall()
    assert levels == [(30, 24), (4, 2)]


def test_the_default_data_is_what_its_builder_writes() -> None:
    on_disk = json.loads(
        (Path(__file__).parents[2] / "mock_services/inventory/default_seed.json").read_text()
    )
    assert on_disk == seed(), "run python -m mock_services.inventory.make_default_seed"
    assert len(on_disk["products"]) == 40 and len(on_disk["warehouses"]) == 2


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (("products", 0, "supplier"), "Nobody Inc", "products"),
        (("stock", 0, "bin"), "M-9", "stock"),
        (("purchase_orders", 0, "warehouse"), "SIDE", "purchase_orders"),
        (("sales_orders", 0, "owner"), "zoe", "sales_orders"),
        (("moves", 0, "sku"), "SKU-404", "moves"),
    ],
)
def test_an_unknown_reference_is_refused_naming_it(
    tmp_path: Path, path: tuple[Any, ...], value: str, named: str
) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    section, row, field = path
    document[section][row][field] = value
    with pytest.raises(SeedError, match=f"{named}.*{value}"):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
    assert not (tmp_path / "inventory.db").exists()


def test_reservations_beyond_a_bins_stock_are_refused(tmp_path: Path) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    document["sales_orders"][0]["lines"][0]["reservations"][1]["quantity"] = 5
    with pytest.raises(SeedError, match=r"reservations hold 5 .* which has 4 on hand"):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
