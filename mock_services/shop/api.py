"""The shop's JSON API under /api: catalogue, profile, cart, checkout and orders."""

from __future__ import annotations

import sqlite3

from sqlalchemy.orm import Session

from mock_services.core.base.clock import iso, iso_stored
from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import page_answer, page_of
from mock_services.core.spec.api import Api, Ctx
from mock_services.shop import accounts, cart, orders, products
from mock_services.shop.models import Address, Order, PaymentMethod
from mock_services.shop.money import amount, to_cents
from mock_services.shop.schemas import (
    AddressCreate,
    AddressOut,
    AddressPage,
    AddressUpdate,
    CancelRequest,
    CartAdd,
    CartOut,
    CartUpdate,
    CategoryNode,
    CategoryRef,
    CategoryTree,
    CheckoutRequest,
    OrderEventOut,
    OrderItemOut,
    OrderOut,
    OrderPage,
    OrderQuery,
    OrderSummary,
    PaymentMethodCreate,
    PaymentMethodOut,
    PaymentMethodPage,
    ProductOut,
    ProductPage,
    ProductQuery,
    ProductUpdate,
    ProfileOut,
    ProfileUpdate,
    ReturnRequest,
    ShipToOut,
)
from mock_services.shop.seed import payment_fields

api = Api("shop", url_prefix="/api")


# --- Converters (also used by the UI) --------------------------------------------------------


def product_out(row: sqlite3.Row) -> ProductOut:
    """A ``products.PRODUCT_ROWS`` row as the API answers it."""
    return ProductOut(
        id=row["id"],
        sku=row["sku"],
        name=row["name"],
        description=row["description"],
        brand=row["brand"],
        category=CategoryRef(
            id=row["category_id"], slug=row["category_slug"], name=row["category_name"]
        ),
        price=amount(row["price_cents"]),
        stock=row["stock"],
        in_stock=row["stock"] > 0,
        rating=row["rating"],
        review_count=row["review_count"],
        created_at=iso_stored(row["created_at"]) or "",
        active=bool(row["active"]),
    )


def address_out(address: Address) -> AddressOut:
    return AddressOut.model_validate(address)


def payment_out(method: PaymentMethod) -> PaymentMethodOut:
    return PaymentMethodOut(**payment_fields(method), is_default=method.is_default)


def cart_out(view: cart.CartView) -> CartOut:
    """The cart as served, validated in one call from plain values (a model built line by
    line costs twice as much, and every cart change answers with it)."""
    return CartOut.model_validate(
        {
            "lines": [
                {
                    "id": line.id,
                    "product_id": line.product_id,
                    "sku": line.sku,
                    "name": line.name,
                    "unit_price": amount(line.price_cents),
                    "quantity": line.quantity,
                    "line_total": amount(line.price_cents * line.quantity),
                    "stock": line.stock,
                    "active": line.active,
                    "available": line.available,
                    "exceeds_stock": line.exceeds_stock,
                }
                for line in view.lines
            ],
            "item_count": view.item_count,
            "subtotal": amount(view.subtotal_cents),
            "shipping": amount(view.shipping_cents),
            "total": amount(view.total_cents),
        }
    )


