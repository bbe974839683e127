"""The CRM seed: a document seeds the DB, the export gives the same document back, and a bad
reference is refused naming where it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec

SPEC = get_spec("crm")
HASH = "pbkdf2_sha256$2000$c2FsdA$" + "0" * 64
DOCUMENT: dict[str, Any] = {
    "territories": [{"name": "EMEA", "region": "Europe"}],
    "users": [
        {
            "username": "dana",
            "password_hash": HASH,
            "display_name": "Dana Ito",
            "email": "dana@example.com",
            "role": "manager",
            "territory": "EMEA",
        },
        {
            "username": "eli",
            "password_hash": HASH,
            "display_name": "Eli Ross",
            "email": "eli@example.com",
        },
    ],
    "accounts": [
        {
            "code": "CUS-001",
            "name": "CloudCreate Tech",
            "domain": "yunchuang.cn",
            "industry": "Technology",
            "tier": "vip",
            "owner": "eli",
            "territory": "EMEA",
            "annual_revenue": 5200000,
            "contract_end": "+90d",
            "last_contact": "-10d",
            "satisfaction": 4.5,
            "notes": "Q1 renewal",
            "created_at": "-200d 09:00",
        },
        {
            "code": "CUS-002",
            "name": "Jincheng Trading",
            "status": "churned",
            "owner": "dana",
            "churn_date": "-5d",
            "churn_reason": "price",
            "account_type": "supplier",
            "created_at": "-100d 09:00",
        },
    ],
    "contacts": [
        {
            "first_name": "Ming",
            "last_name": "Wang",
            "email": "wangming@yunchuang.cn",
            "phone": "13800001111",
            "account": "CUS-001",
            "primary": True,
            "owner": "eli",
            "created_at": "-150d 10:00",
        },
    ],
    "deals": [
        {
            "name": "Renewal",
            "account": "CUS-001",
            "contact_id": 1,
            "owner": "eli",
            "stage": "closed_won",
            "amount": 120000.5,
            "currency": "CNY",
            "close_date": "-3d",
            "closed_at": "-3d 17:00",
            "created_at": "-60d 10:00",
        },
    ],
    "leads": [
        {
            "first_name": "Fang",
            "last_name": "Li",
            "email": "lifang@jincheng.com",
            "company": "Jincheng",
            "status": "converted",
            "owner": "dana",
            "created_at": "-30d 11:00",
            "converted_at": "-20d 11:00",
            "contact_id": 1,
            "account": "CUS-001",
            "deal_id": 1,
        },
    ],
    "activities": [
        {
            "kind": "call",
            "subject": "Renewal call",
            "owner": "eli",
            "contact_id": 1,
            "account": "CUS-001",
            "deal_id": 1,
            "occurred_at": "-10d 15:00",
            "duration_minutes": 20,
            "created_at": "-10d 15:00",
        },
    ],
    "tasks": [
        {
            "subject": "Send invoice",
            "owner": "eli",
            "due_date": "+2d",
            "priority": "high",
            "account": "CUS-001",
            "deal_id": 1,
            "created_at": "-1d 09:00",
        },
    ],
    "exports": [
        {
            "title": "VIP",
            "summary": "one",
            "account_codes": ["CUS-001"],
            "created_by": "dana",
            "created_at": "-1d 12:00",
        },
    ],
}
"""As the export writes it: dates relative to the seed's now, defaults left out."""


def test_the_export_is_the_document_seeded(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    seed_service(SPEC, DOCUMENT, settings)
    assert export_service(SPEC, settings) == DOCUMENT


@pytest.mark.parametrize(
    ("section", "change", "named"),
    [
        ("accounts", {"owner": "zoe"}, "zoe"),
        ("accounts", {"territory": "Mars"}, "Mars"),
        ("contacts", {"account": "CUS-404"}, "CUS-404"),
        ("deals", {"contact_id": 99}, "contacts"),
    ],
)
def test_a_bad_reference_is_refused_naming_it(
    tmp_path: Path, section: str, change: dict[str, Any], named: str
) -> None:
    document = {**DOCUMENT, section: [{**DOCUMENT[section][0], **change}]}
    with pytest.raises(SeedError, match=named):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
    assert not (tmp_path / "crm.db").exists()


@pytest.mark.parametrize(
    "section", ["accounts", "contacts", "deals", "leads", "activities", "tasks", "exports"]
)
def test_a_record_created_after_now_is_refused_naming_it(tmp_path: Path, section: str) -> None:
    document = {**DOCUMENT, section: [{**DOCUMENT[section][0], "created_at": "+1h"}]}
    refused = rf"crm\.{section}\[0\]\.created_at: created at \S+, after the seed's now"
    with pytest.raises(SeedError, match=refused):
        seed_service(SPEC, document, Settings(data_dir=tmp_path))
    assert not (tmp_path / "crm.db").exists()
    now = {**DOCUMENT, section: [{**DOCUMENT[section][0], "created_at": "now"}]}
    seed_service(SPEC, now, Settings(data_dir=tmp_path))  # a record made at now is fine


def test_the_default_world_has_no_record_created_after_its_now(tmp_path: Path) -> None:
    seed_service(SPEC, SPEC.default_seed(), Settings(data_dir=tmp_path))
