"""The Knowledge Base seed: a document seeds the DB, the export gives the same document back,
links are read from the bodies, and references the document gets wrong are refused naming
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
from mock_services.kb.make_default_seed import seed
from mock_services.registry import get_spec

SPEC = get_spec("kb")
HASH = "pbkdf2_sha256$2000$c2FsdA$" + "0" * 64
DOCUMENT: dict[str, Any] = {
    "users": [
        {"username": u, "password_hash": HASH, "display_name": n, "email": f"{u}@example.com"}
        for u, n in (("dana", "Dana Ito"), ("eli", "Eli Park"))
    ],
    "spaces": [
        {
            "key": "OPS",
            "name": "Operations",
            "default_access": "none",
            "created_at": "-30d 09:00",
            "permissions": [{"user": "dana", "level": "admin"}, {"user": "eli", "level": "view"}],
        }
    ],
    "pages": [
        {
            "id": 5,
            "space": "OPS",
            "title": "Runbook",
            "body": "See [[Escalation]] and [[OPS:Nowhere]].\n",
            "labels": ["runbook"],
            "author": "dana",
            "created_at": "-10d 09:00",
            "updated_at": "-1d 09:00",
            "updated_by": "eli",
            "versions": [
                {"author": "dana", "created_at": "-10d 09:00", "body": "First.\n"},
                {"created_at": "-1d 09:00", "message": "Links"},
            ],
            "comments": [
                {"author": "eli", "body": "Thanks", "created_at": "-1d 10:00"},
                {
                    "author": "dana",
                    "body": "Fixed?",
                    "created_at": "-1d 11:00",
                    "resolved": True,
                    "resolved_by": "eli",
                    "resolved_at": "-1d 12:00",
                },
            ],
            "watchers": [{"user": "dana", "created_at": "-10d 09:00"}],
        },
        {
            "id": 6,
            "space": "OPS",
            "parent_id": 5,
            "title": "Escalation",
            "body": "Back to [[5]].\n",
            "status": "draft",
            "author": "dana",
            "created_at": "-2d 09:00",
            "updated_at": "-2d 09:00",
            "versions": [],
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
    with sqlite3.connect(tmp_path / "kb.db") as db:
        links = db.execute("SELECT page_id, target, target_id FROM page_links ORDER BY id")
        assert links.fetchall() == [(5, "Escalation", 6), (5, "OPS:Nowhere", None), (6, "5", 5)]
        pages = db.execute("SELECT id, version, updated_by_id FROM pages ORDER BY id").fetchall()
        assert pages == [(5, 2, 2), (6, 0, 1)]


def test_a_published_page_without_versions_gets_its_first(tmp_path: Path) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    del document["pages"][0]["versions"]
    seed_service(SPEC, document, Settings(data_dir=tmp_path))
    with sqlite3.connect(tmp_path / "kb.db") as db:
        rows = db.execute("SELECT page_id, number, author_id, body FROM page_versions").fetchall()
    assert rows == [(5, 1, 2, DOCUMENT["pages"][0]["body"])]


def test_the_default_data_is_what_its_builder_writes() -> None:
    on_disk = json.loads(
        (Path(__file__).parents[2] / "mock_services/kb/default_seed.json").read_text()
    )
    assert on_disk == seed(), "run python -m mock_services.kb.make_default_seed"


@pytest.mark.parametrize(
    ("section", "row", "field", "value"),
    [
        ("pages", 0, "space", "HR"),
        ("pages", 0, "author", "zoe"),
        ("pages", 0, "updated_by", "zoe"),
        ("spaces", 0, "key", "ops"),
    ],
)
def test_a_bad_reference_is_refused_naming_it(
    tmp_path: Path, section: str, row: int, field: str, value: str
) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    document[section][row][field] = value
    with pytest.raises(SeedError, match=f"{section}.*{field}"):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
    assert not (tmp_path / "kb.db").exists()


def test_a_parent_that_is_no_page_is_refused(tmp_path: Path) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    document["pages"][1]["parent_id"] = 77
    with pytest.raises(SeedError, match="pages"):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
