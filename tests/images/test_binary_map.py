"""The binary map's validation: every mistake is a clear error naming the task and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from taskkit.images.binary_map import (
    BinaryMapError,
    TaskBinaryMap,
    check_against_tasks,
    example_binary_map,
    parse_binary_map,
)


def parse(tasks: dict) -> TaskBinaryMap:
    return parse_binary_map(json.dumps({"version": 1, "tasks": tasks}), "map.json")


def error_of(tasks: dict) -> str:
    with pytest.raises(BinaryMapError) as info:
        parse(tasks)
    return str(info.value)


def test_a_full_entry_is_accepted() -> None:
    parsed = parse(
        {
            "watch-shop": {
                "services": ["shop", "email", "pkg.mod:SPEC"],
                "seed": "environment/seed.json",
                "assets": [{"source": "data/catalog", "target": "/workspace/environment/cat"}],
                "startup": "environment/extra.sh",
            },
            "skill-creation": {},
        }
    )
    assert parsed.tasks["watch-shop"].assets[0].owner == "node"
    assert parsed.tasks["skill-creation"].services == []


def test_the_example_map_is_valid() -> None:
    assert parse_binary_map(json.dumps(example_binary_map()), "x").tasks == {}


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"services": ["shopp"]}, "unknown service 'shopp'; expected one of: shop"),
        ({"services": ["shop", "shop"]}, "services listed twice: shop"),
        ({"seed": "seed.json"}, "'seed' is given but the task has no services"),
        ({"services": ["shop"], "seed": "/abs/seed.json"}, "must be a relative path"),
        ({"services": ["shop"], "seed": "../other/seed.json"}, "must be a relative path"),
        ({"assets": [{"source": "a", "target": "relative/x"}]}, "must be an absolute path"),
        ({"assets": [{"source": "a", "target": "/opt/mock/startup.d/x.sh"}]}, "belongs to"),
        ({"assets": [{"source": "a", "target": "/var/lib/mock-data/shop.db"}]}, "belongs to"),
        ({"assets": [{"source": "a", "target": "/usr/local/bin/x"}]}, "belongs to"),
        ({"assets": [{"source": "a", "target": "/w/../etc/x"}]}, "without '..'"),
        (
            {"assets": [{"source": "a", "target": "/workspace/environment/x", "owner": "root"}]},
            "a root-owned asset may not be inside /workspace, which the agent owns",
        ),
        (
            {"assets": [{"source": "a", "target": "/home/node", "owner": "root"}]},
            "may not be inside /home/node",
        ),
        (
            {"assets": [{"source": "a", "target": "/w/x"}, {"source": "b", "target": "/w/x"}]},
            "two assets target /w/x",
        ),
        ({"assets": [{"source": "a", "target": "/w/x", "owner": "mock"}]}, "owner"),
        ({"servics": ["shop"]}, "servics: Extra inputs are not permitted"),
    ],
)
def test_mistakes_are_named(entry: dict, expected: str) -> None:
    message = error_of({"my-task": entry})
    assert expected in message
    assert message.startswith("map.json: tasks.my-task")


def test_duplicate_tasks_are_an_error() -> None:
    text = '{"version": 1, "tasks": {"a-task": {}, "a-task": {"services": ["shop"]}}}'
    with pytest.raises(BinaryMapError, match=r"map\.json: duplicate key: 'a-task' appears twice"):
        parse_binary_map(text, "map.json")


def test_task_names_must_be_kebab_case() -> None:
    assert "kebab-case: Bad_Name" in error_of({"Bad_Name": {}})


def test_invalid_json_is_named() -> None:
    with pytest.raises(BinaryMapError, match=r"map\.json: not valid JSON"):
        parse_binary_map("{", "map.json")


def make_task(tasks_dir: Path, name: str, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = tasks_dir / name / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_missing_tasks_and_files_are_listed(tmp_path: Path) -> None:
    make_task(tmp_path, "has-entry", {"environment/Dockerfile": "FROM x"})
    make_task(tmp_path, "no-entry", {"environment/Dockerfile": "FROM x"})
    parsed = parse(
        {
            "has-entry": {
                "services": ["shop"],
                "seed": "environment/seed.json",
                "assets": [{"source": "nothing-here", "target": "/workspace/x"}],
            },
            "no-folder": {},
        }
    )
    with pytest.raises(BinaryMapError) as info:
        check_against_tasks(parsed, tmp_path, "map.json")
    message = str(info.value)
    assert "task 'no-entry'" in message and "has no entry" in message
    assert "tasks.no-folder: no task folder" in message
    assert "tasks.has-entry.seed:" in message and "seed.json does not exist" in message
    assert "tasks.has-entry.assets[0].source:" in message


def test_a_symlink_out_of_the_task_folder_is_refused(tmp_path: Path) -> None:
    make_task(tmp_path, "sneaky", {"environment/Dockerfile": "FROM x"})
    (tmp_path / "secret.txt").write_text("secret")
    (tmp_path / "sneaky" / "link.txt").symlink_to(tmp_path / "secret.txt")
    parsed = parse({"sneaky": {"assets": [{"source": "link.txt", "target": "/workspace/x"}]}})
    with pytest.raises(BinaryMapError, match="leads outside"):
        check_against_tasks(parsed, tmp_path, "map.json")
