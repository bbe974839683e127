"""Sales orders (``/api/sales-orders``): a customer's order shipped from one warehouse. Confirming
reserves its stock in the warehouse's bins (refused when not enough is available), shipping
takes the reserved stock out, cancelling releases it."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.inventory import alerts
from mock_services.inventory.access import SELLERS, WAREHOUSE, require_order_owner, require_role
from mock_services.inventory.catalog import user_named, warehouse_by_code
from mock_services.inventory.codes import canonical, next_number, so_code
from mock_services.inventory.models import (
    Bin,
    Product,
    Reservation,
    SalesOrder,
    SalesOrderLine,
    StockLevel,
    Warehouse,
)
from mock_services.inventory.purchasing import distinct_products
from mock_services.inventory.schemas import SoCreate, SoQuery
from mock_services.inventory.stock import record, short_of

SALES_ORDERS = Addressed(
    kind="sales order",
    by="code",
    shape=r"SO-\d{1,9}",
    sample=so_code(2001),
    table="sales_orders",
    owner_column="owner_id",
    hint="list them with GET /api/sales-orders",
)
FIRST_ID = 2001


def order_by_code(ctx: Ctx, code: str) -> SalesOrder:
    found = ctx.session.scalar(select(SalesOrder).where(SalesOrder.code == canonical(code)))
    if found is None:
        raise SALES_ORDERS.not_found(ctx, code)
    return found


def find_orders(ctx: Ctx, query: SoQuery) -> Page[SalesOrder]:
    """One page of sales orders, latest first."""
    stmt = select(SalesOrder).order_by(SalesOrder.id.desc())
    if query.status is not None:
        stmt = stmt.where(SalesOrder.status == query.status)
    if query.warehouse is not None:
        house = warehouse_by_code(ctx.session, query.warehouse, "warehouse")
        stmt = stmt.where(SalesOrder.warehouse_id == house.id)
    if query.owner == "me":
        stmt = stmt.where(SalesOrder.owner_id == ctx.user_id)
    elif query.owner is not None:
        stmt = stmt.where(SalesOrder.owner_id == user_named(ctx.session, query.owner, "owner").id)
    if query.q is not None:
        stmt = stmt.where(contains_text(SalesOrder.customer, query.q))
    return page_of_select(ctx.session, stmt, query)


def create_order(ctx: Ctx, body: SoCreate) -> SalesOrder:
    """A draft sales order owned by the caller; a line's price defaults to the product's."""
    require_role(ctx, "create sales orders", SELLERS)
    house = warehouse_by_code(ctx.session, body.warehouse, "warehouse")
    products = distinct_products(ctx, [line.sku for line in body.lines])
    order_id = next_number(ctx.session, SalesOrder, FIRST_ID)
    order = SalesOrder(
        id=order_id,
        code=so_code(order_id),
        customer=body.customer.strip(),
        customer_email=(body.customer_email or "").lower(),
        warehouse_id=house.id,
        owner_id=ctx.user_id,
        status="draft",
        notes=body.notes,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(order)
    ctx.session.flush()
    for line, product in zip(body.lines, products, strict=True):
        price = line.unit_price if line.unit_price is not None else product.price
        ctx.session.add(
            SalesOrderLine(
                sales_order_id=order.id,
                product_id=product.id,
                quantity=line.quantity,
                unit_price=price,
            )
        )
    ctx.session.flush()
    return order


def _lines(ctx: Ctx, order: SalesOrder) -> list[SalesOrderLine]:
    return list(
        ctx.session.scalars(
            select(SalesOrderLine)
            .where(SalesOrderLine.sales_order_id == order.id)
            .order_by(SalesOrderLine.id)
        )
    )


def _refuse(order: SalesOrder, action: str, allowed: str) -> Conflict:
    return Conflict(f"{order.code} is {order.status}; only {allowed} orders can be {action}")


def confirm_order(ctx: Ctx, code: str) -> SalesOrder:
    """Reserve the order's stock and confirm it; refused, naming the SKU and the numbers, when
    its warehouse has not enough available."""
    order = order_by_code(ctx, code)
    require_order_owner(ctx, order, "confirm sales orders")
    if order.status != "draft":
        raise _refuse(order, "confirmed", "draft")
    _reserve(ctx, order)
    return order


def _reserve(ctx: Ctx, order: SalesOrder) -> None:
    lines = _lines(ctx, order)
    before = alerts.snapshot(ctx.session, [line.product_id for line in lines])
    for line in lines:
        _reserve_line(ctx, order, line)
    order.status, order.confirmed_at = "confirmed", to_naive_utc(ctx.now)
    alerts.check(ctx, before, order.code)


def _reserve_line(ctx: Ctx, order: SalesOrder, line: SalesOrderLine) -> None:
    """Hold the line's quantity in the warehouse's bins, in bin order, taking what each has
    available."""
    product = ctx.session.get(Product, line.product_id)
    house = ctx.session.get(Warehouse, order.warehouse_id)
    assert product is not None and house is not None  # foreign keys
    levels = ctx.session.scalars(
        select(StockLevel)
        .join(Bin, Bin.id == StockLevel.bin_id)
        .where(StockLevel.product_id == product.id, Bin.warehouse_id == house.id)
        .order_by(Bin.code)
    ).all()
    on_hand, reserved = sum(lv.on_hand for lv in levels), sum(lv.reserved for lv in levels)
    if on_hand - reserved < line.quantity:
        raise Conflict(
            f"cannot reserve {order.code}: "
            f"{short_of(product, house.code, line.quantity, (on_hand, reserved))}"
        )
    left = line.quantity
    for held in levels:
        take = min(left, held.on_hand - held.reserved)
        if take <= 0:
            continue
        held.reserved += take
        ctx.session.add(Reservation(line_id=line.id, bin_id=held.bin_id, quantity=take))
        left -= take
        if left == 0:
            break
    ctx.session.flush()


def ship_order(ctx: Ctx, code: str) -> SalesOrder:
    """Ship an order: its reserved stock leaves the bins (a draft is reserved first)."""
    order = order_by_code(ctx, code)
    require_role(ctx, "ship sales orders", WAREHOUSE)
    if order.status not in ("draft", "confirmed"):
        raise _refuse(order, "shipped", "draft or confirmed")
    lines = _lines(ctx, order)
    before = alerts.snapshot(ctx.session, [line.product_id for line in lines])
    if order.status == "draft":
        for line in lines:
            _reserve_line(ctx, order, line)
        order.confirmed_at = to_naive_utc(ctx.now)
    for line in lines:
        product = ctx.session.get(Product, line.product_id)
        assert product is not None
        for held in _held(ctx, line):
            level = _level_of(ctx, line.product_id, held.bin_id)
            level.on_hand -= held.quantity
            level.reserved -= held.quantity
            source = ctx.session.get(Bin, held.bin_id)
            record(ctx, "shipment", product, held.quantity, from_bin=source, reference=order.code)
            ctx.session.delete(held)
    order.status, order.shipped_at = "shipped", to_naive_utc(ctx.now)
    ctx.session.flush()
    alerts.check(ctx, before, order.code)
    return order


def cancel_order(ctx: Ctx, code: str) -> SalesOrder:
    """Cancel a draft or confirmed order; a confirmed one's reserved stock is released."""
    order = order_by_code(ctx, code)
    require_order_owner(ctx, order, "cancel sales orders")
    if order.status not in ("draft", "confirmed"):
        raise _refuse(order, "cancelled", "draft or confirmed")
    for line in _lines(ctx, order):
        for held in _held(ctx, line):
            _level_of(ctx, line.product_id, held.bin_id).reserved -= held.quantity
            ctx.session.delete(held)
    order.status, order.cancelled_at = "cancelled", to_naive_utc(ctx.now)
    ctx.session.flush()
    return order


def _held(ctx: Ctx, line: SalesOrderLine) -> list[Reservation]:
    return list(
        ctx.session.scalars(
            select(Reservation).where(Reservation.line_id == line.id).order_by(Reservation.id)
        )
    )


def _level_of(ctx: Ctx, product_id: int, bin_id: int) -> StockLevel:
    found = ctx.session.scalar(
        select(StockLevel).where(StockLevel.product_id == product_id, StockLevel.bin_id == bin_id)
    )
    assert found is not None  # a reservation holds stock of a row that exists
    return found
