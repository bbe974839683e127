"""The README's example of a live world is a seed that seeds: its events and personas name
real operations, fields and users of the services' default data."""

from __future__ import annotations

import json
import re
from pathlib import Path

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import all_specs

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_live_world_example_seeds(tmp_path: Path) -> None:
    section = README.read_text().split("### A live world")[1]
    found = re.search(r"```json\n(.*?)```", section, re.S)
    assert found is not None, "the section shows its example as a json block"
    document = json.loads("{" + found[1] + "}")
    specs = all_specs()
    task_seed = TaskSeed.parse(document, specs, "README.md")
    names = {e.service for e in task_seed.events} | {p.service for p in task_seed.personas}
    assert names == {"airline", "email", "calendar"}
    used = {name: specs[name] for name in names}
    built = task_seed.with_defaults(used).building(names)
    paths = built.seed(used, Settings(data_dir=tmp_path), TASK_SEED_CHECKS)
    assert sorted(path.name for path in paths) == ["airline.db", "calendar.db", "email.db"]
