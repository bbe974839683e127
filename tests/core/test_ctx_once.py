"""``Ctx.once``: a value a request computes more than once (a caller's levels in every space)
is computed once, until the request writes through its session."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

from mock_services.core.spec.api import Ctx
from tests.core.notes_service import Base, Note, User


@pytest.fixture
def ctx() -> Iterator[Ctx]:
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as session:
        session.add(
            User(id=1, username="ann", display_name="Ann", email="a@x.test", password_hash="x")
        )
        session.flush()
        yield Ctx(db=SimpleNamespace(session=session), runtime=None)  # type: ignore[arg-type]


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
