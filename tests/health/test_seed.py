"""The seed document: errors that name the JSON path, and exports that seed back byte for byte
after the API changed things (a custom food edited after it was logged, dose marks, bookings)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_task
from mock_services.core.serve.seeding import seed_service, seed_task
from mock_services.health.service import SPEC, default_seed
from mock_services.registry import SpecIndex
from tests.helpers import ApiClient, expect


def _document() -> dict[str, Any]:
    return copy.deepcopy(default_seed())


def _seed(tmp_path: Path, document: dict[str, Any]) -> Settings:
    settings = Settings(data_dir=tmp_path / "data")
    seed_service(SPEC, document, settings)
    return settings


BAD_SEEDS = [
    (("diary", 0, "food"), "pizza-hawaii", "health.diary[0].food: unknown food 'pizza-hawaii'"),
    (("records", 0, "user"), "zed", "health.records[0].user: unknown user 'zed'"),
    (("records", 2, "day"), "-20d", "health.records[2].day: alice already has a record for"),
    (("records", 0, "diastolic"), None, "health.records[0]: give systolic and"),
    (("medications", 0, "times"), ["8am"], "health.medications[0].times: time '8am'"),
    (("appointments", 0, "provider"), "dr-who", "health.appointments[0].provider: unknown"),
    (("providers", 0, "closes"), "07:00", "health.providers[0]: closes (07:00)"),
    (("foods", 0, "kcal"), -5, "health.foods[0].kcal: Input should be greater than or equal"),
    (("diary", 0, "food"), "bob-protein-shake", "health.diary[0].food: food 'bob-protein-shake'"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_SEEDS)
def test_bad_seeds_name_the_path(
    tmp_path: Path, path: tuple[Any, ...], value: Any, message: str
) -> None:
    document = _document()
    target: Any = document
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    with pytest.raises(SeedError) as failed:
        _seed(tmp_path, document)
    assert message in str(failed.value)
    assert not (tmp_path / "data" / "health.db").exists()


def test_export_after_changes_seeds_back_byte_identical(
    alice: ApiClient, bob: ApiClient, tmp_path: Path, health_server: Any
) -> None:
    oats = expect(alice.get("/api/foods", params={"mine": "true"}), 200)["items"][0]
    expect(
        alice.post(
            "/api/diary",
            json={"day": "2026-03-02", "meal": "snack", "food_id": oats["id"], "servings": 0.5},
        ),
        201,
    )
    expect(alice.patch(f"/api/foods/{oats['id']}", json={"kcal": 333, "name": "Oats v2"}), 200)
    expect(alice.put("/api/records/2026-03-02", json={"weight_kg": 63.2}), 200)
    lisinopril = expect(bob.get("/api/medications"), 200)["items"][0]
    expect(bob.post(f"/api/medications/{lisinopril['id']}/doses", json={"time": "08:00"}), 201)
    expect(bob.post("/api/appointments/APT-000004/cancel"), 200)

    exported = export_task([SPEC], Settings(data_dir=health_server.data_dir))
    oats_entries = [e for e in exported["health"]["diary"] if e["food"] == oats["code"]]
    assert oats_entries and all(
        e["food_name"] == "Overnight oats with berries"
        and e["logged"]["kcal"] == 320.0 * e.get("servings", 1.0)
        for e in oats_entries
    ), "entries logged before the edit must keep their name and nutrients"
    dbs = []
    for name in ("first", "second"):
        source = tmp_path / f"{name}.json"
        source.write_text(json.dumps(exported))
        settings = Settings(data_dir=tmp_path / name)
        seed_task(SpecIndex(), source, settings)
        dbs.append(settings.db_path("health").read_bytes())
        exported = export_task([SPEC], settings)
    assert dbs[0] == dbs[1]
