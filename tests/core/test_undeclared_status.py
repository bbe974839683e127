"""An API error whose status its route does not declare: a 500 naming the route and the status
under ``MOCK_STRICT_STATUSES=1`` (the test suite's setting), so the OpenAPI document, the guide
and the MCP tools never leave a status out; served as raised otherwise."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mock_services.core.base.errors import Conflict
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_service
from mock_services.core.spec.api import Api, Ctx
from tests.core.notes_service import DEFAULT_SEED, SPEC

locks = Api("locks", url_prefix="/api")


@locks.get("/locks/<int:lock_id>", response=None, auth="none", errors=(404,))
def read_lock(ctx: Ctx, lock_id: int) -> None:
    """A lock that is always taken: a 409 the route does not declare."""
    raise Conflict(f"lock {lock_id} is taken")


@locks.get("/doors/<int:door_id>", response=None, auth="none", errors=(404, 409))
def read_door(ctx: Ctx, door_id: int) -> None:
    """The same 409, declared."""
    raise Conflict(f"door {door_id} is locked")


@pytest.mark.parametrize("strict", [True, False])
def test_an_undeclared_status_is_a_500_naming_it_only_when_strict(
    tmp_path: Path, strict: bool
) -> None:
    spec = replace(SPEC, apis=(*SPEC.apis, locks))
    settings = Settings(data_dir=tmp_path, strict_statuses=strict)
    seed_service(spec, DEFAULT_SEED, settings)
    client = create_app(spec, settings).test_client()
    undeclared, declared = client.get("/api/locks/7"), client.get("/api/doors/7")
    assert declared.status_code == 409, declared.get_json()
    if not strict:
        assert undeclared.status_code == 409, undeclared.get_json()
        return
    assert undeclared.status_code == 500, undeclared.get_json()
    error = undeclared.get_json()["error"]
    assert error["code"] == "undeclared_status"
    for part in ("GET /api/locks/<int:lock_id>", "answered 409", "lock 7 is taken", "(404,)"):
        assert part in error["message"], f"expected {part!r} in: {error['message']}"


def test_the_suite_runs_strict() -> None:
    assert Settings(data_dir=Path(".")).strict_statuses, "tests/conftest.py sets it for all"
