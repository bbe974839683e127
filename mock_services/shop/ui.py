"""The shop's web UI: catalogue, product page, cart with checkout, orders. Every action calls
the same ``logic`` functions as the JSON API."""

from __future__ import annotations

from typing import Any, get_args

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.api import Ctx, parse_query
from mock_services.core.errors import ValidationFailed
from mock_services.core.ui import page, render
from mock_services.shop import logic
from mock_services.shop.api import cart_out, category_tree, order_out, product_out
from mock_services.shop.models import CANCELLABLE_STATUSES, RefundMethod
from mock_services.shop.money import fmt
from mock_services.shop.schemas import ProductQuery

ui = Blueprint("shop_ui", __name__, template_folder="templates")


@ui.app_template_filter("money")
def _money(value: float | int | None) -> str:
    return "" if value is None else f"${value:,.2f}"


def _int_field(name: str, *, minimum: int = 0) -> int:
    raw = request.form.get(name, "").strip()
    try:
        value = int(raw)
    except ValueError:
        raise ValidationFailed(f"{name} must be a whole number, got {raw!r}") from None
    if value < minimum:
        raise ValidationFailed(f"{name} must be at least {minimum}")
    return value


@page(ui, "/", login_required=False)
def catalogue(ctx: Ctx) -> Any:
    query = parse_query(ProductQuery)
    rows, total = logic.search_products(ctx.db, query)
    pages = max(1, -(-total // query.per_page))
    return render(
        "shop/catalogue.html",
        ctx,
        products=[product_out(row) for row in rows],
        total=total,
        query=query,
        pages=pages,
        categories=category_tree(ctx.session).items,
    )


@page(ui, "/products/<int:product_id>", login_required=False)
def product_page(ctx: Ctx, product_id: int) -> Any:
    product = product_out(logic.product_row(ctx, product_id=product_id))
    return render("shop/product.html", ctx, product=product)


@page(ui, "/cart/add", methods=("POST",))
def cart_add(ctx: Ctx) -> Any:
    product_id = _int_field("product_id", minimum=1)
    quantity = _int_field("quantity", minimum=1)
    line = logic.add_to_cart(ctx, product_id=product_id, sku=None, quantity=quantity)
    flash(f"Added {quantity} to your cart (now {line.quantity}).", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/cart")
def cart_page(ctx: Ctx) -> Any:
    return render(
        "shop/cart.html",
        ctx,
        cart=cart_out(logic.cart(ctx)),
        addresses=logic.list_addresses(ctx),
        methods=logic.list_payment_methods(ctx),
        fmt=fmt,
    )


@page(ui, "/cart/items/<int:line_id>", methods=("POST",))
def cart_update(ctx: Ctx, line_id: int) -> Any:
    logic.update_cart_line(ctx, line_id, _int_field("quantity"))
    flash("Cart updated.", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/checkout", methods=("POST",))
def checkout(ctx: Ctx) -> Any:
    order = logic.checkout(
        ctx,
        _int_field("address_id", minimum=1),
        _int_field("payment_method_id", minimum=1),
        request.form.get("note", "").strip()[:500] or None,
    )
    flash(f"Thank you! Order {order.code} is placed.", "ok")
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


@page(ui, "/orders")
def orders_page(ctx: Ctx) -> Any:
    orders, total = logic.list_orders(ctx, None, 1, 100)
    counts = logic.order_item_counts(ctx.session, [o.id for o in orders])
    return render(
        "shop/orders.html",
        ctx,
        orders=orders,
        total=total,
        counts=counts,
        cancellable=CANCELLABLE_STATUSES,
        store_credit_cents=ctx.user.store_credit_cents,
        fmt=fmt,
    )


@page(ui, "/orders/<code>")
def order_page(ctx: Ctx, code: str) -> Any:
    order = order_out(ctx.session, logic.order_by_code(ctx, code))
    return render("shop/order.html", ctx, order=order, cancellable=CANCELLABLE_STATUSES)


@page(ui, "/orders/<code>/cancel", methods=("POST",))
def order_cancel(ctx: Ctx, code: str) -> Any:
    order = logic.cancel_order(ctx, code, request.form.get("reason", "").strip()[:500] or None)
    flash(f"Order {order.code} is cancelled; {fmt(order.refunded_cents)} refunded.", "ok")
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


@page(ui, "/orders/<code>/confirm-receipt", methods=("POST",))
def order_confirm(ctx: Ctx, code: str) -> Any:
    order = logic.confirm_receipt(ctx, code)
    flash(f"Order {order.code} marked as delivered.", "ok")
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


@page(ui, "/orders/<code>/return", methods=("POST",))
def order_return(ctx: Ctx, code: str) -> Any:
    reason = request.form.get("reason", "").strip()[:500]
    if not reason:
        raise ValidationFailed("give a reason for the return")
    refund_method = request.form.get("refund_method", "original_payment")
    if refund_method not in get_args(RefundMethod):
        raise ValidationFailed(
            f"refund_method must be one of {', '.join(get_args(RefundMethod))}, "
            f"got {refund_method!r}"
        )
    order = logic.request_return(ctx, code, reason, None, refund_method)  # type: ignore[arg-type]
    where = "as store credit" if refund_method == "store_credit" else f"to {order.payment_label}"
    flash(
        f"Return accepted for order {order.code}; {fmt(order.refunded_cents)} refunded {where}.",
        "ok",
    )
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)
