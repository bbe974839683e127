"""The Inventory web UI: products (list, add, a product's page with its stock, edit), stock
levels with transfers and adjustments, the move history, warehouses, suppliers, purchase
orders (draft, send, receive, cancel), sales orders (draft, confirm, ship, cancel), low stock
and the team. Every form validates through the API's own model and calls the same functions;
a form the rules refuse is shown again with the message next to its field."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, get_args

from flask import Blueprint, flash, redirect, request, url_for
from sqlalchemy import func, select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.current import current_request
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import Page
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import FieldGroup, FormInvalid, field_of, read_form
from mock_services.core.web.ui import Choices, choices, listed, page, render, status_words
from mock_services.core.web.wording import for_people
from mock_services.inventory import alerts, products, purchasing, sales, stock
from mock_services.inventory.catalog import bin_by_code, warehouse_by_code
from mock_services.inventory.models import (
    MoveKind,
    PoStatus,
    Product,
    PurchaseOrder,
    Reason,
    SoStatus,
    Supplier,
    Unit,
    User,
    Warehouse,
)
from mock_services.inventory.present import (
    alerts_out,
    levels_out,
    moves_out,
    product_detail,
    products_out,
    purchase_order_out,
    purchase_orders_out,
    sales_order_out,
    sales_orders_out,
    supplier_out,
    suppliers_out,
    warehouse_out,
    warehouses_out,
)
from mock_services.inventory.schemas import (
    AdjustmentRequest,
    CancelRequest,
    MoveQuery,
    PoCreate,
    PoQuery,
    ProductCreate,
    ProductQuery,
    ProductUpdate,
    ReceiveRequest,
    SoCreate,
    SoQuery,
    StockQuery,
    SupplierCreate,
    TransferRequest,
)

ui = Blueprint("inventory_ui", __name__, template_folder="templates")
CURRENCY = "USD"
"""The company's currency, the one every cost, price and total is kept in (Odoo's company
currency): pages write money with it first, as the house does (``USD 2,830.00``)."""


@ui.context_processor
def _money_currency() -> dict[str, str]:
    return {"currency": CURRENCY}


LINE_ROWS = 5
"""How many line rows a new order's form offers."""
MAX_LINES = 50
"""The most line rows a form may send (an order's most lines)."""
CHOICES = {
    "units": get_args(Unit),
    "unit_symbols": ("kg", "m", "l"),  # written as symbols; the other units as words ("Each")
    "reasons": get_args(Reason),
    "kinds": get_args(MoveKind),
    "po_statuses": get_args(PoStatus),
    "so_statuses": get_args(SoStatus),
}


@contextmanager
def shown_by_field(unplaced: str | None = None) -> Iterator[None]:
    """A body field the rules refuse (a 422 naming it, or a 409 naming the field a new record
    shares with another, a SKU or a supplier's name) shown next to its form field, as the
    model's own refusals are (a line's at its row's field: ``field_of``). A
    refusal naming no field (stock short of the quantity asked) is shown by ``unplaced``,
    with what was typed kept, where the form has such a field."""
    try:
        yield
    except FormInvalid:
        raise
    except (ValidationFailed, Conflict) as exc:
        details = exc.details if isinstance(exc.details, list) else []
        loc = details[0].get("loc", []) if details else []
        if loc and loc[0] == "body":
            name = ".".join(str(part) for part in loc[1:])
            message = for_people(details[0]["message"])
        elif unplaced is not None:
            name, message = unplaced, for_people(exc.message)
        else:
            raise
        raise FormInvalid({field_of(name): message}, current_request().form.copy()) from None


def _lines(columns: tuple[str, ...], needed: str) -> FieldGroup:
    """A form's line rows ``line-<n>-<column>``: those with ``needed`` filled (a new order's
    SKU, a received quantity) are the body's ``lines``."""
    fields = {column: f"line-{{}}-{column}" for column in columns}
    return FieldGroup(fields, rows=range(MAX_LINES), needed=needed)


# --- products --------------------------------------------------------------------------------


