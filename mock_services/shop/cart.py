"""The cart's rules (the cart area): lines read as plain rows, quantities held within the stock."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict
from mock_services.core.data.db import table_of
from mock_services.core.spec.api import Ctx
from mock_services.shop.access import cart_line_of, owned
from mock_services.shop.models import CartItem, Product
from mock_services.shop.money import shipping_for
from mock_services.shop.products import product_row


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

    @property
    def available(self) -> int:
        """How many of the product an order can take now: its stock, none once it is no
        longer sold."""
        return self.stock if self.active else 0

    @property
    def exceeds_stock(self) -> bool:
        """Whether the line holds more than is available, which checkout refuses (the stock
        may have fallen since the line was added)."""
        return self.quantity > self.available


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
    return _view([_cart_line(row) for row in rows])


def single_item(ctx: Ctx, product_id: int, quantity: int) -> CartView:
    """``quantity`` of one product as a cart of its own, what a product page's "Buy now"
    checks out (the caller's cart is left as it is); its line is in no cart (id 0). 404 if
    there is no such product."""
    product = ctx.session.get(Product, product_row(ctx, product_id=product_id)["id"])
    assert product is not None
    line = CartLine(
        0,
        ctx.user_id,
        quantity,
        product.id,
        product.sku,
        product.name,
        product.price_cents,
        product.stock,
        product.active,
    )
    return _view([line])


def _view(lines: list[CartLine]) -> CartView:
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
    return owned(ctx, row and _cart_line(row), "cart line", line_id)


def name_with_sku(product: Product | CartLine) -> str:
    """A product as error messages name it: ``'Kettle' (KIT-4004)``."""
    return f"{product.name!r} ({product.sku})"


def _check_sellable(product: Product | CartLine, quantity: int, in_cart: int = 0) -> None:
    if not product.active:
        raise Conflict(f"{name_with_sku(product)} is no longer sold")
    if product.stock == 0:
        raise Conflict(f"{name_with_sku(product)} is out of stock")
    if quantity > product.stock:
        already = f"; your cart already has {in_cart}" if in_cart else ""
        raise Conflict(f"only {product.stock} of {name_with_sku(product)} in stock{already}")


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
