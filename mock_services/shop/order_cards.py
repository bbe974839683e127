"""The orders page's cards, a function where they were a template loop: a card per order with
its items, status and actions, and the loop's escapes and template calls made the page cost
twice its JSON (the markup is the one ``orders.html`` wrote, byte for byte)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from flask import current_app
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from mock_services.core.web.controls import confirmed
from mock_services.core.web.ui import picture, status_words, when
from mock_services.core.web.ui import text_escaped as e
from mock_services.shop.money import fmt

TIMES = "\u00d7"  # the multiplication sign before an item's quantity


@pass_context
def shop_order_cards(
    page: Context,
    orders: Iterable[Any],
    items: Mapping[int, list[Any]],
    arrivals: Mapping[int, str],
    cancellable: Collection[str],
    precise: bool,
) -> Markup:
    """Each order's card: when it was placed (to the second where ``precise``), its total,
    where it goes and its number; its status and when it reached it (or its promised day,
    ``arrivals``), its items, and its details link and cancel button."""
    url = current_app.url_for

    def card(o: Any) -> str:
        code, order_url = e(o.code), e(url("shop_ui.order_page", code=o.code))
        lines = "".join(_item(url, i, code) for i in items.get(o.id, []))
        cancel = f"\n          {_cancel(url, o.code)}\n        " if o.status in cancellable else ""
        return (
            f'\n  <li class="order-card" data-code="{code}" aria-labelledby="code-{code}">\n'
            '    <div class="order-head">\n'
            f'      <dl><dt>Order placed</dt><dd><time datetime="{e(o.placed_at.isoformat())}Z">'
            f"{e(when(page, o.placed_at, seconds=precise))}</time></dd></dl>\n"
            f"      <dl><dt>Total</dt><dd>{e(fmt(o.total_cents))}</dd></dl>\n"
            f"      <dl><dt>Ship to</dt><dd>{e(o.ship_recipient)}, {e(o.ship_city)}</dd></dl>\n"
            f'      <dl class="order-no"><dt>Order #</dt><dd><a href="{order_url}" '
            f'class="order-code" id="code-{code}">{code}</a></dd></dl>\n    </div>\n'
            '    <div class="order-body">\n      <div>\n'
            f'        <h2><span class="status-badge s-{e(o.status)}">{e(status_words(o.status))}'
            f"</span>\n          {_reached(page, o, arrivals, cancellable)}</h2>\n"
            f'        <ul class="order-items">\n          {lines}\n        </ul>\n      </div>\n'
            '      <div class="order-actions">\n'
            f'        <a href="{order_url}" class="action" aria-label="View the details of order '
            f'{code}">View order details</a>\n        {cancel}\n      </div>\n    </div>\n'
            "  </li>\n  "
        )

    return Markup("".join(card(o) for o in orders))


def _reached(
    page: Context, o: Any, arrivals: Mapping[int, str], cancellable: Collection[str]
) -> str:
    """When the order reached its status, or its promised day, after its status badge."""
    after = "\n          "
    if o.status == "delivered" and o.delivered_at:
        return e(when(page, o.delivered_at)) + after
    if arrivals[o.id]:
        return f"· {e(arrivals[o.id])}{after}"
    if o.status == "shipped" and o.shipped_at:
        return f"on its way since {e(when(page, o.shipped_at))}{after}"
    if o.status == "cancelled" and o.cancelled_at:
        return e(when(page, o.cancelled_at)) + after
    return "· preparing for shipment" if o.status in cancellable else ""


def _item(url: Callable[..., str], item: Any, code: str) -> str:
    """An ordered item: its picture, name, quantity (and how many came back), and a link to
    buy it again."""
    href, name = e(url("shop_ui.product_page", product_id=item.product_id)), e(item.name)
    returned = f" ({e(item.return_quantity)} returned)" if item.return_quantity else ""
    return (
        f'\n          <li>{picture("product", item.name, 64)}\n            <div><a href="{href}">'
        f'{name}</a>\n              <span class="byline">{TIMES} {e(item.quantity)}{returned}'
        "</span>\n"
        f'              <a href="{href}" class="action buy-again" aria-label="Buy {name} again, '
        f'from order {code}">Buy it again</a></div></li>\n          '
    )


def _cancel(url: Callable[..., str], code: str) -> str:
    """The order's cancel button and its confirmation."""
    return str(
        confirmed(
            url("shop_ui.order_cancel", code=code),
            f"Cancel order {code}",
            f"Cancel order {code}? The payment is refunded and the order cannot be reopened.",
            f"cancel-order-{code}",
        )
    )
