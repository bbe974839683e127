"""A request's transaction: plain rows and the ORM in one SQLite transaction, and plain writes
audited exactly as the ORM's unit of work audits them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from sqlalchemy import JSON, DateTime, Engine, bindparam, null, select

from mock_services.core.base.clock import iso, iso_stored
from mock_services.core.base.row_codec import DIALECT, column_codecs, decoded, encoded
from mock_services.core.base.settings import Settings
from mock_services.core.data.db import AuditRequest, make_engine
from mock_services.core.data.transaction import PlainStatement, Transaction
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from mock_services.shop.models import Product

PRODUCTS = Product.__table__


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    data_dir: Path = tmp_path_factory.mktemp("shop")
    spec = get_spec("shop")
    seed_service(spec, spec.default_seed(), Settings(data_dir=data_dir))
    engine = make_engine(Settings(data_dir=data_dir).db_path("shop"))
    yield engine
    engine.dispose()


def _stored(engine: Engine, product_id: int) -> dict[str, object]:
    db = Transaction(engine, write=False)
    try:
        row = db.one("SELECT * FROM products WHERE id = ?", (product_id,))
        assert row is not None
        return dict(zip(row.keys(), row, strict=True))
    finally:
        db.close()


def test_plain_update_is_audited_as_the_orm_would(engine: Engine) -> None:
    values = {"active": False, "stock": 3, "created_at": datetime(2026, 1, 2, 3, 4, 5)}
    by_orm = Transaction(engine, write=True, audited=True)
    try:
        product = by_orm.session.get(Product, 1)
        assert product is not None
        for name, value in values.items():
            setattr(product, name, value)
        by_orm.flush()
        orm_changes = list(by_orm.changes)
    finally:
        by_orm.close()  # rolled back
    plain = Transaction(engine, write=True, audited=True)
    try:
        after = plain.update(PRODUCTS, 1, values)
        assert plain.changes == orm_changes
        assert after is not None and after["active"] is False and after["stock"] == 3
        plain.commit()
    finally:
        plain.close()
    orm = Transaction(engine, write=False)
    try:
        product = orm.session.get(Product, 1)
        assert product is not None
        assert (product.active, product.stock, product.created_at) == tuple(values.values())
    finally:
        orm.close()


def test_update_of_a_missing_row_or_to_the_same_values_records_nothing(engine: Engine) -> None:
    db = Transaction(engine, write=True, audited=True)
    try:
        assert db.update(PRODUCTS, 999_999, {"stock": 1}) is None
        current = _stored(engine, 2)["stock"]
        assert db.update(PRODUCTS, 2, {"stock": current}) is not None
        assert db.changes == []
    finally:
        db.close()


def test_plain_rows_and_the_orm_share_one_transaction(engine: Engine) -> None:
    before = _stored(engine, 4)["stock"]
    db = Transaction(engine, write=True)
    try:
        product = db.session.get(Product, 4)
        assert product is not None
        product.stock = 77  # pending in the ORM: a plain read flushes it first
        row = db.one("SELECT stock FROM products WHERE id = 4")
        assert row is not None and row["stock"] == 77
        db.update(PRODUCTS, 5, {"stock": 55})
        fifth = db.session.get(Product, 5)
        assert fifth is not None and fifth.stock == 55
    finally:
        db.close()  # never committed: both changes are gone
    assert _stored(engine, 4)["stock"] == before
    assert _stored(engine, 5)["stock"] != 55


def test_single_statements_read_outside_any_transaction(engine: Engine) -> None:
    """A lone lookup (a write's caller, asked before it queues) holds no snapshot open."""
    db = Transaction(engine, write=False, single_statements=True)
    try:
        row = db.one("SELECT name FROM products WHERE id = 4")
        assert row is not None and row["name"] == _stored(engine, 4)["name"]
        assert not db.raw.in_transaction
    finally:
        db.close()
    db = Transaction(engine, write=False)
    try:
        assert db.raw.in_transaction  # a request's own reads share one snapshot
    finally:
        db.close()
    with pytest.raises(ValueError, match="single_statements is for reads"):
        Transaction(engine, write=True, single_statements=True)


def test_stored_values_convert_as_sqlalchemy_converts_them(engine: Engine) -> None:
    row = Transaction(engine, write=False)
    try:
        stored = row.one("SELECT * FROM products WHERE id = 1")
        assert stored is not None
        values = decoded(PRODUCTS, stored)
    finally:
        row.close()
    assert isinstance(values["created_at"], datetime) and isinstance(values["active"], bool)
    assert iso_stored(stored["created_at"]) == iso(values["created_at"])
    table = AuditRequest.__table__
    # a JSON column stores None as JSON null, as the ORM does; a datetime in SQLAlchemy's format
    body, at = encoded(table, {"body": None, "at": datetime(2026, 3, 2, 9, 0)})
    assert (body, at) == ("null", "2026-03-02 09:00:00.000000")


@pytest.mark.parametrize(
    ("column", "kind", "values"),
    [
        (
            "body",
            JSON(),
            [
                None,
                {"a": [1, 2.5, 'é\n"', None, True, {"b": {"c": [-0.0]}}]},
                {1: "key not a string"},
                [],
                "x",
                0,
                10**30,
                1e300,
                float("nan"),
                float("-inf"),
                JSON.NULL,
                null(),
            ],
        ),
        (
            "at",
            DateTime(),
            [
                datetime(2026, 3, 2, 9, 0),
                datetime(2026, 3, 2, 9, 0, 0, 5),
                datetime(999, 1, 1, 23, 59, 59, 999_999),
                datetime(1, 1, 1),
                datetime(2026, 3, 2, 9, 0, tzinfo=UTC),  # the ORM drops the zone: so do we
                date(2026, 3, 2),
                None,
            ],
        ),
    ],
)
def test_the_quick_codecs_store_what_the_orm_stores(
    column: str, kind: JSON | DateTime, values: list[object]
) -> None:
    """The audit log's JSON and timestamps take a one-call path; the ORM's processor is the
    reference for every value, sentinels and dates included."""
    orm = kind.dialect_impl(DIALECT).bind_processor(DIALECT)
    assert orm is not None
    (quick, _result) = column_codecs(AuditRequest.__table__)[column]
    assert quick is not None
    assert [quick(value) for value in values] == [orm(value) for value in values]


def test_a_compiled_statement_reads_the_rows_the_orm_reads(engine: Engine) -> None:
    rule = select(Product.id).where(Product.brand == bindparam("brand"), Product.stock > 0)
    statement = PlainStatement.of(rule.order_by(Product.id))
    db = Transaction(engine, write=False)
    try:
        brand = db.one("SELECT brand FROM products WHERE stock > 0 LIMIT 1")
        assert brand is not None
        plain = [row[0] for row in db.all(statement.sql, statement.params(brand=brand[0]))]
        by_orm = db.session.scalars(rule.order_by(Product.id), {"brand": brand[0]}).all()
    finally:
        db.close()
    assert plain == list(by_orm) and plain
