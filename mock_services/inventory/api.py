"""The Inventory REST API, under ``/api`` (every route is an MCP tool too): products and their
suppliers, warehouses and bins, stock levels, transfers and adjustments and the move history,
purchase orders, sales orders, low stock and its alerts, and the team."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import page_answer
from mock_services.core.spec.api import Api, Ctx
from mock_services.inventory import alerts, products, purchasing, sales, stock
from mock_services.inventory.catalog import warehouse_by_code
from mock_services.inventory.models import StockMove, User, Warehouse
from mock_services.inventory.present import (
    alerts_out,
    levels_out,
    move_levels,
    move_out,
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
    AlertPage,
    CancelRequest,
    MovePage,
    MoveQuery,
    MoveResult,
    PoCreate,
    PoQuery,
    ProductCreate,
    ProductDetail,
    ProductPage,
    ProductQuery,
    ProductUpdate,
    PurchaseOrderOut,
    PurchaseOrderPage,
    ReceiveRequest,
    SalesOrderOut,
    SalesOrderPage,
    SoCreate,
    SoQuery,
    StockPage,
    StockQuery,
    SupplierCreate,
    SupplierList,
    SupplierOut,
    TransferRequest,
    UserList,
    UserOut,
    WarehouseList,
    WarehouseOut,
)

api = Api("inventory", url_prefix="/api")
_WRITE = (403, 404, 409, 422)


def move_result(ctx: Ctx, move: StockMove, alerted: bool) -> MoveResult:
    return MoveResult(
        **move_out(ctx.session, move).model_dump(),
        stock=move_levels(ctx.session, move),
        low_stock_alert=alerted,
    )


# --- products and suppliers ------------------------------------------------------------------


@api.get("/products", response=ProductPage, errors=(422,))
def list_products(ctx: Ctx, query: ProductQuery) -> ProductPage:
    """Products by SKU with their stock over every warehouse (on hand, reserved, available, on
    order), filtered by words in the SKU or name (``q``), category, supplier, low stock."""
    found = products.find_products(ctx, query)
    return page_answer(ProductPage, products_out(ctx.db, found.items), found.total, query)


@api.get("/products/<sku>", response=ProductDetail, errors=(404,))
def get_product(ctx: Ctx, sku: str) -> ProductDetail:
    """One product by SKU, with its stock in each bin."""
    return product_detail(ctx.db, sku)


@api.post("/products", response=ProductDetail, status=201, errors=(403, 409, 422))
def create_product(ctx: Ctx, body: ProductCreate) -> ProductDetail:
    """Add a product to the catalogue (managers), with no stock yet."""
    return product_detail(ctx.db, products.create_product(ctx, body).sku)


@api.patch("/products/<sku>", response=ProductDetail, errors=(403, 404, 422))
def update_product(ctx: Ctx, sku: str, body: ProductUpdate) -> ProductDetail:
    """Change a product's name, category, unit, cost, price, supplier, reorder point or
    quantity, or retire it (``active: false``); managers only."""
    return product_detail(ctx.db, products.update_product(ctx, sku, body).sku)


@api.get("/suppliers", response=SupplierList)
def list_suppliers(ctx: Ctx) -> SupplierList:
    """The suppliers by name, with the SKUs each supplies."""
    return SupplierList(items=suppliers_out(ctx.session, products.suppliers(ctx)))


@api.get("/suppliers/<int:supplier_id>", response=SupplierOut, errors=(404,))
def get_supplier(ctx: Ctx, supplier_id: int) -> SupplierOut:
    """One supplier, with the SKUs it supplies."""
    return supplier_out(ctx.session, products.supplier(ctx, supplier_id))


@api.post("/suppliers", response=SupplierOut, status=201, errors=(403, 409, 422))
def create_supplier(ctx: Ctx, body: SupplierCreate) -> SupplierOut:
    """Add a supplier (managers)."""
    return supplier_out(ctx.session, products.create_supplier(ctx, body))


# --- warehouses and stock --------------------------------------------------------------------


@api.get("/warehouses", response=WarehouseList)
def list_warehouses(ctx: Ctx) -> WarehouseList:
    """The warehouses with their bins and what each bin holds."""
    found = ctx.session.scalars(select(Warehouse).order_by(Warehouse.code))
    return WarehouseList(items=warehouses_out(ctx.session, found.all()))


@api.get("/warehouses/<code>", response=WarehouseOut, errors=(404,))
def get_warehouse(ctx: Ctx, code: str) -> WarehouseOut:
    """One warehouse by code ('EAST'), with its bins."""
    return warehouse_out(ctx.session, warehouse_by_code(ctx.session, code))


@api.get("/stock", response=StockPage, errors=(422,))
def list_stock(ctx: Ctx, query: StockQuery) -> StockPage:
    """Stock levels per bin (on hand, reserved, available), by SKU then bin, for one product,
    warehouse or bin."""
    found = stock.find_levels(ctx, query)
    items = levels_out(ctx.session, found.items)
    return page_answer(StockPage, items, found.total, query)


@api.post("/stock/transfers", response=MoveResult, status=201, errors=(403, 409, 422))
def transfer_stock(ctx: Ctx, body: TransferRequest) -> MoveResult:
    """Move available units of a product from one bin to another (clerks and managers)."""
    return move_result(ctx, stock.transfer(ctx, body), False)


@api.post("/stock/adjustments", response=MoveResult, status=201, errors=(403, 409, 422))
def adjust_stock(ctx: Ctx, body: AdjustmentRequest) -> MoveResult:
    """Correct a bin's count with a reason (count_correction, damage, loss, found), by a
    ``change`` or the ``counted`` units; recorded as a move. Mails the managers when it brings
    the product to low stock."""
    move, alerted = stock.adjust(ctx, body)
    return move_result(ctx, move, alerted)


@api.get("/moves", response=MovePage, errors=(422,))
def list_moves(ctx: Ctx, query: MoveQuery) -> MovePage:
    """The stock move history, latest first: receipts, transfers, adjustments and shipments,
    for one product, bin, warehouse, kind, reason or order reference."""
    found = stock.find_moves(ctx, query)
    items = moves_out(ctx.session, found.items)
    return page_answer(MovePage, items, found.total, query)


# --- purchase orders -------------------------------------------------------------------------


@api.get("/purchase-orders", response=PurchaseOrderPage, errors=(422,))
def list_purchase_orders(ctx: Ctx, query: PoQuery) -> PurchaseOrderPage:
    """Purchase orders, latest first, by status, supplier or warehouse."""
    found = purchasing.find_orders(ctx, query)
    items = purchase_orders_out(ctx.session, found.items)
    return page_answer(PurchaseOrderPage, items, found.total, query)


@api.get("/purchase-orders/<code>", response=PurchaseOrderOut, errors=(404,))
def get_purchase_order(ctx: Ctx, code: str) -> PurchaseOrderOut:
    """One purchase order by code ('PO-1001'), with its lines."""
    return purchase_order_out(ctx.session, purchasing.order_by_code(ctx, code))


@api.post("/purchase-orders", response=PurchaseOrderOut, status=201, errors=(403, 422))
def create_purchase_order(ctx: Ctx, body: PoCreate) -> PurchaseOrderOut:
    """Draft a purchase order to a supplier for delivery to a warehouse (clerks and managers)."""
    return purchase_order_out(ctx.session, purchasing.create_order(ctx, body))


@api.post(
    "/purchase-orders/<code>/send", response=PurchaseOrderOut, errors=_WRITE, destructive=True
)
def send_purchase_order(ctx: Ctx, code: str) -> PurchaseOrderOut:
    """Send a draft purchase order to its supplier by mail (managers); an expected delivery
    goes on the calendar."""
    return purchase_order_out(ctx.session, purchasing.send_order(ctx, code))


@api.post("/purchase-orders/<code>/receive", response=PurchaseOrderOut, errors=_WRITE)
def receive_purchase_order(ctx: Ctx, code: str, body: ReceiveRequest) -> PurchaseOrderOut:
    """Receive delivered units of a sent purchase order into bins of its warehouse, line by
    line or everything outstanding into one ``bin``; the order becomes partly received or
    received."""
    return purchase_order_out(ctx.session, purchasing.receive_order(ctx, code, body))


@api.post(
    "/purchase-orders/<code>/cancel", response=PurchaseOrderOut, errors=_WRITE, destructive=True
)
def cancel_purchase_order(ctx: Ctx, code: str, body: CancelRequest) -> PurchaseOrderOut:
    """Cancel a draft or sent purchase order (managers); a sent one's supplier is told by mail."""
    return purchase_order_out(ctx.session, purchasing.cancel_order(ctx, code, body))


