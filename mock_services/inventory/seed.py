"""The Inventory seed document: users, suppliers, products (by SKU), warehouses with their bins
(by code), the stock of each product in each bin, the move history, purchase orders and sales
orders with their lines (a confirmed sales order's lines name the bins they reserve), and past
low-stock alerts. Load and export both come from the one mapping below
(``mock_services.core.seeding.seed_map``); a bin's ``reserved`` stock is not listed but summed
from the reservations."""

from __future__ import annotations

from collections import Counter

from pydantic import Field
from sqlalchemy import update
from sqlalchemy.orm import Session

from mock_services.core.seeding.seed import SeedDate, SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Entity,
    Hook,
    Loading,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
from mock_services.inventory.codes import po_code, so_code
from mock_services.inventory.models import (
    Bin,
    LowStockAlert,
    MoveKind,
    PoStatus,
    Product,
    PurchaseOrder,
    PurchaseOrderLine,
    Reason,
    Reservation,
    Role,
    SalesOrder,
    SalesOrderLine,
    SoStatus,
    StockLevel,
    StockMove,
    Supplier,
    Unit,
    User,
    Warehouse,
)

_SKU = Field(min_length=1, max_length=40, description="the product's SKU")
_COUNT = Field(ge=1)


class InventoryUserSeed(UserSeed):
    role: Role = "clerk"


class SupplierSeed(SeedModel):
    name: str = Field(min_length=1, max_length=200)
    contact_name: str = ""
    email: str = Field(min_length=3, max_length=200)
    phone: str = ""
    lead_time_days: int = Field(7, ge=0)


class ProductSeed(SeedModel):
    sku: str = Field(pattern=r"^[A-Z0-9][A-Z0-9-]{0,39}$", description="upper case: TNT-2P")
    name: str = Field(min_length=1, max_length=200)
    category: str = ""
    unit: Unit = "each"
    cost: float = Field(0, ge=0)
    price: float = Field(0, ge=0)
    supplier: str | None = Field(None, description="the supplier's name")
    reorder_point: int = Field(0, ge=0)
    reorder_quantity: int = Field(0, ge=0)
    active: bool = True


class BinSeed(SeedModel):
    code: str = Field(min_length=1, max_length=30, description="unique across warehouses")
    description: str = ""


class WarehouseSeed(SeedModel):
    code: str = Field(pattern=r"^[A-Z0-9]{2,20}$")
    name: str = Field(min_length=1, max_length=200)
    address: str = ""
    bins: list[BinSeed] = []


class StockSeed(SeedModel):
    sku: str = _SKU
    bin: str = Field(description="the bin's code")
    on_hand: int = Field(ge=0)


class MoveSeed(SeedModel):
    kind: MoveKind
    sku: str = _SKU
    from_bin: str | None = None
    to_bin: str | None = None
    quantity: int = _COUNT
    reason: Reason | None = None
    reference: str = ""
    note: str = ""
    user: str | None = Field(None, description="who made it, by username")
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")


class PoLineSeed(SeedModel):
    sku: str = _SKU
    quantity: int = _COUNT
    received_quantity: int = Field(0, ge=0)
    unit_cost: float = Field(ge=0)


class PurchaseOrderSeed(SeedModel):
    id: int | None = Field(None, ge=1, description="the number in its code: 1001 is PO-1001")
    supplier: str = Field(description="the supplier's name")
    warehouse: str = Field(description="the warehouse it is delivered to, by code")
    status: PoStatus = "draft"
    created_by: str = Field(description="a username")
    expected_date: SeedDate | None = None
    notes: str = ""
    created_at: SeedDateTime | None = None
    sent_at: SeedDateTime | None = None
    received_at: SeedDateTime | None = None
    cancelled_at: SeedDateTime | None = None
    lines: list[PoLineSeed] = []


class ReservationSeed(SeedModel):
    bin: str = Field(description="the bin's code")
    quantity: int = _COUNT


class SoLineSeed(SeedModel):
    sku: str = _SKU
    quantity: int = _COUNT
    unit_price: float = Field(ge=0)
    reservations: list[ReservationSeed] = Field(
        [], description="a confirmed order's stock held for this line, by bin"
    )


class SalesOrderSeed(SeedModel):
    id: int | None = Field(None, ge=1, description="the number in its code: 2001 is SO-2001")
    customer: str = Field(min_length=1, max_length=200)
    customer_email: str = ""
    warehouse: str = Field(description="the warehouse it ships from, by code")
    owner: str = Field(description="the salesperson's username")
    status: SoStatus = "draft"
    notes: str = ""
    created_at: SeedDateTime | None = None
    confirmed_at: SeedDateTime | None = None
    shipped_at: SeedDateTime | None = None
    cancelled_at: SeedDateTime | None = None
    lines: list[SoLineSeed] = []


class AlertSeed(SeedModel):
    sku: str = _SKU
    available: int
    reorder_point: int = Field(ge=0)
    reference: str = ""
    created_at: SeedDateTime | None = None


class InventorySeed(ServiceSeed):
    users: list[InventoryUserSeed] = []
    suppliers: list[SupplierSeed] = []
    products: list[ProductSeed] = []
    warehouses: list[WarehouseSeed] = []
    stock: list[StockSeed] = []
    moves: list[MoveSeed] = []
    purchase_orders: list[PurchaseOrderSeed] = []
    sales_orders: list[SalesOrderSeed] = []
    alerts: list[AlertSeed] = []


