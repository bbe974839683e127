"""The shop's business rules, shared by the JSON API and the web UI.

Every function takes the request's ``Ctx`` (session, clock, caller) and mutates rows through ORM
objects, so the audit log records what changed. Failures are ``ApiError``s in plain words.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import check_owner, require_owner
from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.base.search import SQL_FUNCTION
from mock_services.core.data.db import table_of
from mock_services.core.data.paging import Page, Paging, page_of_select, page_offset
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.shop.models import (
    CANCELLABLE_STATUSES,
    Address,
    CartItem,
    Category,
    Order,
    OrderEvent,
    OrderItem,
    PaymentMethod,
    Product,
    RefundMethod,
    User,
)
from mock_services.shop.money import fmt, return_refund_cents, shipping_for, to_cents
from mock_services.shop.seed import order_code, payment_label

RETURN_WINDOW = timedelta(days=30)
DEFAULT_SENDER = "orders@shop.example.com"
_OPEN_LIST = ", ".join(CANCELLABLE_STATUSES)


# --- Catalogue -------------------------------------------------------------------------------


def category_ids_under(db: Transaction, slug: str) -> list[int]:
    """The id of the category ``slug`` and the ids of all categories below it; 404 if there
    is no such category."""
    rows = db.all("SELECT id, parent_id, slug FROM categories ORDER BY id")
    root = next((row["id"] for row in rows if row["slug"] == slug), None)
    if root is None:
        known = [row["slug"] for row in rows if row["parent_id"] is None]
        raise NotFound(
            f"no category with slug {slug!r}; top-level categories are: "
            f"{', '.join(known) or 'none'} (see GET /api/categories)"
        )
    children: dict[int | None, list[int]] = {}
    for row in rows:
        children.setdefault(row["parent_id"], []).append(row["id"])
    found, stack = [], [root]
    while stack:
        category_id = stack.pop()
        found.append(category_id)
        stack.extend(children.get(category_id, []))
    return found


PRODUCT_ROWS = (
    "SELECT p.id, p.sku, p.name, p.description, p.brand, p.price_cents, p.stock, p.rating, "
    "p.review_count, p.created_at, p.active, c.id AS category_id, c.slug AS category_slug, "
    "c.name AS category_name FROM products p JOIN categories c ON c.id = p.category_id"
)
"""A product with its category, as one plain row (read with ``ctx.db``; see ``product_out``)."""
_SORTS = {
    "price_asc": "p.price_cents, p.id",
    "price_desc": "p.price_cents DESC, p.id",
    "rating": "p.rating DESC, p.review_count DESC, p.id",
    "newest": "p.created_at DESC, p.id DESC",
    "name": "p.name, p.id",
    "relevance": "p.review_count DESC, p.id",
}


def _contains(column: str) -> str:
    return f"instr({SQL_FUNCTION}({column}), ?) > 0"


def search_products(db: Transaction, query: Any) -> Page[sqlite3.Row]:
    """Active products matching the query's search words and filters, sorted and paginated."""
    conditions, params = ["p.active = 1"], []
    words = [word.casefold() for word in (query.q or "").split()[:10]]
    for word in words:
        conditions.append(
            f"({_contains('p.name')} OR {_contains('p.brand')} OR {_contains('p.description')})"
        )
        params += [word, word, word]
    if query.category:
        ids = category_ids_under(db, query.category)
        conditions.append(f"p.category_id IN ({', '.join('?' * len(ids))})")
        params += ids
    filters = (
        ("lower(p.brand) = ?", query.brand.lower() if query.brand else None),
        ("p.price_cents >= ?", None if query.min_price is None else to_cents(query.min_price)),
        ("p.price_cents <= ?", None if query.max_price is None else to_cents(query.max_price)),
        ("p.rating >= ?", query.min_rating),
        ("p.rating <= ?", query.max_rating),
    )
    for condition, value in filters:
        if value is not None:
            conditions.append(condition)
            params.append(value)
    if query.in_stock is not None:
        conditions.append("p.stock > 0" if query.in_stock else "p.stock = 0")
    where = " AND ".join(conditions)
    order, order_params = _SORTS[query.sort], []
    if query.sort == "relevance" and words:
        # a word in the name counts 3, in the brand 2, in the description 1
        score = " + ".join(
            f"(CASE WHEN {_contains('p.name')} THEN 3 WHEN {_contains('p.brand')} THEN 2 "
            "ELSE 1 END)"
            for _ in words
        )
        order, order_params = f"{score} DESC, {order}", [w for w in words for _ in (0, 1)]
    rows = db.all(
        f"{PRODUCT_ROWS.replace(' FROM ', ', count(*) OVER () AS total FROM ', 1)} "
        f"WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?",
        [*params, *order_params, query.per_page, page_offset(query)],
    )
    if rows:
        return Page(rows, rows[0]["total"])
    counted = db.one(f"SELECT count(*) FROM products p WHERE {where}", params)
    return Page(rows, counted[0] if counted else 0)