# --- sales orders ----------------------------------------------------------------------------


@api.get("/sales-orders", response=SalesOrderPage, errors=(422,))
def list_sales_orders(ctx: Ctx, query: SoQuery) -> SalesOrderPage:
    """Sales orders, latest first, by status, warehouse, owner or customer (``q``)."""
    found = sales.find_orders(ctx, query)
    items = sales_orders_out(ctx.session, found.items)
    return page_answer(SalesOrderPage, items, found.total, query)


@api.get("/sales-orders/<code>", response=SalesOrderOut, errors=(404,))
def get_sales_order(ctx: Ctx, code: str) -> SalesOrderOut:
    """One sales order by code ('SO-2001'), with its lines and the stock reserved for them."""
    return sales_order_out(ctx.session, sales.order_by_code(ctx, code))


@api.post("/sales-orders", response=SalesOrderOut, status=201, errors=(403, 422))
def create_sales_order(ctx: Ctx, body: SoCreate) -> SalesOrderOut:
    """Draft a sales order for a customer, shipped from one warehouse; the caller owns it."""
    return sales_order_out(ctx.session, sales.create_order(ctx, body))


@api.post("/sales-orders/<code>/confirm", response=SalesOrderOut, errors=_WRITE)
def confirm_sales_order(ctx: Ctx, code: str) -> SalesOrderOut:
    """Confirm a draft sales order: its stock is reserved in the warehouse's bins; refused,
    naming the SKU and the numbers, when not enough is available."""
    return sales_order_out(ctx.session, sales.confirm_order(ctx, code))


