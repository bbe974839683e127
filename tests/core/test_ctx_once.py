"""``Ctx.once``: a value a request computes more than once (a caller's levels in every space)
is computed once, until the request writes (an ORM flush or a plain ``update``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import Engine, func, select

from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Ctx
from tests.core.notes_service import Note, User


@pytest.fixture
def ctx(notes_engine: Engine) -> Iterator[Ctx]:
    with Transaction(notes_engine, write=True) as db:
        yield Ctx(db=db, runtime=None)  # type: ignore[arg-type]  # no runtime needed


def notes_count(ctx: Ctx, computed: list[int]) -> int:
    count = ctx.session.scalar(select(func.count()).select_from(Note)) or 0
    computed.append(count)
    return count


def add_note(ctx: Ctx, title: str) -> None:
    ctx.session.add(Note(owner_id=1, title=title, created_at=datetime(2026, 3, 2)))


def test_a_value_is_computed_once_per_key(ctx: Ctx) -> None:
    computed: list[int] = []
    assert ctx.once("notes", lambda: notes_count(ctx, computed)) == 0
    assert ctx.once("notes", lambda: notes_count(ctx, computed)) == 0
    assert computed == [0]
    assert ctx.once("other", lambda: "else") == "else"


def test_a_write_through_the_session_forgets_the_values_kept(ctx: Ctx) -> None:
    computed: list[int] = []
    assert ctx.once("notes", lambda: notes_count(ctx, computed)) == 0
    add_note(ctx, "pending, not flushed yet")
    assert ctx.once("notes", lambda: notes_count(ctx, computed)) == 1
    assert ctx.once("notes", lambda: notes_count(ctx, computed)) == 1
    add_note(ctx, "flushed by a query")
    ctx.session.flush()
    assert ctx.once("notes", lambda: notes_count(ctx, computed)) == 2
    assert computed == [0, 1, 2]


def test_a_value_of_none_is_kept_too(ctx: Ctx) -> None:
    calls: list[Any] = []
    for _ in range(2):
        assert ctx.once("nothing", lambda: calls.append(1)) is None
    assert calls == [1]


def test_a_plain_update_forgets_the_values_kept_and_plain_reads_open_no_session(
    ctx: Ctx,
) -> None:
    def name() -> str:
        row = ctx.db.one("SELECT display_name FROM users WHERE id = 1")
        assert row is not None
        return str(row[0])

    assert ctx.once("name", name) == "Ann"
    assert ctx.db.update(User.__table__, 1, {"display_name": "Ann"}) is not None  # no change
    assert ctx.once("name", lambda: "not asked again") == "Ann"
    ctx.db.update(User.__table__, 1, {"display_name": "Ann Lee"})
    assert ctx.once("name", name) == "Ann Lee"
    assert ctx.db._session is None  # a request that reads plain rows pays for no ORM session
