"""What the core gives every service: pages, time zones, owner and role checks, and a spec
that holds all of a service's facts (so a ninth service needs no edit elsewhere)."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from mock_services import registry
from mock_services.core.base.access import not_yours, require_owner, role_refused
from mock_services.core.base.clock import (
    aware_utc,
    local_day,
    local_moment,
    naive_utc,
    naive_utc_at,
    with_zone,
    zone,
)
from mock_services.core.base.errors import Forbidden
from mock_services.core.base.schemas import OutModel, PageQuery
from mock_services.core.data.paging import (
    Page,
    Window,
    page_answer,
    page_count,
    page_of,
    page_of_select,
)
from taskkit.registries import read_binary_map
from taskkit.scaffold import ScaffoldOptions, new_task
from taskkit.task_model import DOMAINS
from taskkit.validate import validate
from tests.core.notes_service import Base, Note

ROOT = Path(__file__).resolve().parents[2]


class NumberPage(OutModel):
    items: list[int]
    total: int


class NumberPageNumbered(NumberPage):
    page: int
    per_page: int


# --- pages ---------------------------------------------------------------------------------


def test_page_of_cuts_rows_read_in_python() -> None:
    rows = list(range(1, 46))
    assert page_of(rows, PageQuery(page=3, per_page=20)) == Page(list(range(41, 46)), 45)
    assert page_of(rows, Window(page=4)) == Page([], 45), "a page past the end is empty"


def test_page_of_select_counts_and_cuts_in_sql() -> None:
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as session:
        made = datetime(2026, 3, 2, 9, 0)
        session.add_all(Note(owner_id=1, title=f"n{i:02d}", created_at=made) for i in range(25))
        session.flush()
        stmt = select(Note.title).order_by(Note.title.desc())
        found = page_of_select(session, stmt, Window(page=2, per_page=10))
    assert found == Page([f"n{i:02d}" for i in range(14, 4, -1)], 25)


@pytest.mark.parametrize(("total", "pages"), [(0, 1), (1, 1), (20, 1), (21, 2), (40, 2), (41, 3)])
def test_page_count_rounds_up_and_an_empty_listing_has_its_page(total: int, pages: int) -> None:
    assert page_count(total, 20) == pages


def test_no_service_counts_its_pages_by_hand() -> None:
    """Each web UI's page count is the core's (twelve copies of one expression before)."""
    by_hand = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "mock_services").glob("*/*.py"))
        if "-(-" in path.read_text() and "// " in path.read_text()
    ]
    assert by_hand == [], f"expected page_count from mock_services.core.data.paging: {by_hand}"


def test_page_answer_keeps_each_answer_shape() -> None:
    paging = PageQuery(page=2, per_page=5)
    assert page_answer(NumberPage, [6, 7], 7, paging).model_dump() == {"items": [6, 7], "total": 7}
    numbered = page_answer(NumberPageNumbered, [6, 7], 7, paging).model_dump()
    assert numbered == {"items": [6, 7], "total": 7, "page": 2, "per_page": 5}


def test_page_bounds_are_validated_once_by_the_page_query() -> None:
    with pytest.raises(ValueError, match="per_page"):
        PageQuery(per_page=101)
    with pytest.raises(ValueError, match="page"):
        PageQuery(page=0)


# --- time zones ----------------------------------------------------------------------------


def test_naive_and_aware_utc_are_inverse_and_let_none_through() -> None:
    paris = datetime(2026, 3, 2, 10, 0, tzinfo=timezone(timedelta(hours=1)))
    stored = naive_utc(paris)
    assert stored == datetime(2026, 3, 2, 9, 0), f"stored as naive UTC, got {stored!r}"
    assert aware_utc(stored) == datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    assert naive_utc(None) is None and aware_utc(None) is None


def test_a_stored_moment_is_seen_in_a_zone_and_a_local_time_is_stored_in_utc() -> None:
    new_york = zone("America/New_York")
    stored = datetime(2026, 3, 9, 3, 30)  # naive UTC: 23:30 the day before in New York
    seen = local_moment(stored, new_york)
    assert seen.isoformat() == "2026-03-08T23:30:00-04:00", "the day DST began there"
    assert local_moment(seen, UTC) == datetime(2026, 3, 9, 3, 30, tzinfo=UTC), "aware kept"
    assert local_day(stored, new_york) == date(2026, 3, 8)
    assert local_day(datetime(2026, 3, 9, 3, 30, tzinfo=UTC), new_york) == date(2026, 3, 8)
    assert naive_utc_at(date(2026, 3, 8), time(23, 30), new_york) == stored
    assert naive_utc_at(date(2026, 3, 7), time(23, 30), new_york) == datetime(2026, 3, 8, 4, 30)


def test_a_moment_without_an_offset_is_read_in_the_zone_given() -> None:
    paris = zone("Europe/Paris")
    assert with_zone(datetime(2026, 3, 2, 10, 0), paris).isoformat() == "2026-03-02T10:00:00+01:00"
    aware = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
    assert with_zone(aware, paris) is aware, "an offset given is kept"


_INLINE_ZONE_CHANGE = re.compile(r"\.astimezone\(|\.replace\(tzinfo=")
_ZONE_CHANGES_ALLOWED: dict[str, str] = {}
"""Files outside the core that may still change a datetime's zone inline, with why (none)."""


