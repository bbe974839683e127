"""Purchase orders (``/api/purchase-orders``): orders to a supplier for delivery to a warehouse,
drafted, sent (mailed to the supplier, the delivery put on the calendar), received line by line
into bins (partly, then wholly) or cancelled."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy import ColumnElement, and_, not_, select

from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.inventory import notices
from mock_services.inventory.access import MANAGERS, WAREHOUSE, require_role
from mock_services.inventory.catalog import (
    bin_by_code,
    product_by_sku,
    supplier_named,
    warehouse_by_code,
)
from mock_services.inventory.codes import canonical, next_number, po_code
from mock_services.inventory.levels import level
from mock_services.inventory.models import PoStatus, Product, PurchaseOrder, PurchaseOrderLine
from mock_services.inventory.schemas import (
    CancelRequest,
    PoCreate,
    PoQuery,
    ReceiveLine,
    ReceiveRequest,
)
from mock_services.inventory.stock import record

PURCHASE_ORDERS = Addressed(
    kind="purchase order",
    by="code",
    shape=r"PO-\d{1,9}",
    sample=po_code(1001),
    table="purchase_orders",
    owner_column="created_by_id",
    hint="list them with GET /api/purchase-orders",
)
FIRST_ID = 1001
ARRIVING: tuple[PoStatus, ...] = ("sent", "partly_received")
"""The orders whose goods are still to arrive: sent, and not wholly received."""


def late(today: date) -> ColumnElement[bool]:
    """Odoo's late receipts: still to arrive and expected before ``today``. The one rule the
    API's ``late`` filter and the overview's "Late" counter share."""
    return and_(
        PurchaseOrder.status.in_(ARRIVING),
        PurchaseOrder.expected_date.is_not(None),
        PurchaseOrder.expected_date < today,
    )


def order_by_code(ctx: Ctx, code: str) -> PurchaseOrder:
    found = ctx.session.scalar(select(PurchaseOrder).where(PurchaseOrder.code == canonical(code)))
    if found is None:
        raise PURCHASE_ORDERS.not_found(ctx, code)
    return found


def find_orders(ctx: Ctx, query: PoQuery) -> Page[PurchaseOrder]:
    """One page of purchase orders, latest first."""
    stmt = select(PurchaseOrder).order_by(PurchaseOrder.id.desc())
    if query.status is not None:
        stmt = stmt.where(PurchaseOrder.status == query.status)
    if query.supplier is not None:
        stmt = stmt.where(
            PurchaseOrder.supplier_id == supplier_named(ctx.session, query.supplier).id
        )
    if query.warehouse is not None:
        house = warehouse_by_code(ctx.session, query.warehouse, "warehouse")
        stmt = stmt.where(PurchaseOrder.warehouse_id == house.id)
    if query.late is not None:
        stmt = stmt.where(late(ctx.today) if query.late else not_(late(ctx.today)))
    return page_of_select(ctx.session, stmt, query)


def distinct_products(ctx: Ctx, skus: Sequence[str]) -> list[Product]:
    """The products of an order's lines, one line each (422 naming a line's ``sku``)."""
    products: list[Product] = []
    for n, sku in enumerate(skus):
        product = product_by_sku(ctx.session, sku, f"lines.{n}.sku")
        if product in products:
            raise invalid_field(
                f"lines.{n}.sku", f"{product.sku} is on line {products.index(product)} already"
            )
        if not product.active:
            raise invalid_field(f"lines.{n}.sku", f"{product.sku} is no longer active")
        products.append(product)
    return products


def create_order(ctx: Ctx, body: PoCreate) -> PurchaseOrder:
    """A draft purchase order; a line's unit cost defaults to the product's cost."""
    require_role(ctx, "create purchase orders", WAREHOUSE)
    supplier = supplier_named(ctx.session, body.supplier)
    house = warehouse_by_code(ctx.session, body.warehouse, "warehouse")
    products = distinct_products(ctx, [line.sku for line in body.lines])
    order_id = next_number(ctx.session, PurchaseOrder, FIRST_ID)
    order = PurchaseOrder(
        id=order_id,
        code=po_code(order_id),
        supplier_id=supplier.id,
        warehouse_id=house.id,
        status="draft",
        created_by_id=ctx.user_id,
        expected_date=body.expected_date,
        notes=body.notes,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(order)
    ctx.session.flush()
    for line, product in zip(body.lines, products, strict=True):
        cost = line.unit_cost if line.unit_cost is not None else product.cost
        ctx.session.add(
            PurchaseOrderLine(
                purchase_order_id=order.id,
                product_id=product.id,
                quantity=line.quantity,
                received_quantity=0,
                unit_cost=cost,
            )
        )
    ctx.session.flush()
    return order


def _refuse(order: PurchaseOrder, action: str, allowed: str) -> Conflict:
    return Conflict(f"{order.code} is {order.status}; only {allowed} orders can be {action}")


def send_order(ctx: Ctx, code: str) -> PurchaseOrder:
    """Send a draft to its supplier: mailed, its delivery put on the calendar."""
    order = order_by_code(ctx, code)
    require_role(ctx, "send purchase orders", MANAGERS)
    if order.status != "draft":
        raise _refuse(order, "sent", "draft")
    order.status, order.sent_at = "sent", to_naive_utc(ctx.now)
    notices.purchase_order(ctx, order, "request")
    return order


def cancel_order(ctx: Ctx, code: str, body: CancelRequest) -> PurchaseOrder:
    """Cancel a draft or sent order (a sent one: the supplier is told)."""
    order = order_by_code(ctx, code)
    require_role(ctx, "cancel purchase orders", MANAGERS)
    if order.status not in ("draft", "sent"):
        raise _refuse(order, "cancelled", "draft or sent")
    was_sent = order.status == "sent"
    order.status, order.cancelled_at = "cancelled", to_naive_utc(ctx.now)
    if body.reason:
        order.notes = f"{order.notes}\nCancelled: {body.reason}".strip()
    if was_sent:
        notices.purchase_order(ctx, order, "cancel", body.reason)
    return order


def lines_of(ctx: Ctx, order: PurchaseOrder) -> list[PurchaseOrderLine]:
    return list(
        ctx.session.scalars(
            select(PurchaseOrderLine)
            .where(PurchaseOrderLine.purchase_order_id == order.id)
            .order_by(PurchaseOrderLine.id)
        )
    )


def receive_order(ctx: Ctx, code: str, body: ReceiveRequest) -> PurchaseOrder:
    """Receive delivered units into bins of the order's warehouse: the stock grows, the lines
    count what came, and the order is partly received, then received."""
    order = order_by_code(ctx, code)
    require_role(ctx, "receive purchase orders", WAREHOUSE)
    if order.status not in ("sent", "partly_received"):
        hint = "; send it first" if order.status == "draft" else ""
        raise Conflict(
            f"{order.code} is {order.status}; only sent or partly received orders can be "
            f"received{hint}"
        )
    lines = lines_of(ctx, order)
    wanted = body.lines if body.lines is not None else _outstanding(ctx, lines, body)
    by_product = {line.product_id: line for line in lines}
    for n, item in enumerate(wanted):
        _receive_line(ctx, order, by_product, n, item, body.bin)
    if all(line.received_quantity >= line.quantity for line in lines):
        order.status, order.received_at = "received", to_naive_utc(ctx.now)
    else:
        order.status = "partly_received"
    return order


def _outstanding(
    ctx: Ctx, lines: list[PurchaseOrderLine], body: ReceiveRequest
) -> list[ReceiveLine]:
    """Everything not received yet, as lines to receive into the body's bin."""
    if body.bin is None:
        raise invalid_field("bin", "name the bin to receive into, or list the lines with theirs")
    wanted = []
    for line in lines:
        if line.quantity > line.received_quantity:
            product = ctx.session.get(Product, line.product_id)
            assert product is not None  # a foreign key
            wanted.append(
                ReceiveLine(sku=product.sku, quantity=line.quantity - line.received_quantity)
            )
    return wanted