def order_out(session: Session, order: Order) -> OrderOut:
    items = orders.order_items(session, order)
    deadline = (
        order.delivered_at + orders.RETURN_WINDOW
        if order.delivered_at is not None and order.status == "delivered"
        else None
    )
    return OrderOut(
        id=order.id,
        code=order.code,
        status=order.status,
        placed_at=iso(order.placed_at) or "",
        estimated_delivery=(
            order.estimated_delivery.isoformat() if order.estimated_delivery else None
        ),
        carrier=order.carrier,
        tracking_number=order.tracking_number,
        shipped_at=iso(order.shipped_at),
        delivered_at=iso(order.delivered_at),
        cancelled_at=iso(order.cancelled_at),
        cancel_reason=order.cancel_reason,
        return_requested_at=iso(order.return_requested_at),
        return_reason=order.return_reason,
        return_refund_method=order.return_refund_method,
        return_deadline=iso(deadline),
        items=[
            OrderItemOut(
                id=item.id,
                product_id=item.product_id,
                sku=item.sku,
                name=item.name,
                unit_price=amount(item.unit_price_cents),
                quantity=item.quantity,
                line_total=amount(item.line_total_cents),
                return_quantity=item.return_quantity,
            )
            for item in items
        ],
        item_count=sum(item.quantity for item in items),
        subtotal=amount(order.subtotal_cents),
        shipping=amount(order.shipping_cents),
        total=amount(order.total_cents),
        refunded=amount(order.refunded_cents),
        note=order.note,
        address_id=order.address_id,
        ship_to=ShipToOut(
            recipient=order.ship_recipient,
            line1=order.ship_line1,
            line2=order.ship_line2,
            city=order.ship_city,
            region=order.ship_region,
            postal_code=order.ship_postal_code,
            country=order.ship_country,
            phone=order.ship_phone,
        ),
        payment_method_id=order.payment_method_id,
        payment_type=order.payment_type,
        payment_label=order.payment_label,
        events=[
            OrderEventOut(status=e.status, at=iso(e.at) or "", note=e.note)
            for e in orders.order_events(session, order)
        ],
    )


def profile_out(ctx: Ctx) -> ProfileOut:
    address = accounts.default_address(ctx.session, ctx.user_id)
    method = accounts.default_payment_method(ctx.session, ctx.user_id)
    return ProfileOut(
        id=ctx.user_id,
        username=ctx.user.username,
        display_name=ctx.user.display_name,
        email=ctx.user.email,
        phone=ctx.user.phone,
        default_address_id=address.id if address else None,
        default_payment_method_id=method.id if method else None,
        store_credit=amount(ctx.user.store_credit_cents),
    )


def category_tree(session: Session) -> CategoryTree:
    categories, counts = products.category_counts(session)
    nodes = {
        c.id: CategoryNode(
            id=c.id,
            slug=c.slug,
            name=c.name,
            parent_id=c.parent_id,
            product_count=counts[c.id],
            children=[],
        )
        for c in categories
    }
    roots = []
    for c in categories:
        if c.parent_id is None:
            roots.append(nodes[c.id])
        else:
            nodes[c.parent_id].children.append(nodes[c.id])
    return CategoryTree(items=roots, total=len(categories))


# --- Catalogue -------------------------------------------------------------------------------


@api.get("/products", response=ProductPage, auth="none", errors=(404,))
def list_products(ctx: Ctx, query: ProductQuery) -> ProductPage:
    """Search and filter the catalogue (active products only).

    `q` matches words in name, brand or description (case-insensitive, every word must match);
    `category` is a slug and includes subcategories; `sort` is relevance (default), price_asc,
    price_desc, rating, newest or name. An unknown category slug answers 404.
    """
    rows, total = products.search_products(ctx.db, query)
    return page_answer(ProductPage, [product_out(row) for row in rows], total, query)


@api.get("/products/<int:product_id>", response=ProductOut, auth="none", errors=(404,))
def get_product(ctx: Ctx, product_id: int) -> ProductOut:
    """One product by id (inactive products too, flagged `active: false`)."""
    return product_out(products.product_row(ctx, product_id=product_id))


@api.get("/products/sku/<sku>", response=ProductOut, auth="none", errors=(404,))
def get_product_by_sku(ctx: Ctx, sku: str) -> ProductOut:
    """One product by its SKU."""
    return product_out(products.product_row(ctx, sku=sku))


@api.get("/categories", response=CategoryTree, auth="none")
def list_categories(ctx: Ctx) -> CategoryTree:
    """The category tree, with the number of active products under each category."""
    return category_tree(ctx.session)


# --- Profile ---------------------------------------------------------------------------------


@api.get("/profile", response=ProfileOut)
def get_profile(ctx: Ctx) -> ProfileOut:
    """The caller's profile with their default address and payment method ids."""
    return profile_out(ctx)


@api.patch("/profile", response=ProfileOut)
def update_profile(ctx: Ctx, body: ProfileUpdate) -> ProfileOut:
    """Change display name, email or phone (an empty phone clears it)."""
    accounts.update_profile(ctx, body.model_dump(exclude_unset=True))
    return profile_out(ctx)


