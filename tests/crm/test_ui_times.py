"""Times on the CRM's pages are the task's local times: a ``datetime-local`` field is read in
the task's zone (its label names it), and a logged time is shown there with the zone's name."""

from __future__ import annotations

import re
from pathlib import Path

from mock_services.core.serve.app import create_app
from mock_services.registry import get_spec
from tests.conftest import seed_dir

CALL = {"kind": "call", "body": "", "account": "CUS-001"}


def test_a_time_typed_in_the_log_form_is_the_tasks_local_time(tmp_path: Path) -> None:
    settings = seed_dir(tmp_path, "crm", timezone="America/New_York")
    browser = create_app(get_spec("crm"), settings).test_client()
    browser.post("/login", data={"username": "alice", "password": "alice-pass"})
    form = browser.get("/activities").text
    assert "When, America/New_York time (meetings: the start)" in form
    logged = browser.post(
        "/activities",
        data=CALL | {"subject": "Zone check", "occurred_at": "2026-03-12T11:30"},
    )
    assert logged.status_code == 303, logged.text
    page = browser.get(logged.headers["Location"]).text
    assert re.search(r"call · Thu 12 Mar 11:30 EDT", page), "the page shows another time"
    token = browser.post(
        "/api/auth/login", json={"username": "alice", "password": "alice-pass"}
    ).json["token"]
    listed = browser.get(
        "/api/activities?account=CUS-001&per_page=100", headers={"Authorization": f"Bearer {token}"}
    ).json["items"]
    times = [a["occurred_at"] for a in listed if a["subject"] == "Zone check"]
    assert times == ["2026-03-12T15:30:00Z"]


def test_a_time_with_its_own_offset_is_kept_and_a_bad_one_is_refused_in_the_form(
    tmp_path: Path,
) -> None:
    settings = seed_dir(tmp_path, "crm", timezone="America/New_York")
    browser = create_app(get_spec("crm"), settings).test_client()
    browser.post("/login", data={"username": "alice", "password": "alice-pass"})
    fields = CALL | {"subject": "Offset check"}
    kept = browser.post("/activities", data=fields | {"occurred_at": "2026-03-12T11:30:00Z"})
    assert kept.status_code == 303
    refused = browser.post("/activities", data=fields | {"occurred_at": "12 March, lunch"})
    assert refused.status_code == 422 and "12 March, lunch" in refused.text
