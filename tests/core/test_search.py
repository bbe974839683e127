"""contains_text: case-insensitive in every script, wildcards as plain text, NULL never matches."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from mock_services.core.base.search import contains_text
from mock_services.core.data.db import create_tables, make_engine

TEXTS = ["Crème Brûlée torch", "STRASSE 5", "Straße 7", "100% cotton", "naïve art", None]


class _Base(DeclarativeBase):
    pass


class _Note(_Base):
    __tablename__ = "notes"
    id: Mapped[int] = mapped_column(primary_key=True)
    text: Mapped[str | None] = mapped_column(String(100))


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    engine = make_engine(Path(tmp_path_factory.mktemp("search")) / "notes.db")
    with Session(engine) as session:
        with session.begin():
            create_tables(session.connection(), _Base)
            session.add_all(_Note(id=i, text=text) for i, text in enumerate(TEXTS))
        yield session
    engine.dispose()


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("CRÈME", ["Crème Brûlée torch"]),
        ("brûlée", ["Crème Brûlée torch"]),
        ("strasse", ["STRASSE 5", "Straße 7"]),  # ß folds to ss
        ("STRAẞE", ["STRASSE 5", "Straße 7"]),  # capital sharp s
        ("NAÏVE", ["naïve art"]),
        ("%", ["100% cotton"]),
        ("0%_c", []),
        ("_", []),
        ("", [t for t in TEXTS if t is not None]),
    ],
)
def test_contains_text(session: Session, typed: str, found: list[str]) -> None:
    rows = session.scalars(select(_Note.text).where(contains_text(_Note.text, typed)))
    assert sorted(rows) == sorted(found)
