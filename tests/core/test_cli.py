"""The ``mock-services`` command line on real files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.notes_service import DEFAULT_SEED
from tests.helpers import db_dump

pytestmark = pytest.mark.process  # runs the mock-services command line

NOTES = "tests.core.notes_service:SPEC"


def cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mock_services.cli", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_seed_export_snapshot_reset(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"now": "2026-05-01T08:00:00Z", "notes": DEFAULT_SEED}))
    data = tmp_path / "data"
    seeded = cli(data, "seed", NOTES, "--from", str(seed_file))
    assert seeded.returncode == 0, seeded.stderr
    assert f"seeded {data / 'notes.db'}\n" in seeded.stdout  # from the file: no note
    exported = cli(data, "export", NOTES)
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout)["notes"]["notes"][0]["due"] == "+1d 18:00"
    snap = cli(data, "snapshot", NOTES, "--name", "before")
    assert snap.returncode == 0 and (data / "snapshots/notes/before.db").exists()
    import sqlite3

    with sqlite3.connect(data / "notes.db") as conn:
        conn.execute("DELETE FROM notes")
    reset = cli(data, "reset", NOTES)
    assert reset.returncode == 0, reset.stderr
    assert db_dump(data / "notes.db") == db_dump(data / "notes.seed.db")


def test_seed_from_a_file_without_the_services_section_says_it_took_the_default(
    tmp_path: Path,
) -> None:
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"now": "2026-05-01T08:00:00Z"}))
    seeded = cli(tmp_path / "data", "seed", NOTES, "--from", str(seed_file))
    assert seeded.returncode == 0, seeded.stderr
    expected = f"(default data: {seed_file} has no 'notes' section)"
    assert expected in seeded.stdout, f"expected {expected!r}, got {seeded.stdout!r}"


def test_bad_input_exits_1_with_a_message_naming_it(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"notes": {"notes": [{"owner": "ghost", "title": "x"}]}}))
    failed = cli(tmp_path / "data", "seed", NOTES, "--from", str(seed_file))
    assert failed.returncode == 1
    assert failed.stderr.startswith(f"error: {seed_file}: notes.notes[0].owner: unknown user")
    assert not (tmp_path / "data" / "notes.db").exists()
    unknown = cli(tmp_path / "data", "seed", "bakery")
    assert unknown.returncode == 1 and "unknown service 'bakery'" in unknown.stderr
    no_db = cli(tmp_path / "empty", "reset", NOTES)
    assert no_db.returncode == 1 and "no seeded copy to reset to" in no_db.stderr
    no_export = cli(tmp_path / "empty", "export", NOTES)
    assert no_export.returncode == 1 and "seed the notes service first" in no_export.stderr


def test_seed_all_is_all_or_nothing_across_services(tmp_path: Path) -> None:
    from mock_services.registry import get_spec

    data = tmp_path / "data"
    assert cli(data, "seed", "shop").returncode == 0
    before = (data / "shop.db").read_bytes(), (data / "shop.seed.db").read_bytes()
    seed_file = tmp_path / "seed.json"
    shop = get_spec("shop").default_seed()
    shop["products"][0]["name"] += " (renamed)"  # valid, and not what is seeded
    seed_file.write_text(json.dumps({"shop": shop, "calendar": {"users": [{"username": 3}]}}))
    failed = cli(data, "seed", "all", "--from", str(seed_file))
    assert failed.returncode == 1
    assert "calendar.users[0]" in failed.stderr
    assert ((data / "shop.db").read_bytes(), (data / "shop.seed.db").read_bytes()) == before
    assert not (data / "calendar.db").exists()
    assert sorted(p.name for p in data.iterdir() if p.name.startswith(".")) == []


def test_export_writes_a_task_seed_that_seeds_back_byte_identical(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"now": "2026-05-01T08:00:00Z", "timezone": "Asia/Tokyo"}))
    data = tmp_path / "data"
    assert cli(data, "seed", "email", "--from", str(seed_file)).returncode == 0
    assert cli(data, "seed", "calendar", "--from", str(seed_file)).returncode == 0
    seeded = {name: (data / name).read_bytes() for name in ("email.db", "calendar.db")}
    listed = cli(data, "list")
    assert listed.returncode == 0 and listed.stdout.count("seeded") == 2, listed.stdout
    out = tmp_path / "exported.json"
    exported = cli(data, "export", "all", "--out", str(out))
    assert exported.returncode == 0, exported.stderr
    assert {name: (data / name).read_bytes() for name in seeded} == seeded  # read-only
    document = json.loads(out.read_text())
    assert list(document) == ["now", "timezone", "email", "calendar"]
    assert document["timezone"] == "Asia/Tokyo"
    again = tmp_path / "again"
    reseeded = cli(again, "seed", "all", "--from", str(out))
    assert reseeded.returncode == 0, reseeded.stderr
    for name, content in seeded.items():
        assert (again / name).read_bytes() == content, name
    one = cli(data, "export", "email")
    assert one.returncode == 0 and set(json.loads(one.stdout)) == {"now", "timezone", "email"}


def test_export_all_refuses_dbs_seeded_with_different_clocks(tmp_path: Path) -> None:
    data = tmp_path / "data"
    for service, now in (("email", "2026-05-01T08:00:00Z"), ("calendar", "2026-06-01T08:00:00Z")):
        seed_file = tmp_path / f"{service}.json"
        seed_file.write_text(json.dumps({"now": now}))
        assert cli(data, "seed", service, "--from", str(seed_file)).returncode == 0
    failed = cli(data, "export", "all")
    assert failed.returncode == 1
    assert "seeded with different clocks" in failed.stderr
    assert "calendar: 2026-06-01T08:00:00+00:00 UTC" in failed.stderr
    nothing = cli(tmp_path / "empty", "export", "all")
    assert nothing.returncode == 1 and "no service DB to export" in nothing.stderr


def test_require_logins_makes_a_seed_without_logins_an_error(tmp_path: Path) -> None:
    """A task image seeds with --require-logins: a seed without logins would leave every
    seeded password working."""
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"now": "2026-05-01T08:00:00Z", "notes": DEFAULT_SEED}))
    data = tmp_path / "data"
    refused = cli(data, "seed", NOTES, "--from", str(seed_file), "--require-logins")
    assert refused.returncode == 1
    assert refused.stderr.startswith(f'error: {seed_file}: no "logins"'), refused.stderr
    assert not (data / "notes.db").exists()
    no_file = cli(data, "seed", NOTES, "--require-logins")
    assert no_file.returncode == 1 and "--require-logins needs --from" in no_file.stderr
    assert cli(data, "seed", NOTES, "--from", str(seed_file)).returncode == 0  # by hand
    seed_file.write_text(json.dumps({"logins": ["alice"], "notes": DEFAULT_SEED}))
    required = cli(data, "seed", NOTES, "--from", str(seed_file), "--require-logins")
    assert required.returncode == 0, required.stderr
    wrong = json.dumps({"logins": ["mya"], "notes": DEFAULT_SEED})
    seed_file.write_text(wrong)
    misspelt = cli(data, "seed", NOTES, "--from", str(seed_file))  # an error even by hand
    assert misspelt.returncode == 1
    assert f"{seed_file}: seed.logins[0]: 'mya' is no seeded user" in misspelt.stderr


@pytest.mark.parametrize("command", [["mock_services.cli", "list"], ["taskkit", "sources"]])
def test_a_reader_that_stopped_reading_ends_the_command_quietly(command: list[str]) -> None:
    """``mock-services list | head``: the pipe closed before the output, and no traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line
    try:
        done = subprocess.run(
            [sys.executable, "-m", *command],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=Path(__file__).resolve().parents[2],  # taskkit is the repository's
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 141, f"expected 141 (a closed pipe), got {done.returncode}"
