"""What the catalogue and a product page draw of a product, functions where they were macros
and template loops: its stars, price, badges and delivery line, the catalogue's product cards
and a product page's gallery (the markup is the one ``_macros.html``, ``catalogue.html`` and
``product.html`` wrote, byte for byte). A catalogue draws them for twenty or more products,
and a product page's template work cost twice its JSON."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from flask import current_app
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from mock_services.core.web.ui import dated, icon, picture
from mock_services.core.web.ui import text_escaped as e
from mock_services.core.web.wording import price_words
from mock_services.shop.money import FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_FEE_CENTS

SHIPPING_FEE, FREE_FROM = SHIPPING_FEE_CENTS / 100, FREE_SHIPPING_THRESHOLD_CENTS / 100
"""The standard delivery fee and the order value from which delivery is free (dollars)."""


def money(value: float | int | None) -> str:
    """``$2,276.00``: the shop's ``money`` filter; nothing for none."""
    return "" if value is None else price_words(value)


def stars(rating: float, count: int | None = None) -> Markup:
    """The rating read as text, "4.5 out of 5 stars (1,234 ratings)", the stars drawn by the
    style sheet; a product nobody has rated says so."""
    if count == 0:
        return Markup('<p class="rating"><span class="score no-reviews">No reviews yet</span></p>')
    counted = (
        f'\n  <span class="review-count">({count:,} rating{"" if count == 1 else "s"})</span>'
        if count is not None
        else ""
    )
    return Markup(
        f'<p class="rating"><span class="stars" aria-hidden="true" style="--filled: '
        f'{e(round(rating / 5 * 100, 1))}%"></span>\n  <span class="score">{rating:.1f} out of '
        f"5 stars</span>{counted}</p>"
    )


def price(value: float | int | None, id: str | None = None) -> Markup:
    """A price in dollars and cents, the cents raised by the style sheet."""
    text = money(value)
    named = f' id="{e(id)}"' if id else ""
    return Markup(
        f'\n<p class="price"{named}><span class="sym">$</span>{e(text[1:].split(".")[0])}'
        f'<span class="cents">.{e(text.split(".")[1])}</span></p>'
    )


def badges(p: Any) -> Markup:
    """The badges line ("Only 3 left in stock", "Top rated"), left out where a product has
    none."""
    if not p.active:
        stock = '<span class="badge gone">No longer sold</span>\n'
    elif not p.in_stock:
        stock = '<span class="badge out">Out of stock</span>\n'
    elif p.stock <= 10:
        stock = f'<span class="badge low">Only {e(p.stock)} left in stock</span>'
    else:
        stock = ""
    top = p.active and p.rating >= 4.7 and p.review_count >= 500
    shown = (stock + "\n" + ('<span class="badge top">Top rated</span>' if top else "")).strip()
    return Markup(f'\n<p class="badges">{shown}</p>' if shown else "\n")


def delivery(value: float) -> Markup:
    """What delivering the product costs: free from the threshold on, else the fee."""
    if value >= FREE_FROM:
        return Markup(
            f'\n<p class="delivery">{icon("truck")} <strong>FREE delivery</strong> on this item'
            "</p>\n"
        )
    return Markup(
        f'\n<p class="delivery">{icon("truck")} {e(money(SHIPPING_FEE))} delivery, '
        f"<strong>FREE</strong> on orders of {e(money(FREE_FROM))} or more</p>"
    )


def shop_product_cards(products: Iterable[Any]) -> Markup:
    """The catalogue's product cards: picture, name, brand and category, stars, price, badges
    and delivery."""
    url = current_app.url_for

    def card(p: Any) -> str:
        href = e(url("shop_ui.product_page", product_id=p.id))
        sends = delivery(p.price) if p.in_stock and p.active else ""
        return (
            f'\n      <li class="product-card" data-sku="{e(p.sku)}">\n        <a href="{href}" '
            f'class="thumb" tabindex="-1" aria-hidden="true">{picture("product", p.name, 190)}'
            f'</a>\n        <h2><a href="{href}">{e(p.name)}</a></h2>\n        <p class="byline">'
            f"by {e(p.brand)} · {e(p.category.name)}</p>\n        "
            f"{stars(p.rating, p.review_count)}\n        {price(p.price)}\n        {badges(p)}"
            f"\n        {sends}\n      </li>\n      "
        )

    return Markup("".join(card(p) for p in products))


