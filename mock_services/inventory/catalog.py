"""The rows requests name by a natural key: a product by SKU, a supplier by name, a warehouse or
bin by code, a user by username. Named in a path, a missing one is a 404; named in a body or a
query, a 422 naming the field."""

from __future__ import annotations

from typing import TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from mock_services.core.base.errors import NotFound, invalid_field
from mock_services.inventory.codes import canonical
from mock_services.inventory.models import Bin, Product, Supplier, User, Warehouse

RowT = TypeVar("RowT")


def _named(
    session: Session,
    column: InstrumentedAttribute[str],
    key: str,
    what: str,
    listing: str,
    field: str | None,
) -> object:
    row = session.scalar(select(column.class_).where(column == key))
    if row is not None:
        return row
    message = f"no {what} {key!r}; {listing}"
    raise invalid_field(field, message) if field else NotFound(message)


_FIND_SKUS = "find SKUs with GET /api/products"


def product_by_sku(session: Session, sku: str, field: str | None = None) -> Product:
    found = _named(session, Product.sku, canonical(sku), "product", _FIND_SKUS, field)
    assert isinstance(found, Product)
    return found


def no_product(sku: str) -> NotFound:
    """The 404 of a path naming the product ``sku`` (in its one spelling) that is not there."""
    return NotFound(f"no product {sku!r}; {_FIND_SKUS}")


def warehouse_by_code(session: Session, code: str, field: str | None = None) -> Warehouse:
    found = _named(
        session,
        Warehouse.code,
        canonical(code),
        "warehouse",
        "list them with GET /api/warehouses",
        field,
    )
    assert isinstance(found, Warehouse)
    return found


def bin_by_code(session: Session, code: str, field: str | None = None) -> Bin:
    """The bin ``code`` (case ignored), also by the full name the pages give it, as Odoo names
    a location ("EAST/Stock/EAST-RCV": its warehouse's, which must be the bin's)."""
    named = bin_in_full_name(session, code)
    if named is not None:
        return named
    found = _named(
        session,
        Bin.code,
        canonical(code),
        "bin",
        "each warehouse's bins are listed with GET /api/warehouses",
        field,
    )
    assert isinstance(found, Bin)
    return found


def bin_in_full_name(session: Session, name: str) -> Bin | None:
    """The bin a full location name ("EAST/Stock/EAST-RCV", any case) names, if it names one."""
    parts = [part.strip() for part in name.split("/")]
    if len(parts) != 3 or parts[1].casefold() != "stock":
        return None
    return session.scalar(
        select(Bin)
        .join(Warehouse, Warehouse.id == Bin.warehouse_id)
        .where(Bin.code == canonical(parts[2]), Warehouse.code == canonical(parts[0]))
    )


def supplier_named(session: Session, name: str, field: str | None = "supplier") -> Supplier:
    """The supplier ``name`` (case ignored)."""
    found = session.scalar(
        select(Supplier).where(func.lower(Supplier.name) == name.strip().lower())
    )
    if found is None:
        message = f"no supplier {name!r}; list them with GET /api/suppliers"
        raise invalid_field(field, message) if field else NotFound(message)
    return found


def user_named(session: Session, username: str, field: str) -> User:
    found = session.scalar(select(User).where(User.username == username.strip()))
    if found is None:
        raise invalid_field(field, f"no user {username!r}; list them with GET /api/users")
    return found
