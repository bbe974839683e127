"""What the Inventory tells people through other services once a request commits: low-stock
alerts mailed to the managers, purchase orders (and their cancellation) mailed to the supplier
with a copy to the sender, and an expected delivery put on the calendar of the sender and the
managers (the calendar's ``POST /admin/invitations``). No-ops unless the seed wires them."""

from __future__ import annotations

from datetime import time, timedelta
from typing import Literal

from sqlalchemy import select

from mock_services.core.base.clock import aware_utc, naive_utc_at
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import (
    CalendarInvitation,
    MailDelivery,
    ServiceDelivery,
    deliver_mail,
    deliver_to_service,
)
from mock_services.inventory.models import (
    LowStockAlert,
    Product,
    PurchaseOrder,
    PurchaseOrderLine,
    Supplier,
    User,
    Warehouse,
)

DEFAULT_SENDER = "inventory@example.test"
DELIVERY_SLOT = (time(9, 0), timedelta(hours=1))
"""An expected delivery's slot on the calendar: 09:00 to 10:00 on its day, local time."""


def _managers(ctx: Ctx) -> list[User]:
    return list(ctx.session.scalars(select(User).where(User.role == "manager").order_by(User.id)))


def _send(ctx: Ctx, mail: MailDelivery) -> None:
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


def low_stock(ctx: Ctx, product: Product, alert: LowStockAlert) -> None:
    """Mail the managers that ``product`` is at or below its reorder point."""
    target = ctx.runtime.notifications
    managers = _managers(ctx)
    if target is None or not managers:
        return
    supplier = ctx.session.get(Supplier, product.supplier_id) if product.supplier_id else None
    source = f"{supplier.name} <{supplier.email}>" if supplier else "no supplier on file"
    _send(
        ctx,
        MailDelivery(
            sender=target.sender or DEFAULT_SENDER,
            sender_name="Inventory",
            to=[m.email for m in managers],
            subject=f"Low stock: {product.sku} {product.name}"[:500],
            body=(
                f"{product.sku} ({product.name}) is down to {alert.available} {product.unit} "
                f"available, at or below its reorder point of {alert.reorder_point} "
                f"(after {alert.reference}).\n\n"
                f"Reorder quantity: {product.reorder_quantity}. Supplier: {source}.\n"
                "Create a purchase order with POST /api/purchase-orders or on the "
                "Purchase orders page."
            ),
            labels=["inventory"],
        ),
    )


def _order_text(ctx: Ctx, order: PurchaseOrder, house: Warehouse) -> str:
    lines = ctx.session.scalars(
        select(PurchaseOrderLine)
        .where(PurchaseOrderLine.purchase_order_id == order.id)
        .order_by(PurchaseOrderLine.id)
    )
    rows = []
    for line in lines:
        product = ctx.session.get(Product, line.product_id)
        assert product is not None  # a foreign key
        rows.append(
            f"- {product.sku} {product.name}: {line.quantity} {product.unit} "
            f"at {line.unit_cost:.2f}"
        )
    due = (
        f"Delivery expected on {order.expected_date.isoformat()}.\n" if order.expected_date else ""
    )
    return (
        "\n".join(rows)
        + f"\n\nDeliver to: {house.name}, {house.address}\n{due}"
        + (f"\n{order.notes}\n" if order.notes else "")
    )


def purchase_order(
    ctx: Ctx, order: PurchaseOrder, method: Literal["request", "cancel"], reason: str = ""
) -> None:
    """Mail the supplier the order (or its cancellation), a copy to the caller, and put the
    expected delivery on the calendar (or take it off)."""
    supplier = ctx.session.get(Supplier, order.supplier_id)
    house = ctx.session.get(Warehouse, order.warehouse_id)
    assert supplier is not None and house is not None  # foreign keys
    me = ctx.user
    if method == "request":
        subject = f"Purchase order {order.code}"
        body = f"Dear {supplier.contact_name or supplier.name},\n\nPlease supply:\n\n"
        body += _order_text(ctx, order, house)
    else:
        subject = f"Cancelled: purchase order {order.code}"
        body = f"Dear {supplier.contact_name or supplier.name},\n\nPlease cancel {order.code}."
        body += f"\nReason: {reason}\n" if reason else "\n"
    body += f"\nRegards,\n{me.display_name}"
    if ctx.runtime.notifications is not None:
        _send(
            ctx,
            MailDelivery(
                sender=me.email,
                sender_name=me.display_name,
                to=[supplier.email, me.email],
                subject=subject,
                body=body,
                labels=["inventory"],
            ),
        )
    if order.expected_date is not None:
        _delivery(ctx, order, supplier, house, method)


def _delivery(
    ctx: Ctx,
    order: PurchaseOrder,
    supplier: Supplier,
    house: Warehouse,
    method: Literal["request", "cancel"],
) -> None:
    assert order.expected_date is not None  # checked by the caller
    tz = ctx.runtime.clock.tz
    start = aware_utc(naive_utc_at(order.expected_date, DELIVERY_SLOT[0], tz))
    attendees = list(dict.fromkeys([ctx.user.email, *(m.email for m in _managers(ctx))]))
    invitation = CalendarInvitation(
        uid=f"{order.code.lower()}@inventory",
        method=method,
        organizer=ctx.user.email,
        organizer_name=ctx.user.display_name,
        attendees=attendees,
        title=f"Delivery {order.code} from {supplier.name}",
        description=f"Purchase order {order.code} due at {house.name}.",
        location=f"{house.name}, {house.address}",
        start=start,
        end=start + DELIVERY_SLOT[1],
        timezone=tz.key,
    )
    delivery = ServiceDelivery(
        service="calendar",
        path="/admin/invitations",
        payload=invitation,
        recipients=attendees,
        subject=invitation.title,
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_to_service(runtime, delivery))