def product_row(ctx: Ctx, *, product_id: int | None = None, sku: str | None = None) -> sqlite3.Row:
    """A product (by id, else by SKU) with its category; 404 if there is none."""
    column, key = ("p.id", product_id) if sku is None else ("p.sku", sku)
    row = ctx.db.one(f"{PRODUCT_ROWS} WHERE {column} = ?", (key,))
    if row is None:
        what = f"sku {sku!r}" if sku is not None else f"id {product_id}"
        raise NotFound(f"no product with {what}; search with GET /api/products?q=...")
    return row


def category_counts(session: Session) -> tuple[list[Category], dict[int, int]]:
    """Every category and its number of active products (subcategories included)."""
    categories = session.scalars(select(Category).order_by(Category.name, Category.id)).all()
    parent = {c.id: c.parent_id for c in categories}
    direct = dict(
        session.execute(
            select(Product.category_id, func.count())
            .where(Product.active.is_(True))
            .group_by(Product.category_id)
        )
        .tuples()
        .all()
    )
    totals = dict.fromkeys(parent, 0)
    for cid, count in direct.items():
        cursor: int | None = cid
        while cursor is not None:
            totals[cursor] += count
            cursor = parent[cursor]
    return list(categories), totals


# --- Ownership helpers -----------------------------------------------------------------------


def _own(ctx: Ctx, row: Any, kind: str, row_id: int) -> Any:
    return check_owner(row, ctx.user_id, kind=kind, row_id=row_id, owner_attr="user_id")


def address_of(ctx: Ctx, address_id: int) -> Address:
    return _own(ctx, ctx.session.get(Address, address_id), "address", address_id)


def payment_method_of(ctx: Ctx, method_id: int) -> PaymentMethod:
    return _own(ctx, ctx.session.get(PaymentMethod, method_id), "payment method", method_id)


def cart_line_of(ctx: Ctx, line_id: int) -> CartItem:
    return _own(ctx, ctx.session.get(CartItem, line_id), "cart line", line_id)


# --- Profile ---------------------------------------------------------------------------------


def default_address(session: Session, user_id: int) -> Address | None:
    return session.scalar(
        select(Address).where(Address.user_id == user_id, Address.is_default.is_(True))
    )


def default_payment_method(session: Session, user_id: int) -> PaymentMethod | None:
    return session.scalar(
        select(PaymentMethod).where(
            PaymentMethod.user_id == user_id, PaymentMethod.is_default.is_(True)
        )
    )


def update_profile(ctx: Ctx, changes: dict[str, Any]) -> User:
    user: User = ctx.user
    for name in ("display_name", "email"):
        if name in changes:
            setattr(user, name, changes[name])
    if "phone" in changes:
        user.phone = changes["phone"] or None
    return user


def list_addresses(ctx: Ctx) -> list[Address]:
    return list(
        ctx.session.scalars(
            select(Address).where(Address.user_id == ctx.user_id).order_by(Address.id)
        )
    )