@page(ui, "/")
def overview_page(ctx: Ctx) -> Any:
    """Odoo's Inventory Overview: a card per operation type and warehouse (receipts, deliveries,
    internal moves) with what is to process, late and waiting, and the replenishment card."""
    return render(
        "inventory/overview.html",
        ctx,
        cards=_operation_cards(ctx),
        low=alerts.low_products(ctx, PageQuery(per_page=1)).total,
    )


def _operation_cards(ctx: Ctx) -> list[dict[str, Any]]:
    """Per warehouse, its receipts, deliveries and internal moves counted by state, and its late
    receipts by the rule the list's ``late`` filter uses: four queries for every warehouse."""
    week_ago = to_naive_utc(ctx.now - timedelta(days=7))
    houses = ctx.db.all("SELECT id, code, name FROM warehouses ORDER BY code")
    receipts = ctx.db.all(
        "SELECT warehouse_id AS house, status FROM purchase_orders"
        " WHERE status IN ('draft', 'sent', 'partly_received')"
    )
    late: dict[int, int] = {
        house: n
        for house, n in ctx.session.execute(
            select(PurchaseOrder.warehouse_id, func.count())
            .where(purchasing.late(ctx.today))
            .group_by(PurchaseOrder.warehouse_id)
        )
    }
    deliveries = ctx.db.all(
        "SELECT warehouse_id AS house, status FROM sales_orders"
        " WHERE status IN ('draft', 'confirmed')"
    )
    moved = ctx.db.all(
        "SELECT b.warehouse_id AS house, COUNT(*) AS n FROM stock_moves m"
        " JOIN bins b ON b.id = m.to_bin_id WHERE m.kind = 'transfer' AND m.created_at >= ?"
        " GROUP BY b.warehouse_id",
        (week_ago.isoformat(sep=" "),),  # stored as naive UTC text
    )
    transfers = {row["house"]: row["n"] for row in moved}
    cards: list[dict[str, Any]] = []
    for house in houses:
        mine = [r for r in receipts if r["house"] == house["id"]]
        arriving = [r for r in mine if r["status"] != "draft"]
        shipping = [r["status"] for r in deliveries if r["house"] == house["id"]]
        cards.append(
            {
                "kind": "receipts",
                "title": "Receipts",
                "house": house,
                "to_process": sum(r["status"] == "sent" for r in arriving),
                "partly": sum(r["status"] == "partly_received" for r in arriving),
                "late": late.get(house["id"], 0),
                "waiting": len(mine) - len(arriving),
            }
        )
        cards.append(
            {
                "kind": "deliveries",
                "title": "Delivery Orders",
                "house": house,
                "to_process": shipping.count("confirmed"),
                "waiting": shipping.count("draft"),
            }
        )
        cards.append(
            {
                "kind": "internal",
                "title": "Internal Transfers",
                "house": house,
                "done_week": transfers.get(house["id"], 0),
            }
        )
    return cards


@page(ui, "/products", shows=("list_products",))
def products_page(ctx: Ctx) -> Any:
    query = parse_query(ProductQuery)
    found = products.find_products(ctx, query)
    layout = "list" if current_request().args.get("view") == "list" else "kanban"
    return render(
        "inventory/products.html",
        ctx,
        found=Page(products_out(ctx.db, found.items), found.total),
        layout=layout,
        query=query,
        suppliers=[  # the filter's choices: their names alone, not whole rows
            (name, name)
            for name in ctx.session.scalars(select(Supplier.name).order_by(Supplier.name))
        ],
        **CHOICES,
    )


@page(ui, "/products", methods=("POST",), operation="create_product")
def product_create(ctx: Ctx) -> Any:
    body = read_form(ProductCreate, keep_blank=("category",))
    with shown_by_field():
        product = products.create_product(ctx, body)
    flash(f"Added {product.sku}.", "ok")
    return redirect(url_for("inventory_ui.product_page", sku=product.sku), 303)


