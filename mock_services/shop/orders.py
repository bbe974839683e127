"""The orders' rules (the checkout and orders areas): checkout turns the cart into a paid order;
cancellation, returns with their refund, and receipt confirmation. Customers are mailed after the
commit when notifications are on."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import require_owner
from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, ValidationFailed
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.shop.access import address_of, payment_method_of
from mock_services.shop.accounts import card_expired
from mock_services.shop.cart import CartView, cart, name_with_sku, single_item
from mock_services.shop.models import (
    CANCELLABLE_STATUSES,
    CartItem,
    Order,
    OrderEvent,
    OrderItem,
    PaymentMethod,
    Product,
    RefundMethod,
)
from mock_services.shop.money import fmt, return_refund_cents
from mock_services.shop.seed import order_code

RETURN_WINDOW = timedelta(days=30)
DEFAULT_SENDER = "orders@shop.example.com"
_OPEN_LIST = ", ".join(CANCELLABLE_STATUSES)


def _record(ctx: Ctx, order: Order, status: str, note: str | None = None) -> None:
    order.status = status
    ctx.session.add(
        OrderEvent(order_id=order.id, status=status, at=to_naive_utc(ctx.now), note=note)
    )


def _next_order(session: Session) -> tuple[int, str]:
    order_id = (session.scalar(select(func.max(Order.id))) or 0) + 1
    code, n = order_code(order_id), 1
    while session.scalar(select(Order.id).where(Order.code == code)) is not None:
        n += 1
        code = f"{order_code(order_id)}-{n}"
    return order_id, code


def checkout(
    ctx: Ctx,
    address_id: int,
    payment_method_id: int,
    note: str | None,
    buy_now: tuple[int, int] | None = None,
) -> Order:
    """Turn the caller's cart into a paid order: stock and gift card balance are debited. With
    ``buy_now`` (a product id and quantity, a product page's "Buy now", as Amazon's), that
    product alone is ordered and the cart is left as it is."""
    view = cart(ctx) if buy_now is None else single_item(ctx, *buy_now)
    if not view.lines:
        raise Conflict("your cart is empty; add products with POST /api/cart/items first")
    address = address_of(ctx, address_id)
    method = payment_method_of(ctx, payment_method_id)
    _check_lines(view)
    total = view.total_cents
    _check_payment(ctx, method, total)
    order_id, code = _next_order(ctx.session)
    now = to_naive_utc(ctx.now)
    order = Order(
        id=order_id,
        code=code,
        user_id=ctx.user_id,
        status="paid",
        address_id=address.id,
        ship_recipient=address.recipient,
        ship_line1=address.line1,
        ship_line2=address.line2,
        ship_city=address.city,
        ship_region=address.region,
        ship_postal_code=address.postal_code,
        ship_country=address.country,
        ship_phone=address.phone,
        payment_method_id=method.id,
        payment_type=method.type,
        payment_label=method.label,
        subtotal_cents=view.subtotal_cents,
        shipping_cents=view.shipping_cents,
        total_cents=total,
        refunded_cents=0,
        note=note or None,
        placed_at=now,
    )
    ctx.session.add(order)
    ctx.session.flush()
    for line in view.lines:
        ctx.session.add(
            OrderItem(
                order_id=order.id,
                product_id=line.product_id,
                sku=line.sku,
                name=line.name,
                unit_price_cents=line.price_cents,
                quantity=line.quantity,
                line_total_cents=line.price_cents * line.quantity,
                return_quantity=0,
            )
        )
        product = ctx.session.get(Product, line.product_id)
        assert product is not None
        product.stock -= line.quantity
        if line.id:  # a cart line (a Buy now's is in no cart)
            ctx.session.delete(ctx.session.get(CartItem, line.id))
    if method.type == "gift_card":
        method.balance_cents = (method.balance_cents or 0) - total
    _record(ctx, order, "paid")
    ctx.session.flush()
    _mail_confirmation(ctx, order, view)
    return order


def _check_lines(view: CartView) -> None:
    """Every line of the cart still sold and in stock, or a 409 naming the line."""
    for line in view.lines:
        if not line.active:
            raise Conflict(f"{name_with_sku(line)} is no longer sold; remove it from your cart")
        if line.exceeds_stock:
            left = f"only {line.stock}" if line.stock else "none"
            raise Conflict(
                f"{name_with_sku(line)} ran out of stock: {left} left, your cart has "
                f"{line.quantity}; lower the quantity or remove it"
            )


def _check_payment(ctx: Ctx, method: PaymentMethod, total: int) -> None:
    """A card not expired, a gift card that covers ``total``, or a 409 saying which."""
    if method.type == "card" and card_expired(method.exp_month or 1, method.exp_year or 0, ctx):
        raise Conflict(
            f"{method.label} expired in {method.exp_month:02d}/{method.exp_year}; "
            "choose another payment method"
        )
    if method.type == "gift_card" and (method.balance_cents or 0) < total:
        raise Conflict(
            f"{method.label} has {fmt(method.balance_cents)} left, not enough for the order "
            f"total of {fmt(total)}; choose another payment method"
        )


def _mail_confirmation(ctx: Ctx, order: Order, view: CartView) -> None:
    lines = "\n".join(
        f"  {line.quantity} x {line.name} ({line.sku})  {fmt(line.quantity * line.price_cents)}"
        for line in view.lines
    )
    _mail(
        ctx,
        f"Your order {order.code} is confirmed",
        f"Hello {ctx.user.display_name},\n\nthank you for your order {order.code}.\n\n{lines}\n\n"
        f"Subtotal: {fmt(order.subtotal_cents)}\nShipping: {fmt(order.shipping_cents)}\n"
        f"Total: {fmt(order.total_cents)} (paid with {order.payment_label})\n\n"
        f"Ships to: {order.ship_recipient}, {order.ship_line1}, {order.ship_city} "
        f"{order.ship_postal_code}, {order.ship_country}\n",
    )


def _mail(ctx: Ctx, subject: str, body: str) -> None:
    target = ctx.runtime.notifications
    if target is None:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Shop orders",
        to=[ctx.user.email],
        subject=subject,
        body=body,
        labels=["shop"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


def list_orders(ctx: Ctx, status: str | None, paging: Paging) -> Page[Order]:
    """One page of the caller's orders, newest first, only those in ``status`` if given."""
    where = [Order.user_id == ctx.user_id]
    if status:
        where.append(Order.status == status)
    newest_first = (Order.placed_at.desc(), Order.id.desc())
    return page_of_select(ctx.session, select(Order).where(*where).order_by(*newest_first), paging)


