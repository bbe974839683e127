"""The guide's example values: an argument naming a seeded thing takes a value from the table
its path names."""

from __future__ import annotations

from mock_services.core.seeding.seeded_values import SeededValues


def test_a_hyphenated_path_segment_names_its_underscored_table() -> None:
    values = SeededValues(
        tables={
            "warehouses": [{"id": 1, "code": "EAST"}],
            "purchase_orders": [{"id": 7, "code": "PO-7"}],
        },
        foreign_keys={},
        caller_id=None,
    )
    assert values.arguments("/api/purchase-orders/{code}/send", ["code"]) == {"code": "PO-7"}