def _reserved(session: Session, loading: Loading) -> None:
    """Each bin's reserved stock: the sum of the reservations held there, which must be
    stock the bin has."""
    lines = loading.rows.get("so_line", {})
    held: Counter[tuple[int, int]] = Counter()
    for row in loading.rows.get("reservation", {}).values():
        held[lines[row["line_id"]]["product_id"], row["bin_id"]] += row["quantity"]
    levels = {(r["product_id"], r["bin_id"]): r for r in loading.rows.get("stock", {}).values()}
    for (product_id, bin_id), quantity in sorted(held.items()):
        level = levels.get((product_id, bin_id))
        if level is None or level["on_hand"] < quantity:
            raise loading.ctx.error(
                ("sales_orders",),
                f"reservations hold {quantity} of product {product_id} in bin {bin_id}, which "
                f"has {level['on_hand'] if level else 0} on hand (list it in 'stock')",
            )
        session.execute(
            update(StockLevel).where(StockLevel.id == level["id"]).values(reserved=quantity)
        )


USER = Entity("user", InventoryUserSeed, User, (*USER_FIELDS, "role"), key="username")
SUPPLIER = Entity(
    "supplier",
    SupplierSeed,
    Supplier,
    ("name", "contact_name", "email", "phone", "lead_time_days"),
    key="name",
)
PRODUCT = Entity(
    "product",
    ProductSeed,
    Product,
    (
        "sku",
        "name",
        "category",
        "unit",
        "cost",
        "price",
        Ref("supplier", "supplier_id", "supplier"),
        "reorder_point",
        "reorder_quantity",
        "active",
    ),
    key="sku",
)
BIN = Entity("bin", BinSeed, Bin, ("code", "description"), key="code")
WAREHOUSE = Entity(
    "warehouse",
    WarehouseSeed,
    Warehouse,
    ("code", "name", "address"),
    key="code",
    children=(Children("bins", BIN, "warehouse_id"),),
)
STOCK = Entity(
    "stock",
    StockSeed,
    StockLevel,
    (Ref("sku", "product_id", "product"), Ref("bin", "bin_id", "bin"), "on_hand"),
    ids_if_needed=True,
)
MOVE = Entity(
    "move",
    MoveSeed,
    StockMove,
    (
        "kind",
        Ref("sku", "product_id", "product"),
        Ref("from_bin", "from_bin_id", "bin"),
        Ref("to_bin", "to_bin_id", "bin"),
        "quantity",
        "reason",
        "reference",
        "note",
        Ref("user", "user_id", "user"),
        moment("created_at", default=now_naive),
    ),
    ids_if_needed=True,
)
PO_LINE = Entity(
    "po_line",
    PoLineSeed,
    PurchaseOrderLine,
    (Ref("sku", "product_id", "product"), "quantity", "received_quantity", "unit_cost"),
    ids_if_needed=True,
)
PURCHASE_ORDER = Entity(
    "purchase_order",
    PurchaseOrderSeed,
    PurchaseOrder,
    (
        Hook(column="code", load_with=lambda entry: po_code(entry.row["id"])),
        Ref("supplier", "supplier_id", "supplier"),
        Ref("warehouse", "warehouse_id", "warehouse"),
        "status",
        Ref("created_by", "created_by_id", "user"),
        ColumnField("expected_date"),
        "notes",
        moment("created_at", default=now_naive),
        moment("sent_at"),
        moment("received_at"),
        moment("cancelled_at"),
    ),
    children=(Children("lines", PO_LINE, "purchase_order_id"),),
)
RESERVATION = Entity(
    "reservation",
    ReservationSeed,
    Reservation,
    (Ref("bin", "bin_id", "bin"), "quantity"),
    ids_if_needed=True,
)
SO_LINE = Entity(
    "so_line",
    SoLineSeed,
    SalesOrderLine,
    (Ref("sku", "product_id", "product"), "quantity", "unit_price"),
    children=(Children("reservations", RESERVATION, "line_id"),),
    ids_if_needed=True,
)
SALES_ORDER = Entity(
    "sales_order",
    SalesOrderSeed,
    SalesOrder,
    (
        Hook(column="code", load_with=lambda entry: so_code(entry.row["id"])),
        "customer",
        "customer_email",
        Ref("warehouse", "warehouse_id", "warehouse"),
        Ref("owner", "owner_id", "user"),
        "status",
        "notes",
        moment("created_at", default=now_naive),
        moment("confirmed_at"),
        moment("shipped_at"),
        moment("cancelled_at"),
    ),
    children=(Children("lines", SO_LINE, "sales_order_id"),),
)
ALERT = Entity(
    "alert",
    AlertSeed,
    LowStockAlert,
    (
        Ref("sku", "product_id", "product"),
        "available",
        "reorder_point",
        "reference",
        moment("created_at", default=now_naive),
    ),
    ids_if_needed=True,
)
SEED_MAP = SeedMap(
    InventorySeed,
    (
        Section("users", USER),
        Section("suppliers", SUPPLIER),
        Section("products", PRODUCT),
        Section("warehouses", WAREHOUSE),
        Section("stock", STOCK),
        Section("moves", MOVE),
        Section("purchase_orders", PURCHASE_ORDER),
        Section("sales_orders", SALES_ORDER),
        Section("alerts", ALERT),
    ),
    order=(
        USER,
        SUPPLIER,
        PRODUCT,
        WAREHOUSE,
        BIN,
        STOCK,
        MOVE,
        PURCHASE_ORDER,
        PO_LINE,
        SALES_ORDER,
        SO_LINE,
        RESERVATION,
        _reserved,
        ALERT,
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