def items_by_order(session: Session, order_ids: list[int]) -> dict[int, list[OrderItem]]:
    """The items of each of these orders, in one query (the order list shows them all)."""
    found: dict[int, list[OrderItem]] = {order_id: [] for order_id in order_ids}
    if order_ids:
        rows = session.scalars(
            select(OrderItem).where(OrderItem.order_id.in_(order_ids)).order_by(OrderItem.id)
        )
        for item in rows:
            found[item.order_id].append(item)
    return found


def order_item_counts(session: Session, order_ids: list[int]) -> dict[int, int]:
    if not order_ids:
        return {}
    return dict(
        session.execute(
            select(OrderItem.order_id, func.sum(OrderItem.quantity))
            .where(OrderItem.order_id.in_(order_ids))
            .group_by(OrderItem.order_id)
        ).all()
    )


ORDERS = Addressed(
    kind="order",
    by="code",
    shape=r"ORD-\d+(-\d+)?",
    sample=order_code(1),
    table="orders",
    owner_column="user_id",
    hint="list yours with GET /api/orders",
)


def canonical_code(code: str) -> str:
    """An order code in its one spelling (`` ord-100003`` is ``ORD-100003``)."""
    return code.strip().upper()


def order_by_code(ctx: Ctx, code: str) -> Order:
    order = ctx.session.scalar(select(Order).where(Order.code == canonical_code(code)))
    if order is None:
        raise ORDERS.not_found(ctx, code)
    return require_owner(order, ctx.user_id, kind="order", key=order.code, owner_attr="user_id")


def placed_in_its_minute(session: Session, order: Order) -> bool:
    """Whether another order of its buyer was placed in the same minute: its page then says
    the seconds, as the order list does, so the two read apart."""
    minute = order.placed_at.replace(second=0, microsecond=0)
    return bool(
        session.scalar(
            select(func.count())
            .select_from(Order)
            .where(
                Order.user_id == order.user_id,
                Order.id != order.id,
                Order.placed_at >= minute,
                Order.placed_at < minute + timedelta(minutes=1),
            )
        )
    )


def order_items(session: Session, order: Order) -> list[OrderItem]:
    return list(
        session.scalars(
            select(OrderItem).where(OrderItem.order_id == order.id).order_by(OrderItem.id)
        )
    )


def order_events(session: Session, order: Order) -> list[OrderEvent]:
    return list(
        session.scalars(
            select(OrderEvent)
            .where(OrderEvent.order_id == order.id)
            .order_by(OrderEvent.at, OrderEvent.id)
        )
    )