@page(
    ui, "/products/<sku>", shows=("get_product", listed("list_moves", sku="<sku>", per_page="10"))
)
def product_page(ctx: Ctx, sku: str) -> Any:
    product = product_detail(ctx.db, sku)
    moves = stock.find_moves(ctx, MoveQuery(sku=product.sku, per_page=10))
    return render(
        "inventory/product.html",
        ctx,
        product=product,
        moves=moves_out(ctx.session, moves.items),
        suppliers=products.suppliers(ctx),
        bins=_bins(ctx),
        **CHOICES,
    )


@page(ui, "/products/<sku>/edit", methods=("POST",), operation="update_product")
def product_edit(ctx: Ctx, sku: str) -> Any:
    body = read_form(ProductUpdate, cleared=("supplier",), keep_blank=("category",))
    with shown_by_field():
        product = products.update_product(ctx, sku, body)
    flash(f"Saved {product.sku}.", "ok")
    return redirect(url_for("inventory_ui.product_page", sku=product.sku), 303)


# --- stock -----------------------------------------------------------------------------------


def _bins(ctx: Ctx) -> list[tuple[str, str]]:
    """Every bin as a flat picker option: its code and the text naming its place, Odoo's
    location path ("EAST/Stock/EAST-B-03 · Aisle B shelf 3")."""
    return _bin_options(_warehouse_choices(ctx))


def _bin_options(houses: Sequence[Any], only: str | None = None) -> list[tuple[str, str]]:
    """The bins to choose from: every warehouse's, or only those of the warehouse ``only``
    (a warehouse's own stock page offers its own bins, as Odoo's locations of one
    warehouse)."""
    shown = [w for w in houses if only is None or w.code.upper() == only.strip().upper()]
    return [(b.code, _bin_label(w.code, b)) for w in shown or houses for b in w.bins]


def _bin_label(house: str, bin_out: Any) -> str:
    label = f"{house}/Stock/{bin_out.code}"
    return f"{label} · {bin_out.description}" if bin_out.description else label


@dataclass(frozen=True)
class _Place:
    """A warehouse or a bin as a picker offers it: no stock counted."""

    code: str
    name: str = ""
    description: str = ""
    bins: tuple[_Place, ...] = ()


def _warehouse_choices(ctx: Ctx) -> tuple[_Place, ...]:
    """The warehouses by code, each with its bins by code, as the pickers offer them
    (``_warehouses`` without the stock each bin holds, which no picker shows): read once while
    the DB is unchanged."""
    return ctx.until_changed("inventory.places", lambda: _read_places(ctx))


def _read_places(ctx: Ctx) -> tuple[_Place, ...]:
    by_house: dict[int, list[_Place]] = {}
    for row in ctx.db.all("SELECT warehouse_id, code, description FROM bins ORDER BY code"):
        by_house.setdefault(row["warehouse_id"], []).append(
            _Place(row["code"], description=row["description"])
        )
    return tuple(
        _Place(row["code"], row["name"], bins=tuple(by_house.get(row["id"], ())))
        for row in ctx.db.all("SELECT id, code, name FROM warehouses ORDER BY code")
    )


def _warehouses(ctx: Ctx) -> list[Any]:
    found = ctx.session.scalars(select(Warehouse).order_by(Warehouse.code))
    return warehouses_out(ctx.session, found.all())


@page(ui, "/stock", shows=("list_stock",))
def stock_page(ctx: Ctx) -> Any:
    query = parse_query(StockQuery)
    if query.bin is not None:  # a bookmark's bin, told as the page names bins if unknown
        try:
            bin_by_code(ctx.session, query.bin)
        except NotFound:
            raise ValidationFailed(
                f"There is no bin “{query.bin.strip()}”. The Warehouses page lists each "
                "warehouse's bins."
            ) from None
    found = stock.find_levels(ctx, query)
    houses = _warehouse_choices(ctx)
    return render(
        "inventory/stock.html",
        ctx,
        found=Page(levels_out(ctx.session, found.items), found.total),
        query=query,
        bins=_bin_options(houses, query.warehouse),
        warehouses=houses,
        **CHOICES,
    )


@page(ui, "/stock/transfers", methods=("POST",), operation="transfer_stock")
def stock_transfer(ctx: Ctx) -> Any:
    body = read_form(TransferRequest, verbatim=("note",))
    with shown_by_field(unplaced="quantity"):
        move = stock.transfer(ctx, body)
    flash(f"Moved {move.quantity} of {body.sku.upper()} to {body.to_bin.upper()}.", "ok")
    return redirect(url_for("inventory_ui.product_page", sku=body.sku.strip().upper()), 303)