@api.get("/addresses", response=AddressPage)
def list_addresses(ctx: Ctx, query: PageQuery) -> AddressPage:
    """The caller's shipping addresses, oldest first."""
    rows, total = page_of(accounts.list_addresses(ctx), query)
    return page_answer(AddressPage, [address_out(a) for a in rows], total, query)


@api.post("/addresses", response=AddressOut, status=201, errors=(409,))
def add_address(ctx: Ctx, body: AddressCreate) -> AddressOut:
    """Add a shipping address; the first one (or one with is_default) becomes the default."""
    return address_out(accounts.add_address(ctx, body.model_dump()))


@api.patch("/addresses/<int:address_id>", response=AddressOut, errors=(403, 404, 409))
def update_address(ctx: Ctx, address_id: int, body: AddressUpdate) -> AddressOut:
    """Change some fields of one of the caller's addresses."""
    return address_out(
        accounts.update_address(ctx, address_id, body.model_dump(exclude_unset=True))
    )


@api.delete("/addresses/<int:address_id>", status=204, errors=(403, 404))
def delete_address(ctx: Ctx, address_id: int) -> None:
    """Delete an address (past orders keep their copy of it); the next one becomes default."""
    accounts.delete_address(ctx, address_id)


@api.post("/addresses/<int:address_id>/default", response=AddressOut, errors=(403, 404))
def set_default_address(ctx: Ctx, address_id: int) -> AddressOut:
    """Make this address the default one."""
    return address_out(accounts.set_default_address(ctx, address_id))


@api.get("/payment-methods", response=PaymentMethodPage)
def list_payment_methods(ctx: Ctx, query: PageQuery) -> PaymentMethodPage:
    """The caller's cards, PayPal accounts and gift cards (with balance)."""
    rows, total = page_of(accounts.list_payment_methods(ctx), query)
    return page_answer(PaymentMethodPage, [payment_out(m) for m in rows], total, query)


@api.post("/payment-methods", response=PaymentMethodOut, status=201, errors=(409,))
def add_payment_method(ctx: Ctx, body: PaymentMethodCreate) -> PaymentMethodOut:
    """Add a card (only brand and last 4 digits are kept) or a PayPal account."""
    return payment_out(accounts.add_payment_method(ctx, body.root))


@api.delete("/payment-methods/<int:method_id>", status=204, errors=(403, 404, 409))
def delete_payment_method(ctx: Ctx, method_id: int) -> None:
    """Remove a payment method (refused while an open order was paid with it)."""
    accounts.delete_payment_method(ctx, method_id)


@api.post("/payment-methods/<int:method_id>/default", response=PaymentMethodOut, errors=(403, 404))
def set_default_payment_method(ctx: Ctx, method_id: int) -> PaymentMethodOut:
    """Make this payment method the default one."""
    return payment_out(accounts.set_default_payment_method(ctx, method_id))


# --- Cart ------------------------------------------------------------------------------------


@api.get("/cart", response=CartOut)
def get_cart(ctx: Ctx) -> CartOut:
    """The caller's cart with current prices, subtotal and shipping (free from 50.00).

    Each line gives the stock as it is now: ``available`` (what an order can take) and
    ``exceeds_stock`` (the line holds more, so checkout refuses the cart until it is lowered or
    removed)."""
    return cart_out(cart.cart(ctx))


@api.post("/cart/items", response=CartOut, status=201, errors=(404, 409))
def add_cart_item(ctx: Ctx, body: CartAdd) -> CartOut:
    """Add a product by product_id or sku; adding one already in the cart adds up quantities."""
    cart.add_to_cart(ctx, product_id=body.product_id, sku=body.sku, quantity=body.quantity)
    return cart_out(cart.cart(ctx))


@api.patch("/cart/items/<int:line_id>", response=CartOut, errors=(403, 404, 409))
def update_cart_item(ctx: Ctx, line_id: int, body: CartUpdate) -> CartOut:
    """Set a cart line's quantity; 0 removes the line."""
    cart.update_cart_line(ctx, line_id, body.quantity)
    return cart_out(cart.cart(ctx))


@api.delete("/cart/items/<int:line_id>", response=CartOut, errors=(403, 404))
def remove_cart_item(ctx: Ctx, line_id: int) -> CartOut:
    """Remove one line from the cart."""
    cart.remove_cart_line(ctx, line_id)
    return cart_out(cart.cart(ctx))


