"""A seed error points at the bad row: the JSON path and its line in seed.json, and for an
unknown field the fields it may have meant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mock_services.core.base.seed_errors import line_of
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, TaskSeed
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec

DOCUMENT = {
    "now": "2026-03-02T09:00:00Z",
    "logins": ["alice"],
    "shop": {
        "users": [
            {"username": "alice", "password": "alice-pass"},
            {"usrname": "bob", "password": "bob-pass"},
        ]
    },
}


def test_line_of_finds_keys_rows_and_the_deepest_part_present() -> None:
    text = json.dumps(DOCUMENT, indent=2)
    lines = text.splitlines()
    assert '"usrname"' in lines[line_of(text, ["shop", "users", 1, "usrname"]) - 1]
    row = line_of(text, ["shop", "users", 1, "username"])  # missing: the row it belongs in
    assert lines[row - 1].strip() == "{" and '"usrname"' in lines[row]
    assert line_of(text, ["shop", "orders", 0]) == line_of(text, ["shop"])
    assert line_of("not json", ["shop"]) == 1


def test_an_unknown_field_names_its_line_and_the_field_meant(tmp_path: Path) -> None:
    seed = tmp_path / "seed.json"
    seed.write_text(json.dumps(DOCUMENT, indent=2))
    specs = {"shop": get_spec("shop")}
    with pytest.raises(SeedError) as caught:
        TaskSeed.read(seed, specs).seed(
            specs, Settings(data_dir=tmp_path / "data"), TASK_SEED_CHECKS
        )
    line = seed.read_text().splitlines().index('        "usrname": "bob",') + 1
    expected = (
        f"{seed}: shop.users[1].usrname: Extra inputs are not permitted (got 'bob'); "
        f"did you mean 'username'? (line {line})"
    )
    assert expected in str(caught.value).splitlines(), str(caught.value)