def _check_label_free(session: Session, model: Any, user_id: int, label: str, skip: int) -> None:
    clash = session.scalar(
        select(model.id).where(model.user_id == user_id, model.label == label, model.id != skip)
    )
    if clash is not None:
        kind = "an address" if model is Address else "a payment method"
        raise Conflict(f"you already have {kind} labelled {label!r} (id {clash}); pick another")


def _make_default(session: Session, model: Any, row: Any) -> None:
    for other in session.scalars(
        select(model).where(model.user_id == row.user_id, model.is_default.is_(True))
    ):
        if other.id != row.id:
            other.is_default = False
    row.is_default = True


def _delete_owned(session: Session, model: Any, row: Any) -> None:
    """Delete an address or payment method; the user's oldest other one becomes the default."""
    was_default = row.is_default
    session.delete(row)
    session.flush()
    if was_default:
        successor = session.scalar(
            select(model).where(model.user_id == row.user_id).order_by(model.id).limit(1)
        )
        if successor is not None:
            successor.is_default = True


def add_address(ctx: Ctx, fields: dict[str, Any]) -> Address:
    _check_label_free(ctx.session, Address, ctx.user_id, fields["label"], 0)
    make_default = fields.pop("is_default", False)
    address = Address(user_id=ctx.user_id, is_default=False, **fields)
    ctx.session.add(address)
    ctx.session.flush()
    if make_default or default_address(ctx.session, ctx.user_id) is None:
        _make_default(ctx.session, Address, address)
    return address


def update_address(ctx: Ctx, address_id: int, changes: dict[str, Any]) -> Address:
    address = address_of(ctx, address_id)
    if "label" in changes:
        _check_label_free(ctx.session, Address, ctx.user_id, changes["label"], address.id)
    make_default = changes.pop("is_default", None)
    if make_default is False and address.is_default:
        raise Conflict(
            f"address {address.id} is your default; make another address the default instead"
        )
    for name, value in changes.items():
        setattr(address, name, value)
    if make_default:
        _make_default(ctx.session, Address, address)
    return address


def set_default_address(ctx: Ctx, address_id: int) -> Address:
    address = address_of(ctx, address_id)
    _make_default(ctx.session, Address, address)
    return address


def delete_address(ctx: Ctx, address_id: int) -> None:
    address = address_of(ctx, address_id)
    for order in ctx.session.scalars(select(Order).where(Order.address_id == address.id)):
        order.address_id = None  # the order keeps its snapshot of the address
    _delete_owned(ctx.session, Address, address)


def list_payment_methods(ctx: Ctx) -> list[PaymentMethod]:
    return list(
        ctx.session.scalars(
            select(PaymentMethod)
            .where(PaymentMethod.user_id == ctx.user_id)
            .order_by(PaymentMethod.id)
        )
    )


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2 == 1:
            n = n * 2 - 9 if n * 2 > 9 else n * 2
        total += n
    return total % 10 == 0


def card_brand(digits: str) -> str:
    if digits.startswith("4"):
        return "Visa"
    if digits[:2] in ("34", "37"):
        return "Amex"
    if digits[:2] in {"51", "52", "53", "54", "55"} or "2221" <= digits[:4] <= "2720":
        return "Mastercard"
    if digits.startswith(("6011", "65")):
        return "Discover"
    return "Card"


def card_expired(month: int, year: int, ctx: Ctx) -> bool:
    return (year, month) < (ctx.now.year, ctx.now.month)