@api.delete("/cart", response=CartOut)
def clear_cart(ctx: Ctx) -> CartOut:
    """Empty the cart."""
    cart.clear_cart(ctx)
    return cart_out(cart.cart(ctx))


# --- Checkout and orders ---------------------------------------------------------------------


@api.post("/checkout", response=OrderOut, status=201, errors=(403, 404, 409), destructive=True)
def checkout(ctx: Ctx, body: CheckoutRequest) -> OrderOut:
    """Place an order from the cart, paid with one of the caller's payment methods.

    Stock is taken and a gift card debited in the same transaction; the cart is emptied.
    With ``product_id`` (and ``quantity``, default 1) that product alone is ordered, as a
    product page's "Buy now", and the cart is left as it is.
    409 when the cart is empty, a product ran out of stock (named in the message), the card
    has expired or the gift card balance is too low.
    """
    order = orders.checkout(ctx, body.address_id, body.payment_method_id, body.note, body.buy_now)
    return order_out(ctx.session, order)


@api.get("/orders", response=OrderPage)
def list_orders(ctx: Ctx, query: OrderQuery) -> OrderPage:
    """The caller's orders, newest first, optionally only those with one status."""
    q = query
    listed, total = orders.list_orders(ctx, q.status, q)
    counts = orders.order_item_counts(ctx.session, [o.id for o in listed])
    return page_answer(
        OrderPage,
        [
            OrderSummary(
                id=o.id,
                code=o.code,
                status=o.status,
                placed_at=iso(o.placed_at) or "",
                delivered_at=iso(o.delivered_at),
                item_count=counts.get(o.id, 0),
                total=amount(o.total_cents),
            )
            for o in listed
        ],
        total,
        q,
    )


@api.get("/orders/<code>", response=OrderOut, errors=(403, 404))
def get_order(ctx: Ctx, code: str) -> OrderOut:
    """One of the caller's orders by code (e.g. ORD-100001), with items and status history."""
    return order_out(ctx.session, orders.order_by_code(ctx, code))


@api.post("/orders/<code>/cancel", response=OrderOut, errors=(403, 404, 409), destructive=True)
def cancel_order(ctx: Ctx, code: str, body: CancelRequest) -> OrderOut:
    """Cancel an order that has not shipped (pending, paid or processing).

    Stock is put back and the total refunded (a gift card gets its balance back).
    """
    return order_out(ctx.session, orders.cancel_order(ctx, code, body.reason))


@api.post("/orders/<code>/return", response=OrderOut, errors=(403, 404, 409), destructive=True)
def request_return(ctx: Ctx, code: str, body: ReturnRequest) -> OrderOut:
    """Return a delivered order (all items, or the given ones) within 30 days.

    The refund is issued at once: the returned items, plus shipping when everything comes back,
    to the order's payment method (`original_payment`) or as `store_credit` on your profile.
    """
    b = body
    items = [(i.item_id, i.quantity) for i in b.items] if b.items is not None else None
    order = orders.request_return(ctx, code, b.reason, items, b.refund_method)
    return order_out(ctx.session, order)


@api.post(
    "/orders/<code>/confirm-receipt",
    response=OrderOut,
    errors=(403, 404, 409),
    destructive=True,
)
def confirm_receipt(ctx: Ctx, code: str) -> OrderOut:
    """Confirm that a shipped order arrived: it becomes delivered."""
    return order_out(ctx.session, orders.confirm_receipt(ctx, code))


# --- Operations ------------------------------------------------------------------------------


@api.patch("/admin/products/<int:product_id>", response=ProductOut, auth="admin", errors=(404,))
def update_product(ctx: Ctx, product_id: int, body: ProductUpdate) -> ProductOut:
    """Operations (admin token): set a product's price and/or stock.

    Carts keep their lines: a checkout holding more than the new stock is refused (409), and
    carts and checkouts use the new price.
    """
    price = None if body.price is None else to_cents(body.price)
    products.update_product(ctx, product_id, price_cents=price, stock=body.stock)
    return product_out(products.product_row(ctx, product_id=product_id))
