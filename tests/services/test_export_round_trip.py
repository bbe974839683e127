"""``export`` reads the live DBs without touching them and writes a task ``seed.json`` that
seeds back to byte-identical DBs: for every service's default data and every task's seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import export_task
from mock_services.core.serve.seeding import seed_task
from mock_services.registry import SERVICE_MODULES, SpecIndex, get_spec

ROOT = Path(__file__).resolve().parents[2]
TASK_SEEDS = sorted(ROOT.glob("tasks/*/environment/seed.json"))


def _seed_file(case: str, tmp_path: Path) -> Path:
    """A task's seed.json, or one holding a service's default data."""
    if case in SERVICE_MODULES:
        path = tmp_path / f"{case}-default.json"
        path.write_text(
            json.dumps({"now": "2026-03-02T09:00:00Z", case: get_spec(case).default_seed()})
        )
        return path
    return ROOT / "tasks" / case / "environment" / "seed.json"


@pytest.mark.parametrize("case", [*SERVICE_MODULES, *(p.parts[-3] for p in TASK_SEEDS)])
def test_export_seeds_back_to_byte_identical_dbs(case: str, tmp_path: Path) -> None:
    specs = SpecIndex()
    original = Settings(data_dir=tmp_path / "original")
    seeded = [p.name for p in seed_task(specs, _seed_file(case, tmp_path), original)]
    files = sorted(p.name for p in original.data_dir.iterdir() if p.suffix == ".db")
    before = {name: (original.data_dir / name).read_bytes() for name in files}

    exported = tmp_path / "exported.json"
    document = export_task([specs[name.removesuffix(".db")] for name in seeded], original)
    exported.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    logins = json.loads(_seed_file(case, tmp_path).read_text()).get("logins")
    assert document.get("logins") == logins, "export dropped or changed the logins"
    after = {name: (original.data_dir / name).read_bytes() for name in files}
    assert after == before, "export changed a DB file"

    again = Settings(data_dir=tmp_path / "again")
    seed_task(specs, exported, again)
    for name in files:
        assert (again.data_dir / name).read_bytes() == before[name], f"{name} differs"