def add_payment_method(ctx: Ctx, body: Any) -> PaymentMethod:
    """Add a card (``CardCreate``) or a PayPal account (``PaypalCreate``)."""
    fields: dict[str, Any] = {"user_id": ctx.user_id, "type": body.type, "is_default": False}
    if body.type == "card":
        digits = body.card_number.replace(" ", "")
        if not 12 <= len(digits) <= 19 or not luhn_ok(digits):
            raise ValidationFailed("card_number is not a valid card number (checksum failed)")
        if card_expired(body.exp_month, body.exp_year, ctx):
            raise ValidationFailed(
                f"the card expired in {body.exp_month:02d}/{body.exp_year}; use a valid card"
            )
        fields.update(
            brand=card_brand(digits),
            last4=digits[-4:],
            exp_month=body.exp_month,
            exp_year=body.exp_year,
            holder=body.holder or ctx.user.display_name,
        )
    else:
        fields.update(paypal_email=body.paypal_email, holder=body.holder)
    fields["label"] = body.label or payment_label(
        body.type, fields.get("brand"), fields.get("last4"), fields.get("paypal_email")
    )
    _check_label_free(ctx.session, PaymentMethod, ctx.user_id, fields["label"], 0)
    method = PaymentMethod(**fields)
    ctx.session.add(method)
    ctx.session.flush()
    if body.is_default or default_payment_method(ctx.session, ctx.user_id) is None:
        _make_default(ctx.session, PaymentMethod, method)
    return method


def set_default_payment_method(ctx: Ctx, method_id: int) -> PaymentMethod:
    method = payment_method_of(ctx, method_id)
    _make_default(ctx.session, PaymentMethod, method)
    return method


def delete_payment_method(ctx: Ctx, method_id: int) -> None:
    method = payment_method_of(ctx, method_id)
    orders = ctx.session.scalars(
        select(Order).where(Order.payment_method_id == method.id).order_by(Order.id)
    ).all()
    still_open = [o.code for o in orders if o.status in CANCELLABLE_STATUSES]
    if still_open:
        raise Conflict(
            f"payment method {method.id} ({method.label}) paid for open order "
            f"{', '.join(still_open)}; a cancellation would be refunded to it, so it cannot be "
            "removed until the order ships or is cancelled"
        )
    for order in orders:
        order.payment_method_id = None  # the order keeps its payment_label snapshot
    _delete_owned(ctx.session, PaymentMethod, method)


# --- Cart ------------------------------------------------------------------------------------


@dataclass(slots=True)
class CartLine:
    """One cart line with its product as they stand now (a plain row, not mapped objects).
    Not frozen: a frozen dataclass sets each field through ``object.__setattr__``, which
    made building a cart's lines cost three times as much."""

    id: int
    user_id: int
    quantity: int
    product_id: int
    sku: str
    name: str
    price_cents: int
    stock: int
    active: bool


_CART_LINES = (
    "SELECT ci.id, ci.user_id, ci.quantity, p.id AS product_id, p.sku, p.name, p.price_cents, "
    "p.stock, p.active FROM cart_items ci JOIN products p ON p.id = ci.product_id"
)


def _cart_line(row: sqlite3.Row) -> CartLine:
    # the columns of _CART_LINES, in CartLine's order
    line_id, user_id, quantity, product_id, sku, name, price_cents, stock, active = row
    return CartLine(
        line_id, user_id, quantity, product_id, sku, name, price_cents, stock, bool(active)
    )


@dataclass
class CartView:
    lines: list[CartLine]
    item_count: int
    subtotal_cents: int
    shipping_cents: int

    @property
    def total_cents(self) -> int:
        return self.subtotal_cents + self.shipping_cents


def cart(ctx: Ctx) -> CartView:
    rows = ctx.db.all(f"{_CART_LINES} WHERE ci.user_id = ? ORDER BY ci.id", (ctx.user_id,))
    lines = [_cart_line(row) for row in rows]
    subtotal = sum(line.quantity * line.price_cents for line in lines)
    return CartView(
        lines=lines,
        item_count=sum(line.quantity for line in lines),
        subtotal_cents=subtotal,
        shipping_cents=shipping_for(subtotal),
    )


