"""The shop's web UI: catalogue, product page, cart with checkout, orders. Every action calls
the same rules (``products``, ``cart``, ``accounts``, ``orders``) as the JSON API."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, url_for

from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import read_form
from mock_services.core.web.ui import page, render
from mock_services.shop import accounts, cart, orders, products
from mock_services.shop.api import cart_out, category_tree, order_out, product_out
from mock_services.shop.models import CANCELLABLE_STATUSES
from mock_services.shop.money import fmt
from mock_services.shop.schemas import (
    CancelRequest,
    CartAdd,
    CartUpdate,
    CheckoutRequest,
    ProductQuery,
    ReturnRequest,
)

ui = Blueprint("shop_ui", __name__, template_folder="templates")


@ui.app_template_filter("money")
def _money(value: float | int | None) -> str:
    return "" if value is None else f"${value:,.2f}"


@page(ui, "/", login_required=False)
def catalogue(ctx: Ctx) -> Any:
    query = parse_query(ProductQuery)
    rows, total = products.search_products(ctx.db, query)
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
    product = product_out(products.product_row(ctx, product_id=product_id))
    return render("shop/product.html", ctx, product=product)


@page(ui, "/cart/add", methods=("POST",), operation="add_cart_item")
def cart_add(ctx: Ctx) -> Any:
    body = read_form(CartAdd)
    line = cart.add_to_cart(ctx, product_id=body.product_id, sku=body.sku, quantity=body.quantity)
    flash(f"Added {body.quantity} to your cart (now {line.quantity}).", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/cart")
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
    cart.update_cart_line(ctx, line_id, read_form(CartUpdate).quantity)
    flash("Cart updated.", "ok")
    return redirect(url_for("shop_ui.cart_page"), 303)


@page(ui, "/checkout", methods=("POST",), operation="checkout")
def checkout(ctx: Ctx) -> Any:
    body = read_form(CheckoutRequest)
    order = orders.checkout(ctx, body.address_id, body.payment_method_id, body.note)
    flash(f"Thank you! Order {order.code} is placed.", "ok")
    return redirect(url_for("shop_ui.order_page", code=order.code), 303)


@page(ui, "/orders")
def orders_page(ctx: Ctx) -> Any:
    listed, total = orders.list_orders(ctx, None, Window(per_page=100))
    counts = orders.order_item_counts(ctx.session, [o.id for o in listed])
    return render(
        "shop/orders.html",
        ctx,
        orders=listed,
        total=total,
        counts=counts,
        cancellable=CANCELLABLE_STATUSES,
        store_credit_cents=ctx.user.store_credit_cents,
        fmt=fmt,
    )


@page(ui, "/orders/<code>")
def order_page(ctx: Ctx, code: str) -> Any:
    order = order_out(ctx.session, orders.order_by_code(ctx, code))
    return render("shop/order.html", ctx, order=order, cancellable=CANCELLABLE_STATUSES)


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