@api.post("/sales-orders/<code>/ship", response=SalesOrderOut, errors=_WRITE, destructive=True)
def ship_sales_order(ctx: Ctx, code: str) -> SalesOrderOut:
    """Ship a confirmed (or draft) sales order: its stock leaves the bins (clerks and
    managers)."""
    return sales_order_out(ctx.session, sales.ship_order(ctx, code))


@api.post("/sales-orders/<code>/cancel", response=SalesOrderOut, errors=_WRITE, destructive=True)
def cancel_sales_order(ctx: Ctx, code: str) -> SalesOrderOut:
    """Cancel a draft or confirmed sales order; its reserved stock is released."""
    return sales_order_out(ctx.session, sales.cancel_order(ctx, code))


# --- low stock and the team ------------------------------------------------------------------


@api.get("/low-stock", response=ProductPage, errors=(422,))
def list_low_stock(ctx: Ctx, query: PageQuery) -> ProductPage:
    """The active products whose available stock is at or below their reorder point, by SKU,
    with their supplier, reorder quantity and what is already on order."""
    found = alerts.low_products(ctx, query)
    return page_answer(ProductPage, products_out(ctx.db, found.items), found.total, query)


@api.get("/low-stock/alerts", response=AlertPage, errors=(422,))
def list_alerts(ctx: Ctx, query: PageQuery) -> AlertPage:
    """The low-stock alerts raised (and mailed to the managers), latest first."""
    found = alerts.find_alerts(ctx, query)
    items = alerts_out(ctx.session, found.items)
    return page_answer(AlertPage, items, found.total, query)


@api.get("/users", response=UserList)
def list_users(ctx: Ctx) -> UserList:
    """The team: who manages (and is mailed the alerts), who works the warehouse, who sells."""
    found = ctx.session.scalars(select(User).order_by(User.username))
    return UserList(items=[UserOut.model_validate(u) for u in found])
