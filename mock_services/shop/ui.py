"""The shop's web UI: catalogue, product page, cart with checkout, orders, and the account page
(profile, address book, payment methods). Every action calls the same rules (``products``,
``cart``, ``accounts``, ``orders``) as the JSON API."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.base.errors import Conflict, ValidationFailed
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import read_form
from mock_services.core.web.ui import listed, page, render
from mock_services.shop import accounts, cart, orders, products
from mock_services.shop.access import address_of, payment_method_of
from mock_services.shop.api import (
    address_out,
    cart_out,
    category_tree,
    order_out,
    payment_out,
    product_out,
    profile_out,
)
from mock_services.shop.models import CANCELLABLE_STATUSES, ORDER_STATUSES
from mock_services.shop.money import fmt
from mock_services.shop.order_cards import shop_order_cards
from mock_services.shop.schemas import (
    AddressCreate,
    AddressUpdate,
    CancelRequest,
    CardCreate,
    CartAdd,
    CartLineOut,
    CartUpdate,
    CheckoutRequest,
    OrderQuery,
    PaypalCreate,
    ProductQuery,
    ProfileUpdate,
    ReturnRequest,
)
from mock_services.shop.tiles import FREE_FROM, PIECES, SHIPPING_FEE, money

ui = Blueprint("shop_ui", __name__, template_folder="templates")
ui.add_app_template_filter(money, "money")
for name, piece in PIECES.items():
    ui.add_app_template_global(piece, name)
ui.add_app_template_global(shop_order_cards)


@ui.app_template_global("shop_shipping")
def _shipping() -> tuple[float, float]:
    """The standard delivery fee and the order value from which delivery is free (dollars)."""
    return SHIPPING_FEE, FREE_FROM


@ui.app_template_global("stock_words")
def _stock_words(line: CartLineOut) -> str:
    """Why a cart line holding more than is available cannot be ordered as it is, in the
    store's words: "Only 2 left", "Out of stock", "No longer sold"."""
    if not line.active:
        return "No longer sold"
    return f"Only {line.available} left" if line.available else "Out of stock"


@ui.app_template_global("stock_advice")
def stock_advice(line: CartLineOut) -> str:
    """What to do about a cart line holding more than is available, naming its product as the
    cart does: "Only 1 left of Kettle: lower the quantity to 1 or remove it"."""
    if not line.active:
        return f"{line.name} is no longer sold: remove it from your cart"
    if not line.available:
        return f"{line.name} is out of stock: remove it from your cart"
    return (
        f"Only {line.available} left of {line.name}: lower the quantity to {line.available} "
        "or remove it"
    )


@page(ui, "/", login_required=False, shows=("list_products", "list_categories"))
def catalogue(ctx: Ctx) -> Any:
    query = parse_query(ProductQuery)
    rows, total = products.search_products(ctx.db, query)
    return render(
        "shop/catalogue.html",
        ctx,
        products=[product_out(row) for row in rows],
        total=total,
        query=query,
        categories=category_tree(ctx.session).items,
        args={key: value for key, value in request.args.items() if value and key != "page"},
    )


PICTURE_VIEWS = ("front", "side", "back", "in use")
"""The product page's gallery: one drawing per view, each drawn from the product's name."""


def _product_page(ctx: Ctx, row: Any) -> str:
    """The product page: gallery, details and buy box, under its category's breadcrumbs."""
    parent = ctx.db.one(  # the breadcrumbs' parent category, in one read
        "SELECT parent.slug, parent.name FROM categories AS category "
        "JOIN categories AS parent ON parent.id = category.parent_id WHERE category.id = ?",
        (row["category_id"],),
    )
    return render(
        "shop/product.html",
        ctx,
        product=product_out(row),
        parent=parent,
        views=PICTURE_VIEWS,
        return_days=orders.RETURN_WINDOW.days,
    )


@page(ui, "/products/<int:product_id>", login_required=False, shows=("get_product",))
def product_page(ctx: Ctx, product_id: int) -> Any:
    return _product_page(ctx, products.product_row(ctx, product_id=product_id))


@page(ui, "/products/sku/<sku>", login_required=False, shows=("get_product_by_sku",))
def product_by_sku(ctx: Ctx, sku: str) -> Any:
    """The product page at its SKU's address (the link a product's SKU carries)."""
    return _product_page(ctx, products.product_row(ctx, sku=sku))


