"""The Chat seed: a document seeds the DB, and the export gives the same document back."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec

SPEC = get_spec("chat")
DOCUMENT = {
    "users": [
        {
            "username": "dana",
            "password_hash": "pbkdf2_sha256$2000$c2FsdA$" + "0" * 64,
            "display_name": "Dana Ito",
            "email": "dana@example.com",
        }
    ],
    "items": [
        {"id": 7, "owner": "dana", "title": "Plan the trip", "due": "+7d 10:00"},
        {"id": 9, "owner": "dana", "title": "Pack", "notes": "light", "status": "done"},
    ],
}
"""As the export writes it: dates relative to the seed's now, defaults left out."""


def test_the_export_is_the_document_seeded(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    seed_service(SPEC, DOCUMENT, settings)
    exported = export_service(SPEC, settings)
    created = {"created_at": "now"}  # the seed's now, given to rows that name none
    assert exported["items"] == [{**item, **created} for item in DOCUMENT["items"]]
    assert exported["users"] == DOCUMENT["users"]


def test_an_unknown_owner_is_refused_naming_it(tmp_path: Path) -> None:
    document = {**DOCUMENT, "items": [{"owner": "zoe", "title": "x"}]}
    with pytest.raises(SeedError, match="zoe"):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
    assert not (tmp_path / "chat.db").exists()