@lru_cache(maxsize=1024)  # a product's page drawn again for each visit
def shop_gallery(name: str, views: tuple[str, ...]) -> Markup:
    """A product page's gallery: a thumbnail and a large drawing per view, each drawn from the
    product's name (the first view's from the name alone)."""
    drawn = [name if n == 1 else f"{name} · {view}" for n, view in enumerate(views, 1)]
    thumbs = "".join(
        f'\n      <li><a href="#view-{n}" aria-label="Show the {e(view)} view">'
        f"{picture('product', shown, 48)}</a></li>\n      "
        for n, (view, shown) in enumerate(zip(views, drawn, strict=True), 1)
    )
    large = "".join(
        f'\n      <figure id="view-{n}">'
        f"{picture('product', shown, 340, alt=f'{name}, {view} view')}\n        <figcaption>"
        f"{e(view.capitalize())} view · {n} of {len(views)}</figcaption></figure>\n      "
        for n, (view, shown) in enumerate(zip(views, drawn, strict=True), 1)
    )
    return Markup(
        f'<ul class="thumbs">\n      {thumbs}\n    </ul>\n    <div class="views">\n      {large}'
        "\n    </div>"
    )


@pass_context
def shop_product_info(page: Context, product: Any, parent: Any) -> Markup:
    """A product page's details: name and brand, stars, price, badges, description and the
    specifications table (``parent``: its category's parent, a row, or None)."""
    url = current_app.url_for
    category = e(product.category.name)
    within = f"{e(parent['name'])} \u203a " if parent else ""  # the breadcrumb arrow
    count = product.review_count
    reviews = (
        f"{product.rating:.1f} out of 5 stars, {count:,} rating{'' if count == 1 else 's'}"
        if count
        else "No reviews yet"
    )
    return Markup(
        f"<h1>{e(product.name)}</h1>\n"
        f'    <p class="byline">Brand: <a href="{e(url("shop_ui.catalogue", q=product.brand))}">'
        f"{e(product.brand)}</a></p>\n    {stars(product.rating, count)}\n    <hr>\n    "
        f"{price(product.price, id='price')}\n    {badges(product)}\n    <hr>\n"
        "    <h2>About this item</h2>\n"
        f'    <p id="description">{e(product.description)}</p>\n    <h2>Product details</h2>\n'
        '    <table class="specs" id="specs">\n'
        f'      <tr><th scope="row">Brand</th><td>{e(product.brand)}</td></tr>\n'
        f'      <tr><th scope="row">Category</th><td>{within}{category}</td></tr>\n'
        f'      <tr><th scope="row">Item number (SKU)</th><td><a href="'
        f'{e(url("shop_ui.product_by_sku", sku=product.sku))}" id="sku-link">{e(product.sku)}'
        "</a></td></tr>\n"
        f'      <tr><th scope="row">Customer reviews</th><td>{e(reviews)}</td></tr>\n'
        f'      <tr><th scope="row">First available</th><td id="first-available">'
        f"{e(dated(page, product.created_at))}</td></tr>\n    </table>"
    )


PIECES: dict[str, Callable[..., Markup]] = {
    "shop_stars": stars,
    "shop_price": price,
    "shop_badges": badges,
    "shop_delivery": delivery,
    "shop_product_cards": shop_product_cards,
    "shop_gallery": shop_gallery,
    "shop_product_info": shop_product_info,
}
"""The template globals this module gives the pages, by name."""