@page(ui, "/stock/adjustments", methods=("POST",), operation="adjust_stock")
def stock_adjust(ctx: Ctx) -> Any:
    body = read_form(AdjustmentRequest, verbatim=("note",))
    with shown_by_field():
        _move, alerted = stock.adjust(ctx, body)
    flash(f"Adjusted {body.sku.upper()} in {body.bin.upper()} ({status_words(body.reason)}).", "ok")
    if alerted:
        flash(f"{body.sku.upper()} is now at or below its reorder point.", "error")
    return redirect(url_for("inventory_ui.product_page", sku=body.sku.strip().upper()), 303)


@page(ui, "/moves", shows=("list_moves",))
def moves_page(ctx: Ctx) -> Any:
    query = parse_query(MoveQuery)
    found = stock.find_moves(ctx, query)
    houses = _warehouse_choices(ctx)
    return render(
        "inventory/moves.html",
        ctx,
        found=Page(moves_out(ctx.session, found.items), found.total),
        query=query,
        bins=_bin_options(houses),
        warehouses=houses,
        **CHOICES,
    )


@page(ui, "/warehouses", shows=("list_warehouses",))
def warehouses_page(ctx: Ctx) -> Any:
    return render("inventory/warehouses.html", ctx, warehouses=_warehouses(ctx))


@page(ui, "/warehouses/<code>", shows=("get_warehouse",))
def warehouse_page(ctx: Ctx, code: str) -> Any:
    """One warehouse: its address and bins (what each holds), with links to its stock, its
    moves and the orders it receives or ships."""
    house = warehouse_out(ctx.session, warehouse_by_code(ctx.session, code))
    return render("inventory/warehouse.html", ctx, w=house)


# --- suppliers -------------------------------------------------------------------------------


@page(ui, "/suppliers", shows=("list_suppliers",))
def suppliers_page(ctx: Ctx) -> Any:
    found = suppliers_out(ctx.session, products.suppliers(ctx))
    return render("inventory/suppliers.html", ctx, suppliers=found)


@page(ui, "/suppliers/<int:supplier_id>", shows=("get_supplier",))
def supplier_page(ctx: Ctx, supplier_id: int) -> Any:
    """One supplier: how to reach it, its lead time and the products it supplies."""
    found = supplier_out(ctx.session, products.supplier(ctx, supplier_id))
    supplied = select(Product.sku, Product.name).where(Product.sku.in_(found.products))
    names = {sku: name for sku, name in ctx.session.execute(supplied).all()}
    return render("inventory/supplier.html", ctx, s=found, names=names)


@page(ui, "/suppliers", methods=("POST",), operation="create_supplier")
def supplier_create(ctx: Ctx) -> Any:
    body = read_form(SupplierCreate, keep_blank=("contact_name", "phone"))
    with shown_by_field():
        added = products.create_supplier(ctx, body)
    flash(f"Added {added.name}.", "ok")
    return redirect(url_for("inventory_ui.suppliers_page"), 303)


# --- purchase orders -------------------------------------------------------------------------


def _sku_choices(ctx: Ctx) -> Choices:
    """The active products as an order line's SKU picker offers them ("AXE-HT Hatchet"), read
    once while the DB is unchanged: five lines offer them, their tags drawn once."""

    def read() -> Choices:
        rows = ctx.session.execute(
            select(Product.sku, Product.name).where(Product.active.is_(True)).order_by(Product.sku)
        )
        return choices((sku, f"{sku} {name}") for sku, name in rows)

    return ctx.until_changed("inventory.sku_choices", read)