@page(ui, "/cart/add", methods=("POST",), operation="add_cart_item")
def cart_add(ctx: Ctx) -> Any:
    body = read_form(CartAdd)
    line = cart.add_to_cart(ctx, product_id=body.product_id, sku=body.sku, quantity=body.quantity)
    named = cart.name_with_sku(cart.cart_line(ctx, line.id))
    flash(f"Added {body.quantity} of {named} to your cart (now {line.quantity}).", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/buy-now", shows=("get_product", "list_addresses", "list_payment_methods"))
def buy_now_page(ctx: Ctx) -> Any:
    """Amazon's "Buy now": a checkout for one product alone (the product page's quantity);
    its Place order posts the API's checkout with that product, the cart left as it is."""
    product_id = _count(request.args.get("product_id"), 1, 10**9)
    if product_id is None:
        raise ValidationFailed("Buy now needs a product: open it from a product page")
    quantity = _count(request.args.get("quantity"), 1, 99) or 1
    return render(
        "shop/buy_now.html",
        ctx,
        cart=cart_out(cart.single_item(ctx, product_id, quantity)),
        addresses=accounts.list_addresses(ctx),
        methods=accounts.list_payment_methods(ctx),
        fmt=fmt,
    )


def _count(text: str | None, low: int, high: int) -> int | None:
    """A whole number from a query, kept within ``low`` and ``high``; None if it is none."""
    try:
        return max(low, min(high, int(text or "")))
    except ValueError:
        return None


@page(ui, "/cart", shows=("get_cart", "list_addresses", "list_payment_methods"))
def cart_page(ctx: Ctx) -> Any:
    return render(
        "shop/cart.html",
        ctx,
        cart=cart_out(cart.cart(ctx)),
        addresses=accounts.list_addresses(ctx),
        methods=accounts.list_payment_methods(ctx),
        fmt=fmt,
    )


@page(ui, "/cart/items/<int:line_id>", methods=("POST",), operation="update_cart_item")
def cart_update(ctx: Ctx, line_id: int) -> Any:
    line, quantity = cart.cart_line(ctx, line_id), read_form(CartUpdate).quantity
    cart.update_cart_line(ctx, line_id, quantity)
    named = cart.name_with_sku(line)
    if quantity == 0:
        flash(f"Removed {named} from your cart.", "ok")
    else:
        flash(f"Set {named} to {quantity} in your cart.", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/cart/items/<int:line_id>/remove", methods=("POST",), operation="remove_cart_item")
def cart_remove(ctx: Ctx, line_id: int) -> Any:
    line = cart.cart_line(ctx, line_id)
    cart.remove_cart_line(ctx, line_id)
    flash(f"Removed {line.name} from your cart.", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/cart/clear", methods=("POST",), operation="clear_cart")
def cart_clear(ctx: Ctx) -> Any:
    cart.clear_cart(ctx)
    flash("Your cart is empty.", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/checkout", methods=("POST",), operation="checkout")
def checkout(ctx: Ctx) -> Any:
    body = read_form(CheckoutRequest)
    try:
        order = orders.checkout(
            ctx, body.address_id, body.payment_method_id, body.note, body.buy_now
        )
    except Conflict:
        # the checkout's refusal of a line above the stock, said as the cart page says it
        view = cart_out(cart.single_item(ctx, *body.buy_now) if body.buy_now else cart.cart(ctx))
        short = [line for line in view.lines if line.exceeds_stock]
        if short:
            raise Conflict("; ".join(stock_advice(line) for line in short) + ".") from None
        raise
    flash(f"Thank you! Order {order.code} is placed.", "ok")
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


@page(ui, "/orders", shows=(listed("list_orders", per_page="100"),))
def orders_page(ctx: Ctx) -> Any:
    status = parse_query(OrderQuery).status if request.args.get("status") else None
    listed, total = orders.list_orders(ctx, status, Window(per_page=100))
    items = orders.items_by_order(ctx.session, [o.id for o in listed])
    return render(
        "shop/orders.html",
        ctx,
        orders=listed,
        total=total,
        items=items,
        arrivals={o.id: arrival_words(o.status, o.estimated_delivery, ctx.today) for o in listed},
        cancellable=CANCELLABLE_STATUSES,
        statuses=ORDER_STATUSES,
        status=status,
        store_credit_cents=ctx.shown_user().store_credit_cents,
        fmt=fmt,
    )


ON_THE_WAY = ("pending", "paid", "processing", "shipped")
"""The statuses of an order still to arrive, whose promised day the pages say."""


def arrival_words(status: str, estimated: date | None, today: date) -> str:
    """When an order still on its way arrives, as Amazon's order pages say it: "Arriving
    today", "Arriving tomorrow", "Arriving Thursday 5 March" (the year where it is not this
    one), "Running late: expected Thursday 26 February" once the day has passed; "" for an
    order without a promised day or no longer on its way."""
    if estimated is None or status not in ON_THE_WAY:
        return ""
    if estimated == today:
        return "Arriving today"
    if estimated == today + timedelta(days=1):
        return "Arriving tomorrow"
    words = f"{estimated:%A} {estimated.day} {estimated:%B}"
    if estimated.year != today.year:
        words += f" {estimated.year}"
    return f"Arriving {words}" if estimated > today else f"Running late: expected {words}"


@page(ui, "/orders/<code>", shows=("get_order",))
def order_page(ctx: Ctx, code: str) -> Any:
    found = orders.order_by_code(ctx, code)
    return render(
        "shop/order.html",
        ctx,
        order=order_out(ctx.session, found),
        precise=orders.placed_in_its_minute(ctx.session, found),
        arrival=arrival_words(found.status, found.estimated_delivery, ctx.today),
        cancellable=CANCELLABLE_STATUSES,
    )


@page(ui, "/orders/<code>/cancel", methods=("POST",), operation="cancel_order")
def order_cancel(ctx: Ctx, code: str) -> Any:
    order = orders.cancel_order(ctx, code, read_form(CancelRequest).reason)
    flash(f"Order {order.code} is cancelled; {fmt(order.refunded_cents)} refunded.", "ok")
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


@page(ui, "/orders/<code>/confirm-receipt", methods=("POST",), operation="confirm_receipt")
def order_confirm(ctx: Ctx, code: str) -> Any:
    order = orders.confirm_receipt(ctx, code)
    flash(f"Order {order.code} marked as delivered.", "ok")
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


@page(ui, "/orders/<code>/return", methods=("POST",), operation="request_return")
def order_return(ctx: Ctx, code: str) -> Any:
    body = read_form(ReturnRequest)
    items = [(i.item_id, i.quantity) for i in body.items] if body.items is not None else None
    order = orders.request_return(ctx, code, body.reason, items, body.refund_method)
    where = (
        "as store credit" if body.refund_method == "store_credit" else f"to {order.payment_label}"
    )
    flash(
        f"Return accepted for order {order.code}; {fmt(order.refunded_cents)} refunded {where}.",
        "ok",
    )
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


# --- Account: profile, address book, payment methods -----------------------------------------


@page(ui, "/account", shows=("get_profile", "list_addresses", "list_payment_methods"))
def account_page(ctx: Ctx) -> Any:
    return render(
        "shop/account.html",
        ctx,
        profile=profile_out(ctx),
        addresses=[address_out(a) for a in accounts.list_addresses(ctx)],
        methods=[payment_out(m) for m in accounts.list_payment_methods(ctx)],
        this_year=ctx.now.year,
    )


@page(ui, "/account/profile", methods=("POST",), operation="update_profile")
def profile_update(ctx: Ctx) -> Any:
    body = read_form(ProfileUpdate, keep_blank=("phone",))
    accounts.update_profile(ctx, body.model_dump(exclude_unset=True))
    flash("Your profile is saved.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)


@page(ui, "/account/addresses", methods=("POST",), operation="add_address")
def address_add(ctx: Ctx) -> Any:
    address = accounts.add_address(
        ctx, read_form(AddressCreate, checkboxes=("is_default",)).model_dump()
    )
    flash(f"Added the address {address.label!r}.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)


@page(ui, "/account/addresses/<int:address_id>")
def address_page(ctx: Ctx, address_id: int) -> Any:
    """One address of the address book, with its edit form."""
    address = address_out(address_of(ctx, address_id))
    return render("shop/address.html", ctx, address=address)


@page(ui, "/account/addresses/<int:address_id>", methods=("POST",), operation="update_address")
def address_edit(ctx: Ctx, address_id: int) -> Any:
    body = read_form(AddressUpdate, cleared=("line2", "region", "phone"))
    address = accounts.update_address(ctx, address_id, body.model_dump(exclude_unset=True))
    flash(f"Saved the address {address.label!r}.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)


@page(
    ui,
    "/account/addresses/<int:address_id>/default",
    methods=("POST",),
    operation="set_default_address",
)
def address_default(ctx: Ctx, address_id: int) -> Any:
    address = accounts.set_default_address(ctx, address_id)
    flash(f"Orders now ship to {address.label!r} unless you choose another address.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)


@page(
    ui, "/account/addresses/<int:address_id>/delete", methods=("POST",), operation="delete_address"
)
def address_delete(ctx: Ctx, address_id: int) -> Any:
    label = address_of(ctx, address_id).label
    accounts.delete_address(ctx, address_id)
    flash(f"Deleted the address {label!r}.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)


@page(ui, "/account/payment-methods", methods=("POST",), operation="add_payment_method")
def payment_method_add(ctx: Ctx) -> Any:
    """A card or a PayPal account: the API's body is one or the other, told apart by ``type``
    (each form sends its own), so the form is read by that one's model."""
    model = CardCreate if request.form.get("type") == "card" else PaypalCreate
    method = accounts.add_payment_method(ctx, read_form(model, checkboxes=("is_default",)))
    flash(f"Added {method.label}.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)


@page(
    ui,
    "/account/payment-methods/<int:method_id>/default",
    methods=("POST",),
    operation="set_default_payment_method",
)
def payment_method_default(ctx: Ctx, method_id: int) -> Any:
    method = accounts.set_default_payment_method(ctx, method_id)
    flash(f"{method.label} is now your default payment method.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)


@page(
    ui,
    "/account/payment-methods/<int:method_id>/delete",
    methods=("POST",),
    operation="delete_payment_method",
)
def payment_method_delete(ctx: Ctx, method_id: int) -> Any:
    label = payment_method_of(ctx, method_id).label
    accounts.delete_payment_method(ctx, method_id)
    flash(f"Removed {label}.", "ok")
    return redirect(url_for("shop_ui.account_page"), 303)