def _receive_line(
    ctx: Ctx,
    order: PurchaseOrder,
    by_product: dict[int, PurchaseOrderLine],
    n: int,
    item: ReceiveLine,
    default_bin: str | None,
) -> None:
    where = f"lines.{n}"
    product = product_by_sku(ctx.session, item.sku, f"{where}.sku")
    line = by_product.get(product.id)
    if line is None:
        raise invalid_field(f"{where}.sku", f"{order.code} has no line for {product.sku}")
    left = line.quantity - line.received_quantity
    if item.quantity > left:
        raise invalid_field(
            f"{where}.quantity",
            f"{product.sku}: {line.quantity} ordered, {line.received_quantity} received, "
            f"{left} outstanding; cannot receive {item.quantity}",
        )
    code = item.bin or default_bin
    if code is None:
        raise invalid_field(f"{where}.bin", "name the bin it goes to (or a bin for all lines)")
    into = bin_by_code(ctx.session, code, f"{where}.bin" if item.bin else "bin")
    if into.warehouse_id != order.warehouse_id:
        raise invalid_field(
            f"{where}.bin" if item.bin else "bin",
            f"bin {into.code} is not in the warehouse {order.code} is delivered to",
        )
    line.received_quantity += item.quantity
    level(ctx.session, product, into).on_hand += item.quantity
    record(ctx, "receipt", product, item.quantity, to_bin=into, reference=order.code)