@page(ui, "/purchase-orders", shows=("list_purchase_orders",))
def purchase_orders_page(ctx: Ctx) -> Any:
    query = parse_query(PoQuery)
    found = purchasing.find_orders(ctx, query)
    return render(
        "inventory/purchase_orders.html",
        ctx,
        found=Page(purchase_orders_out(ctx.session, found.items), found.total),
        query=query,
        suppliers=ctx.until_changed(  # their names, which the pickers offer
            "inventory.supplier_names",
            lambda: tuple(ctx.session.execute(select(Supplier.name).order_by(Supplier.name))),
        ),
        warehouses=_warehouse_choices(ctx),
        sku_choices=_sku_choices(ctx),
        rows=range(LINE_ROWS),
        **CHOICES,
    )


@page(ui, "/purchase-orders", methods=("POST",), operation="create_purchase_order")
def purchase_order_create(ctx: Ctx) -> Any:
    lines = _lines(("sku", "quantity", "unit_cost"), "sku")
    body = read_form(PoCreate, groups={"lines": lines}, keep_blank=("lines",), verbatim=("notes",))
    with shown_by_field():
        order = purchasing.create_order(ctx, body)
    flash(f"Drafted {order.code}.", "ok")
    return redirect(url_for("inventory_ui.purchase_order_page", code=order.code), 303)


@page(ui, "/purchase-orders/<code>", shows=("get_purchase_order",))
def purchase_order_page(ctx: Ctx, code: str) -> Any:
    order = purchasing.order_by_code(ctx, code)
    house = ctx.session.get(Warehouse, order.warehouse_id)
    assert house is not None  # a foreign key
    return render(
        "inventory/purchase_order.html",
        ctx,
        order=purchase_order_out(ctx.session, order),
        bins=[(b.code, _bin_label(house.code, b)) for b in warehouse_out(ctx.session, house).bins],
    )


@page(ui, "/purchase-orders/<code>/send", methods=("POST",), operation="send_purchase_order")
def purchase_order_send(ctx: Ctx, code: str) -> Any:
    order = purchasing.send_order(ctx, code)
    flash(f"Sent {order.code} to the supplier.", "ok")
    return redirect(url_for("inventory_ui.purchase_order_page", code=order.code), 303)


@page(ui, "/purchase-orders/<code>/receive", methods=("POST",), operation="receive_purchase_order")
def purchase_order_receive(ctx: Ctx, code: str) -> Any:
    """Receive the units typed per line ("Receive into stock": a blank line receives none),
    or everything outstanding ("Receive everything outstanding", the lines' boxes unread)."""
    everything = request.form.get("everything") == "1"
    if everything:
        body = read_form(ReceiveRequest)
        if body.bin is None:
            raise FormInvalid.field("bin", "Choose the bin to receive everything outstanding into")
    else:
        body = read_form(
            ReceiveRequest, groups={"lines": _lines(("sku", "quantity", "bin"), "quantity")}
        )
        _check_receipt(body)
    before = purchase_order_out(ctx.session, purchasing.order_by_code(ctx, code)).lines
    with shown_by_field():
        order = purchasing.receive_order(ctx, code, body)
    after = purchase_order_out(ctx.session, order).lines
    came = [
        f"{now.received_quantity - was.received_quantity} {now.sku}"
        for was, now in zip(before, after, strict=True)
        if now.received_quantity > was.received_quantity
    ]
    units = " and ".join(filter(None, (", ".join(came[:-1]), came[-1]))) if came else "nothing"
    flash(f"Received {units} into stock; {order.code} is {order.status.replace('_', ' ')}.", "ok")
    return redirect(url_for("inventory_ui.purchase_order_page", code=order.code), 303)


def _check_receipt(body: ReceiveRequest) -> None:
    """The receive form's own refusals, in its words: no units typed (the other button takes
    everything), or a line with no bin where "Receive into bin" names none."""
    if not body.lines:
        raise FormInvalid.field(
            field_of("lines"),
            "Type the units delivered, or press Receive everything outstanding",
        )
    if body.bin is None and any(line.bin is None for line in body.lines):
        raise FormInvalid.field(
            "bin", "Choose the bin the delivery goes into, or a bin on each line received"
        )


