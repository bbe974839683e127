"""The Helpdesk seed: a document seeds the DB, the export gives the same document back, and
references the document gets wrong are refused naming them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.helpdesk.make_default_seed import seed
from mock_services.registry import get_spec

SPEC = get_spec("helpdesk")
HASH = "pbkdf2_sha256$2000$c2FsdA$" + "0" * 64
DOCUMENT: dict[str, Any] = {
    "organizations": [{"name": "Wantong Logistics", "external_id": "CUS-1401"}],
    "groups": [{"name": "Technical Support"}],
    "users": [
        {
            "username": "dana",
            "password_hash": HASH,
            "display_name": "Dana Ito",
            "email": "dana@example.com",
            "group": "Technical Support",
        }
    ],
    "requesters": [
        {
            "name": "Director Zhao",
            "email": "zhao@wantong.example",
            "organization": "Wantong Logistics",
            "department": "Technical Support",
        }
    ],
    "sla_targets": [{"priority": "urgent", "first_reply_minutes": 30, "resolution_minutes": 240}],
    "macros": [
        {
            "name": "Ask for logs",
            "set_status": "pending",
            "set_group": "Technical Support",
            "add_tags": ["logs"],
            "reply": "Please send the logs.",
        }
    ],
    "tickets": [
        {
            "id": 1401,
            "subject": "Database connection pool exhausted",
            "description": "The warehouse system cannot get a database connection.",
            "requester": "zhao@wantong.example",
            "assignee": "dana",
            "group": "Technical Support",
            "status": "open",
            "priority": "urgent",
            "type": "incident",
            "category": "System Failure",
            "tags": ["database", "vip"],
            "created_at": "+0d 07:00",
            "updated_at": "+0d 08:00",
            "first_reply_at": "+0d 08:00",
            "comments": [
                {"author": "dana", "body": "Looking now.", "created_at": "+0d 08:00"},
                {"body": "Thanks.", "created_at": "+0d 08:30"},
            ],
        },
        {
            "id": 1402,
            "subject": "Pool exhausted again",
            "requester": "zhao@wantong.example",
            "status": "closed",
            "created_at": "+0d 07:30",
            "updated_at": "+0d 07:30",
            "merged_into": 1401,
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


def test_the_default_data_is_what_its_builder_writes() -> None:
    on_disk = json.loads(
        (Path(__file__).parents[2] / "mock_services/helpdesk/default_seed.json").read_text()
    )
    assert on_disk == seed(), "run python -m mock_services.helpdesk.make_default_seed"


@pytest.mark.parametrize(
    ("section", "row", "field", "value"),
    [
        ("tickets", 0, "requester", "nobody@example.test"),
        ("tickets", 0, "assignee", "zoe"),
        ("users", 0, "group", "Sales"),
        ("requesters", 0, "organization", "Initrode"),
        ("macros", 0, "set_group", "Billing"),
    ],
)
def test_an_unknown_reference_is_refused_naming_it(
    tmp_path: Path, section: str, row: int, field: str, value: str
) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    document[section][row][field] = value
    with pytest.raises(SeedError, match=f"{section}.*{value}"):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
    assert not (tmp_path / "helpdesk.db").exists()


def test_a_merge_into_a_missing_ticket_is_refused(tmp_path: Path) -> None:
    document = json.loads(json.dumps(DOCUMENT))
    document["tickets"][1]["merged_into"] = 77
    with pytest.raises(SeedError, match="tickets"):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