def cancel_order(ctx: Ctx, code: str, reason: str | None) -> Order:
    order = order_by_code(ctx, code)
    if order.status not in CANCELLABLE_STATUSES:
        hint = (
            "; request a return instead (POST /api/orders/<code>/return)"
            if order.status == "delivered"
            else ""
        )
        raise Conflict(
            f"order {order.code} is {order.status}; only {_OPEN_LIST} orders can be cancelled{hint}"
        )
    for item in order_items(ctx.session, order):
        product = ctx.session.get(Product, item.product_id)
        assert product is not None
        product.stock += item.quantity
    refund_note = _refund(ctx, order, order.total_cents, "original_payment")
    order.cancelled_at = to_naive_utc(ctx.now)
    order.cancel_reason = reason or None
    _record(ctx, order, "cancelled", reason or None)
    _mail(
        ctx,
        f"Your order {order.code} was cancelled",
        f"Hello {ctx.user.display_name},\n\nyour order {order.code} was cancelled"
        f"{f' ({reason})' if reason else ''}.\nWe {refund_note}.\n",
    )
    return order


def _refund(ctx: Ctx, order: Order, cents: int, method: RefundMethod) -> str:
    """Pay ``cents`` of ``order`` back to its payment method (a gift card's balance goes up; a
    card or PayPal is credited by its issuer) or as the caller's store credit; says where."""
    if method == "store_credit":
        ctx.user.store_credit_cents += cents
        where = "as store credit"
    else:
        if order.payment_type == "gift_card":
            card = (
                ctx.session.get(PaymentMethod, order.payment_method_id)
                if order.payment_method_id is not None
                else None
            )
            if card is None:
                raise Conflict(
                    f"{order.payment_label}, which paid for order {order.code}, was removed; "
                    "choose refund_method 'store_credit'"
                )
            card.balance_cents = (card.balance_cents or 0) + cents
        where = f"to {order.payment_label}"
    order.refunded_cents += cents
    return f"refunded {fmt(cents)} {where}"


def request_return(
    ctx: Ctx,
    code: str,
    reason: str,
    items: list[tuple[int, int]] | None,
    refund_method: RefundMethod = "original_payment",
) -> Order:
    """Accept the return of a delivered order within its window and refund it at once."""
    order = order_by_code(ctx, code)
    if order.status != "delivered":
        raise Conflict(
            f"order {order.code} is {order.status}; only delivered orders can be returned"
        )
    assert order.delivered_at is not None
    deadline = order.delivered_at + RETURN_WINDOW
    if to_naive_utc(ctx.now) > deadline:
        raise Conflict(
            f"the 30-day return window of order {order.code} closed on "
            f"{deadline.date().isoformat()} (delivered {order.delivered_at.date().isoformat()})"
        )
    lines = order_items(ctx.session, order)
    by_id = {line.id: line for line in lines}
    wanted = items if items is not None else [(line.id, line.quantity) for line in lines]
    seen: set[int] = set()
    for item_id, quantity in wanted:
        line = by_id.get(item_id)
        if line is None:
            raise ValidationFailed(
                f"item {item_id} is not part of order {order.code}; its item ids are "
                f"{', '.join(str(i) for i in by_id)}"
            )
        if item_id in seen:
            raise ValidationFailed(f"item {item_id} is listed twice")
        seen.add(item_id)
        if quantity > line.quantity:
            raise ValidationFailed(
                f"item {item_id} ({line.name}) was ordered {line.quantity} time(s); "
                f"cannot return {quantity}"
            )
    for item_id, quantity in wanted:
        by_id[item_id].return_quantity = quantity
    cents = return_refund_cents(
        ((line.unit_price_cents, line.quantity, line.return_quantity) for line in lines),
        order.shipping_cents,
    )
    refund_note = _refund(ctx, order, cents, refund_method)
    order.return_reason = reason
    order.return_requested_at = to_naive_utc(ctx.now)
    order.return_refund_method = refund_method
    _record(ctx, order, "return_requested", reason)
    _mail(
        ctx,
        f"Your return of order {order.code}",
        f"Hello {ctx.user.display_name},\n\nwe accepted the return of order {order.code} "
        f"({reason}).\nWe {refund_note}.\n",
    )
    return order


def confirm_receipt(ctx: Ctx, code: str) -> Order:
    order = order_by_code(ctx, code)
    if order.status != "shipped":
        raise Conflict(
            f"order {order.code} is {order.status}; only shipped orders can be confirmed "
            "as received"
        )
    order.delivered_at = to_naive_utc(ctx.now)
    _record(ctx, order, "delivered")
    return order
