"""Products and suppliers (``/api/products``, ``/api/suppliers``): the catalogue the stock is
kept in, who supplies each product, and the reorder point and quantity that drive low stock."""

from __future__ import annotations

from sqlalchemy import func, or_, select

from mock_services.core.base.errors import Conflict, NotFound
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.inventory.access import MANAGERS, require_role
from mock_services.inventory.catalog import product_by_sku, supplier_named
from mock_services.inventory.codes import canonical
from mock_services.inventory.levels import available, totals
from mock_services.inventory.models import Product, Supplier
from mock_services.inventory.schemas import (
    ProductCreate,
    ProductQuery,
    ProductUpdate,
    SupplierCreate,
)


def find_products(ctx: Ctx, query: ProductQuery) -> Page[int]:
    """One page of products by SKU, narrowed by the query's filters: their ids, for
    ``present.products_out``."""
    session = ctx.session
    stmt = select(Product.id).order_by(Product.sku)
    if query.q is not None:
        stmt = stmt.where(
            or_(contains_text(Product.sku, query.q), contains_text(Product.name, query.q))
        )
    if query.category is not None:
        stmt = stmt.where(contains_text(Product.category, query.category))
    if query.supplier is not None:
        stmt = stmt.where(Product.supplier_id == supplier_named(session, query.supplier).id)
    if query.active is not None:
        stmt = stmt.where(Product.active.is_(query.active))
    if query.low is None:
        return page_of_select(session, stmt, query)
    held = totals(session)
    found = [
        product_id
        for product_id, active, point in session.execute(
            stmt.add_columns(Product.active, Product.reorder_point)
        )
        if (active and available(held, product_id) <= point) == query.low
    ]
    return page_of(found, query)


def taken_field(field: str, message: str, plain: str | None = None) -> Conflict:
    """The 409 of a new record whose ``field`` another one has: its details name the body
    field (the web form shows ``plain``, else the message, next to it, the input kept)."""
    return Conflict(
        message,
        details=[{"loc": ["body", field], "message": plain or message, "type": "conflict"}],
    )


def create_product(ctx: Ctx, body: ProductCreate) -> Product:
    """A new product (no stock yet); its SKU is kept upper case and must be new."""
    require_role(ctx, "add products", MANAGERS)
    sku = canonical(body.sku)
    taken = ctx.session.scalar(select(Product).where(Product.sku == sku))
    if taken is not None:
        raise taken_field(
            "sku", f"SKU {sku} is already {taken.name!r}; change that product instead"
        )
    supplier = supplier_named(ctx.session, body.supplier) if body.supplier else None
    product = Product(
        sku=sku,
        name=body.name,
        category=body.category,
        unit=body.unit,
        cost=body.cost,
        price=body.price,
        supplier_id=supplier.id if supplier else None,
        reorder_point=body.reorder_point,
        reorder_quantity=body.reorder_quantity,
        active=True,
    )
    ctx.session.add(product)
    ctx.session.flush()
    return product


def update_product(ctx: Ctx, sku: str, body: ProductUpdate) -> Product:
    """Change the fields given; ``supplier`` null leaves the product without one."""
    product = product_by_sku(ctx.session, sku)
    require_role(ctx, "change products", MANAGERS)
    changes = body.model_dump(exclude_unset=True)
    if "supplier" in changes:
        name = changes.pop("supplier")
        product.supplier_id = supplier_named(ctx.session, name).id if name else None
    for field, value in changes.items():
        if value is not None:
            setattr(product, field, value)
    ctx.session.flush()
    return product


def suppliers(ctx: Ctx) -> list[Supplier]:
    return list(ctx.session.scalars(select(Supplier).order_by(Supplier.name)))


def supplier(ctx: Ctx, supplier_id: int) -> Supplier:
    found = ctx.session.get(Supplier, supplier_id)
    if found is None:
        raise NotFound(f"no supplier {supplier_id}; list them with GET /api/suppliers")
    return found


def create_supplier(ctx: Ctx, body: SupplierCreate) -> Supplier:
    """A new supplier; a name already known is a 409."""
    require_role(ctx, "add suppliers", MANAGERS)
    taken = ctx.session.scalar(
        select(Supplier).where(func.lower(Supplier.name) == body.name.strip().lower())
    )
    if taken is not None:
        raise taken_field(
            "name",
            f"supplier {taken.id} is already named {taken.name!r}",
            f"a supplier named {taken.name!r} exists already (supplier {taken.id})",
        )
    added = Supplier(
        name=body.name.strip(),
        contact_name=body.contact_name,
        email=body.email.lower(),
        phone=body.phone,
        lead_time_days=body.lead_time_days,
    )
    ctx.session.add(added)
    ctx.session.flush()
    return added