@page(ui, "/purchase-orders/<code>/cancel", methods=("POST",), operation="cancel_purchase_order")
def purchase_order_cancel(ctx: Ctx, code: str) -> Any:
    order = purchasing.cancel_order(ctx, code, read_form(CancelRequest, verbatim=("reason",)))
    flash(f"Cancelled {order.code}.", "ok")
    return redirect(url_for("inventory_ui.purchase_order_page", code=order.code), 303)


# --- sales orders ----------------------------------------------------------------------------


@page(ui, "/sales-orders", shows=("list_sales_orders",))
def sales_orders_page(ctx: Ctx) -> Any:
    query = parse_query(SoQuery)
    found = sales.find_orders(ctx, query)
    return render(
        "inventory/sales_orders.html",
        ctx,
        found=Page(sales_orders_out(ctx.session, found.items), found.total),
        query=query,
        warehouses=_warehouse_choices(ctx),
        sku_choices=_sku_choices(ctx),
        users=ctx.until_changed(  # the owner filter's names
            "inventory.owner_names",
            lambda: tuple(
                ctx.session.execute(
                    select(User.username, User.display_name).order_by(User.username)
                )
            ),
        ),
        rows=range(LINE_ROWS),
        **CHOICES,
    )


@page(ui, "/sales-orders", methods=("POST",), operation="create_sales_order")
def sales_order_create(ctx: Ctx) -> Any:
    lines = _lines(("sku", "quantity", "unit_price"), "sku")
    body = read_form(SoCreate, groups={"lines": lines}, keep_blank=("lines",), verbatim=("notes",))
    with shown_by_field():
        order = sales.create_order(ctx, body)
    flash(f"Drafted {order.code}.", "ok")
    return redirect(url_for("inventory_ui.sales_order_page", code=order.code), 303)


@page(ui, "/sales-orders/<code>", shows=("get_sales_order",))
def sales_order_page(ctx: Ctx, code: str) -> Any:
    order = sales.order_by_code(ctx, code)
    return render("inventory/sales_order.html", ctx, order=sales_order_out(ctx.session, order))


@page(ui, "/sales-orders/<code>/confirm", methods=("POST",), operation="confirm_sales_order")
def sales_order_confirm(ctx: Ctx, code: str) -> Any:
    order = sales.confirm_order(ctx, code)
    flash(f"Confirmed {order.code}: its stock is reserved.", "ok")
    return redirect(url_for("inventory_ui.sales_order_page", code=order.code), 303)


@page(ui, "/sales-orders/<code>/ship", methods=("POST",), operation="ship_sales_order")
def sales_order_ship(ctx: Ctx, code: str) -> Any:
    order = sales.ship_order(ctx, code)
    flash(f"Shipped {order.code}.", "ok")
    return redirect(url_for("inventory_ui.sales_order_page", code=order.code), 303)


@page(ui, "/sales-orders/<code>/cancel", methods=("POST",), operation="cancel_sales_order")
def sales_order_cancel(ctx: Ctx, code: str) -> Any:
    order = sales.cancel_order(ctx, code)
    flash(f"Cancelled {order.code}.", "ok")
    return redirect(url_for("inventory_ui.sales_order_page", code=order.code), 303)


# --- low stock and the team ------------------------------------------------------------------


@page(ui, "/low-stock", shows=("list_low_stock", "list_alerts"))
def low_stock_page(ctx: Ctx) -> Any:
    """Every low product (at most a hundred; more are counted), and the alerts raised, a page
    of twenty at a time (``page``, ``per_page`` where the address asks another size)."""
    query = parse_query(PageQuery)
    low = alerts.low_products(ctx, PageQuery(per_page=100))
    paging = PageQuery(page=query.page, per_page=query.per_page)
    raised = alerts.find_alerts(ctx, paging)
    return render(
        "inventory/low_stock.html",
        ctx,
        low=products_out(ctx.db, low.items),
        low_total=low.total,
        alerts=alerts_out(ctx.session, raised.items),
        alerts_total=raised.total,
        alert_page=paging.page,
        alert_per_page=paging.per_page,
    )


@page(ui, "/team", shows=("list_users",))
def team_page(ctx: Ctx) -> Any:
    users = ctx.session.scalars(select(User).order_by(User.username))
    return render("inventory/team.html", ctx, users=list(users))