def test_no_service_changes_a_time_zone_inline() -> None:
    """Outside the core, a moment changes zone through ``core.base.clock`` (``local_moment``,
    ``local_day``, ``naive_utc_at``, ``with_zone``, ``to_naive_utc``, ``aware_utc``;
    ``ctx.today``), never ``.astimezone(`` or ``.replace(tzinfo=`` written out again."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / "mock_services").rglob("*.py"))
        if "core" not in path.relative_to(ROOT / "mock_services").parts[:1]
        and str(path.relative_to(ROOT)) not in _ZONE_CHANGES_ALLOWED
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if _INLINE_ZONE_CHANGE.search(line)
    ]
    assert found == [], "use mock_services.core.base.clock's helpers:\n" + "\n".join(found)


# --- owner and role checks -----------------------------------------------------------------


def test_owner_check_has_one_wording() -> None:
    order = SimpleNamespace(user_id=2, code="ORD-100001")
    assert require_owner(order, 2, kind="order", key=order.code, owner_attr="user_id") is order
    with pytest.raises(Forbidden) as refused:
        require_owner(order, 1, kind="order", key=order.code, owner_attr="user_id")
    assert refused.value.message == "order ORD-100001 belongs to another account"
    hinted = not_yours("post", 7, "you can delete only your own posts")
    assert hinted.message == "post 7 belongs to another account; you can delete only your own posts"


def test_role_check_has_one_wording() -> None:
    refused = role_refused("approve reports", "approver users", "employee", "ask an approver")
    assert isinstance(refused, Forbidden)
    expected = "only approver users can approve reports; you are employee; ask an approver"
    assert refused.message == expected


# --- the spec is the one home of a service's facts -----------------------------------------


@pytest.mark.parametrize("name", list(registry.SERVICE_MODULES))
def test_every_service_declares_a_known_domain_and_a_real_main_change(name: str) -> None:
    spec = registry.get_spec(name)
    assert spec.domain in DOMAINS, f"{name}: domain {spec.domain!r} is not one of {DOMAINS}"
    table, column = spec.main_change
    columns = spec.base.metadata.tables[table].columns
    assert column in columns, f"{name}: main_change names {table}.{column}, which does not exist"


@pytest.mark.parametrize("name", list(registry.SERVICE_MODULES))
def test_every_service_declares_a_main_record_its_api_serves(name: str) -> None:
    """The benchmarks read each service by key through its spec's ``main_record``."""
    spec = registry.get_spec(name)
    record = spec.main_record
    assert record is not None, f"{name}: no main_record in its ServiceSpec"
    assert record.key in spec.base.metadata.tables[record.table].columns, record
    gets = {e.rule for api in spec.apis for e in api.endpoints if e.method == "GET"}
    one = f"/api/{record.resource}/<"
    assert any(rule.startswith(one) and rule.count("/") == 3 for rule in gets), (
        f"{name}: no GET {one}...> route for main_record {record}"
    )
    assert record.listing.partition("?")[0] in gets, f"{name}: listing {record.listing} unserved"


NINTH = {"kiosk": "tests.core.extra_service"}
REGISTER_IN_EVERY_PROCESS = f"""from mock_services import registry
registry.SERVICE_MODULES.update({NINTH!r})
"""


@pytest.fixture
def ninth_service(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """``kiosk`` registered like a shipped service, for this test only: here, and in the
    Python processes it starts (the validator runs the verifier's ``--describe``)."""
    hook = tmp_path_factory.mktemp("hook")
    (hook / "sitecustomize.py").write_text(REGISTER_IN_EVERY_PROCESS)
    paths = [str(hook), str(ROOT), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in paths if p))
    for name, module in NINTH.items():
        monkeypatch.setitem(registry.SERVICE_MODULES, name, module)
    registry.get_spec.cache_clear()
    yield "kiosk"
    registry.get_spec.cache_clear()


@pytest.mark.process  # the validator runs the scaffolded verifier's --describe
def test_a_ninth_service_needs_no_edit_outside_its_spec(ninth_service: str, tmp_path: Path) -> None:
    (tmp_path / "tasks").mkdir()
    options = ScaffoldOptions("kiosk-check", "service", services=[ninth_service, "email"])
    task = new_task(tmp_path, options)
    config = tomllib.loads((task / "task.toml").read_text())
    assert config["metadata"]["domain"] == "Health & Fitness", "the domain comes from the spec"
    verifier = (task / "tests" / "verify.py").read_text()
    assert '"notes"' in verifier and '"title"' in verifier, "main_change comes from the spec"
    assert "kiosk (port 5997)" in (task / "README.md").read_text(), "the port comes from the spec"
    assert "127.0.0.1:5997/health" in (task / "solution" / "solve.sh").read_text()
    assert read_binary_map(tmp_path)["kiosk-check"].services == ["kiosk", "email"]
    (task / "instruction.md").write_text(
        "# Stock the kiosk\n\nAdd a note titled 'Restock water' to my kiosk notes and mail the "
        "supplier at supplier@example.com that we need two crates by Friday morning. Leave my "
        "other notes and mails as they are, and do not mail anyone else.\n"
    )
    report = validate(tmp_path)
    assert report.errors == 0, f"the validator refused the ninth service's task: {report.text()}"


CATCH_ALL_MODULES = ("logic", "utils", "helpers", "common", "misc")


@pytest.mark.parametrize("name", registry.SERVICE_MODULES)
def test_a_service_keeps_its_rules_by_api_area_not_in_a_catch_all_module(name: str) -> None:
    """One module per area of the API guide (``orders.py`` for ``/api/orders``) or named for
    what it shares (``access.py``); a ``logic.py`` grows to a thousand lines of everything."""
    folder = ROOT / "mock_services" / name
    found = sorted(p.name for p in folder.glob("*.py") if p.stem in CATCH_ALL_MODULES)
    assert not found, f"mock_services/{name}/ has {found}: split it by the API's areas"