def cart_line(ctx: Ctx, line_id: int) -> CartLine:
    """The caller's cart line ``line_id``: 404 if there is none, 403 if it is someone else's."""
    row = ctx.db.one(f"{_CART_LINES} WHERE ci.id = ?", (line_id,))
    return _own(ctx, row and _cart_line(row), "cart line", line_id)


def _name(product: Product | CartLine) -> str:
    return f"{product.name!r} ({product.sku})"


def _check_sellable(product: Product | CartLine, quantity: int, in_cart: int = 0) -> None:
    if not product.active:
        raise Conflict(f"{_name(product)} is no longer sold")
    if product.stock == 0:
        raise Conflict(f"{_name(product)} is out of stock")
    if quantity > product.stock:
        already = f"; your cart already has {in_cart}" if in_cart else ""
        raise Conflict(f"only {product.stock} of {_name(product)} in stock{already}")


def add_to_cart(ctx: Ctx, *, product_id: int | None, sku: str | None, quantity: int) -> CartItem:
    product = ctx.session.get(Product, product_row(ctx, product_id=product_id, sku=sku)["id"])
    assert product is not None
    line = ctx.session.scalar(
        select(CartItem).where(CartItem.user_id == ctx.user_id, CartItem.product_id == product.id)
    )
    in_cart = line.quantity if line else 0
    _check_sellable(product, in_cart + quantity, in_cart)
    if in_cart + quantity > 99:
        raise Conflict(f"at most 99 of one product per order; your cart already has {in_cart}")
    if line is None:
        line = CartItem(
            user_id=ctx.user_id,
            product_id=product.id,
            quantity=quantity,
            added_at=to_naive_utc(ctx.now),
        )
        ctx.session.add(line)
    else:
        line.quantity = in_cart + quantity
    ctx.session.flush()
    return line


def update_cart_line(ctx: Ctx, line_id: int, quantity: int) -> None:
    line = cart_line(ctx, line_id)
    if quantity == 0:
        ctx.session.delete(cart_line_of(ctx, line_id))
        return
    if quantity > line.quantity or not line.active:
        _check_sellable(line, quantity)
    ctx.db.update(table_of(CartItem), line_id, {"quantity": quantity})


def remove_cart_line(ctx: Ctx, line_id: int) -> None:
    ctx.session.delete(cart_line_of(ctx, line_id))


def clear_cart(ctx: Ctx) -> None:
    for line in ctx.session.scalars(select(CartItem).where(CartItem.user_id == ctx.user_id)):
        ctx.session.delete(line)


# --- Orders ----------------------------------------------------------------------------------


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


def checkout(ctx: Ctx, address_id: int, payment_method_id: int, note: str | None) -> Order:
    """Turn the caller's cart into a paid order: stock and gift card balance are debited."""
    view = cart(ctx)
    if not view.lines:
        raise Conflict("your cart is empty; add products with POST /api/cart/items first")
    address = address_of(ctx, address_id)
    method = payment_method_of(ctx, payment_method_id)
    for line in view.lines:
        if not line.active:
            raise Conflict(f"{_name(line)} is no longer sold; remove it from your cart")
        if line.stock < line.quantity:
            left = f"only {line.stock}" if line.stock else "none"
            raise Conflict(
                f"{_name(line)} ran out of stock: {left} left, your cart has "
                f"{line.quantity}; lower the quantity or remove it"
            )
    total = view.total_cents
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
        ctx.session.delete(ctx.session.get(CartItem, line.id))
    if method.type == "gift_card":
        method.balance_cents = (method.balance_cents or 0) - total
    _record(ctx, order, "paid")
    ctx.session.flush()
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
    return order


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


def order_item_counts(session: Session, order_ids: list[int]) -> dict[int, int]:
    if not order_ids:
        return {}
    return dict(
        session.execute(
            select(OrderItem.order_id, func.sum(OrderItem.quantity))
            .where(OrderItem.order_id.in_(order_ids))
            .group_by(OrderItem.order_id)
        )
        .tuples()
        .all()
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
