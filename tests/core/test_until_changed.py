"""``Ctx.until_changed``: a value read in one request (a form's long choice list) is kept for
the next read transactions on the same connection until the DB changes: a commit by another
connection (SQLite's ``data_version``), a change this connection made, or a write in the
transaction itself; a writer computes it once in its transaction, as ``once`` does."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import Engine, func, select

from mock_services.core.base.settings import CHECK_FIXED_PARTS_VARIABLE
from mock_services.core.data.transaction import IdleConnections, Transaction
from mock_services.core.spec.api import Ctx
from tests.core.notes_service import Note


@pytest.fixture(autouse=True)
def no_checking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept values answered as kept (the suite's check computes each one again)."""
    monkeypatch.delenv(CHECK_FIXED_PARTS_VARIABLE, raising=False)


def counted(ctx: Ctx, computed: list[int]) -> int:
    count = ctx.session.scalar(select(func.count()).select_from(Note)) or 0
    computed.append(count)
    return count


def read(notes_engine: Engine, idle: IdleConnections, computed: list[int]) -> int:
    """The notes' count as a page reads it, in a read transaction on the kept connection."""
    with Transaction(notes_engine, write=False, idle=idle) as db:
        ctx = Ctx(db=db, runtime=None)  # type: ignore[arg-type]  # no runtime needed
        return ctx.until_changed("notes", lambda: counted(ctx, computed))


def add_note(db: Transaction, title: str) -> None:
    db.session.add(Note(owner_id=1, title=title, created_at=datetime(2026, 3, 2)))
    db.commit()


def test_a_value_is_kept_until_another_connection_commits(notes_engine: Engine) -> None:
    idle = IdleConnections()
    computed: list[int] = []
    assert read(notes_engine, idle, computed) == 0
    assert read(notes_engine, idle, computed) == 0
    assert computed == [0]
    with Transaction(notes_engine, write=True) as other:  # another connection: no idle one given
        add_note(other, "by another connection")
    assert read(notes_engine, idle, computed) == 1
    assert read(notes_engine, idle, computed) == 1
    assert computed == [0, 1]


def test_a_change_the_same_connection_commits_forgets_it(notes_engine: Engine) -> None:
    idle = IdleConnections()
    computed: list[int] = []
    assert read(notes_engine, idle, computed) == 0
    with Transaction(notes_engine, write=True, idle=idle) as db:  # the kept connection writes
        add_note(db, "by this connection")
    assert len(idle) == 1
    assert read(notes_engine, idle, computed) == 1
    assert computed == [0, 1]


def test_a_change_rolled_back_never_leaves_a_value_behind(notes_engine: Engine) -> None:
    idle = IdleConnections()
    computed: list[int] = []
    with Transaction(notes_engine, write=False, idle=idle) as db:
        ctx = Ctx(db=db, runtime=None)  # type: ignore[arg-type]
        db.raw.execute("INSERT INTO notes (owner_id, title, created_at) VALUES (1, 'x', '')")
        assert ctx.until_changed("notes", lambda: counted(ctx, computed)) == 1  # its own
    assert read(notes_engine, idle, computed) == 0  # rolled back: read again, not the 1 kept
    assert read(notes_engine, idle, computed) == 0
    assert computed == [1, 0]


def test_a_writer_computes_it_once_in_its_transaction(notes_engine: Engine) -> None:
    computed: list[int] = []
    with Transaction(notes_engine, write=True) as db:
        ctx = Ctx(db=db, runtime=None)  # type: ignore[arg-type]
        assert ctx.until_changed("notes", lambda: counted(ctx, computed)) == 0
        assert ctx.until_changed("notes", lambda: counted(ctx, computed)) == 0
        db.session.add(Note(owner_id=1, title="pending", created_at=datetime(2026, 3, 2)))
        assert ctx.until_changed("notes", lambda: counted(ctx, computed)) == 1
    assert computed == [0, 1]


def test_the_check_fails_a_value_its_key_does_not_name(
    notes_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    idle = IdleConnections()
    monkeypatch.setenv(CHECK_FIXED_PARTS_VARIABLE, "1")
    answers = iter(["first", "second"])
    with Transaction(notes_engine, write=False, idle=idle) as db:
        ctx = Ctx(db=db, runtime=None)  # type: ignore[arg-type]
        assert ctx.until_changed("word", lambda: next(answers)) == "first"
    with Transaction(notes_engine, write=False, idle=idle) as db:
        ctx = Ctx(db=db, runtime=None)  # type: ignore[arg-type]
        with pytest.raises(RuntimeError, match="its key misses"):
            ctx.until_changed("word", lambda: next(answers))
