"""``export`` reads the live DBs without touching them and writes a task ``seed.json`` that
seeds back to byte-identical DBs: for every service's default data and every task's seed, its
services without a section seeded with their default data as in the task's trial."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import export_task
from mock_services.core.serve.seeding import seed_task, seed_trial
from mock_services.registry import SERVICE_MODULES, SpecIndex, get_spec
from taskkit.registries import read_binary_map

ROOT = Path(__file__).resolve().parents[2]
TASK_SEEDS = sorted(ROOT.glob("tasks/*/environment/seed.json"))


def _seeded(case: str, tmp_path: Path, settings: Settings) -> tuple[Path, list[Path]]:
    """Seed a service's default data, or a task's services as its trial does (a service without
    a section gets its default data); the seed file and the DBs seeded."""
    if case in SERVICE_MODULES:
        path = tmp_path / f"{case}-default.json"
        path.write_text(
            json.dumps({"now": "2026-03-02T09:00:00Z", case: get_spec(case).default_seed()})
        )
        return path, seed_task(SpecIndex(), path, settings)
    entry = read_binary_map(ROOT)[case]
    path = ROOT / "tasks" / case / (entry.seed or "environment/seed.json")
    specs = {name: get_spec(name) for name in entry.services}
    return path, seed_trial(specs, path, settings, case)


@pytest.mark.parametrize("case", [*SERVICE_MODULES, *(p.parts[-3] for p in TASK_SEEDS)])
def test_export_seeds_back_to_byte_identical_dbs(case: str, tmp_path: Path) -> None:
    specs = SpecIndex()
    original = Settings(data_dir=tmp_path / "original")
    seed_file, seeded = _seeded(case, tmp_path, original)
    assert seeded, f"{seed_file}: nothing was seeded"
    files = sorted(p.name for p in seeded)
    before = {name: (original.data_dir / name).read_bytes() for name in files}

    exported = tmp_path / "exported.json"
    document = export_task([specs[name.removesuffix(".db")] for name in files], original)
    exported.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    logins = json.loads(seed_file.read_text()).get("logins")
    assert document.get("logins") == logins, "export dropped or changed the logins"
    after = {name: (original.data_dir / name).read_bytes() for name in files}
    assert after == before, "export changed a DB file"

    again = Settings(data_dir=tmp_path / "again")
    seed_task(specs, exported, again)
    for name in files:
        assert (again.data_dir / name).read_bytes() == before[name], f"{name} differs"
