"""What the Inventory API takes and answers (the UI's forms validate through the same models)."""

from __future__ import annotations

from datetime import date

from pydantic import Field

from mock_services.core.base.schemas import ApiModel, EmailAddress, Lines, OutModel, PageQuery
from mock_services.inventory.models import MoveKind, PoStatus, Reason, Role, SoStatus, Unit

_SKU = Field(min_length=1, max_length=40, description="a product's SKU ('TNT-2P')")
_BIN = Field(min_length=1, max_length=30, description="a bin's code ('EAST-A-01')")
_WAREHOUSE = Field(min_length=1, max_length=20, description="a warehouse's code ('EAST')")
_SUPPLIER = Field(min_length=1, max_length=200, description="a supplier's name")
_QUANTITY = Field(ge=1, le=1_000_000)
_MONEY = Field(ge=0, le=10_000_000)
_NOTE = Field("", max_length=2000)

# --- products -------------------------------------------------------------------------------


class ProductQuery(PageQuery):
    q: str | None = Field(None, min_length=1, max_length=200, description="in the SKU or name")
    category: str | None = Field(None, max_length=100, description="words in the category")
    supplier: str | None = Field(None, max_length=200, description="a supplier's name")
    low: bool | None = Field(None, description="true: only products at or below reorder point")
    active: bool | None = None


class ProductCreate(ApiModel):
    sku: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]{0,39}$", description="stored upper case")
    name: str = Field(min_length=1, max_length=200)
    category: str = Field("", max_length=100)
    unit: Unit = "each"
    cost: float = _MONEY
    price: float = _MONEY
    supplier: str | None = Field(None, max_length=200, description="a supplier's name")
    reorder_point: int = Field(0, ge=0, le=1_000_000)
    reorder_quantity: int = Field(0, ge=0, le=1_000_000)


class ProductUpdate(ApiModel):
    """Fields left out stay as they are; ``supplier`` null leaves the product without one."""

    name: str | None = Field(None, min_length=1, max_length=200)
    category: str | None = Field(None, max_length=100)
    unit: Unit | None = None
    cost: float | None = Field(None, ge=0, le=10_000_000)
    price: float | None = Field(None, ge=0, le=10_000_000)
    supplier: str | None = Field(None, max_length=200, description="a supplier's name; null: none")
    reorder_point: int | None = Field(None, ge=0, le=1_000_000)
    reorder_quantity: int | None = Field(None, ge=0, le=1_000_000)
    active: bool | None = None


class LocationOut(OutModel):
    warehouse: str
    bin: str
    on_hand: int
    reserved: int
    available: int


class ProductOut(OutModel):
    id: int
    sku: str
    name: str
    category: str
    unit: str
    cost: float
    price: float
    supplier: str | None
    reorder_point: int
    reorder_quantity: int
    active: bool
    on_hand: int = Field(description="in every bin of every warehouse")
    reserved: int = Field(description="held for confirmed sales orders")
    available: int = Field(description="on hand less reserved")
    low: bool = Field(description="available at or below the reorder point")
    on_order: int = Field(description="still to come on sent purchase orders")


class ProductDetail(ProductOut):
    locations: list[LocationOut]


class ProductPage(OutModel):
    items: list[ProductOut]
    total: int
    page: int
    per_page: int


# --- warehouses and stock -------------------------------------------------------------------


class BinOut(OutModel):
    code: str
    description: str
    products: int = Field(description="how many products it holds")
    on_hand: int = Field(description="units on hand, all products")


class WarehouseOut(OutModel):
    code: str
    name: str
    address: str
    bins: list[BinOut]


class WarehouseList(OutModel):
    items: list[WarehouseOut]


class StockQuery(PageQuery):
    sku: str | None = Field(None, max_length=40, description="one product's SKU")
    warehouse: str | None = Field(None, max_length=20, description="a warehouse's code")
    bin: str | None = Field(None, max_length=30, description="a bin's code")
    in_stock: bool | None = Field(None, description="true: only bins holding some of it")


class StockLevelOut(OutModel):
    sku: str
    product_name: str
    warehouse: str
    bin: str
    on_hand: int
    reserved: int
    available: int


class StockPage(OutModel):
    items: list[StockLevelOut]
    total: int
    page: int
    per_page: int


class TransferRequest(ApiModel):
    sku: str = _SKU
    from_bin: str = _BIN
    to_bin: str = _BIN
    quantity: int = _QUANTITY
    note: str = _NOTE


class AdjustmentRequest(ApiModel):
    """Give ``change`` (units added, or removed when negative) or ``counted`` (the count found
    in the bin, which becomes its on-hand quantity), not both."""

    sku: str = _SKU
    bin: str = _BIN
    reason: Reason = Field(
        description="count_correction (either way), damage or loss (removes), found (adds)"
    )
    change: int | None = Field(None, ge=-1_000_000, le=1_000_000, description="e.g. -3")
    counted: int | None = Field(None, ge=0, le=1_000_000, description="the bin's counted units")
    note: str = _NOTE


class MoveQuery(PageQuery):
    sku: str | None = Field(None, max_length=40, description="one product's SKU")
    warehouse: str | None = Field(None, max_length=20, description="from or to its bins")
    bin: str | None = Field(None, max_length=30, description="from or to this bin")
    kind: MoveKind | None = None
    reason: Reason | None = None
    reference: str | None = Field(None, max_length=20, description="'PO-1001', 'SO-2001'")


class MoveOut(OutModel):
    id: int
    kind: str
    sku: str
    product_name: str
    from_bin: str | None
    to_bin: str | None
    quantity: int
    reason: str | None
    reference: str
    note: str
    user: str | None
    created_at: str


class MoveResult(MoveOut):
    stock: list[StockLevelOut] = Field(description="the bins' stock of the product after it")
    low_stock_alert: bool = Field(description="whether it brought the product to low stock")


class MovePage(OutModel):
    items: list[MoveOut]
    total: int
    page: int
    per_page: int


# --- suppliers ------------------------------------------------------------------------------


class SupplierCreate(ApiModel):
    name: str = Field(min_length=1, max_length=200)
    contact_name: str = Field("", max_length=200)
    email: EmailAddress
    phone: str = Field("", max_length=50)
    lead_time_days: int = Field(7, ge=0, le=365)


class SupplierOut(OutModel):
    id: int
    name: str
    contact_name: str
    email: str
    phone: str
    lead_time_days: int
    products: list[str] = Field(description="the SKUs it supplies")


class SupplierList(OutModel):
    items: list[SupplierOut]


# --- purchase orders ------------------------------------------------------------------------


class PoLineIn(ApiModel):
    sku: str = _SKU
    quantity: int = _QUANTITY
    unit_cost: float | None = Field(None, ge=0, le=10_000_000, description="default: its cost")


class PoCreate(ApiModel):
    supplier: str = _SUPPLIER
    warehouse: str = _WAREHOUSE
    expected_date: date | None = Field(None, description="when the delivery is due")
    notes: str = _NOTE
    lines: Lines[PoLineIn] = Field(min_length=1, max_length=50)


class PoQuery(PageQuery):
    status: PoStatus | None = None
    supplier: str | None = Field(None, max_length=200, description="a supplier's name")
    warehouse: str | None = Field(None, max_length=20)
    late: bool | None = Field(
        None,
        description="true: only late receipts (sent or partly received, expected before "
        "today); false: only the others",
    )


class ReceiveLine(ApiModel):
    sku: str = _SKU
    quantity: int = _QUANTITY
    bin: str | None = Field(None, max_length=30, description="default: the body's bin")


class ReceiveRequest(ApiModel):
    """Leave ``lines`` out to receive everything still outstanding into ``bin``."""

    bin: str | None = Field(None, max_length=30, description="a bin of the order's warehouse")
    lines: Lines[ReceiveLine] | None = Field(None, min_length=1, max_length=50)


class CancelRequest(ApiModel):
    reason: str = Field("", max_length=500, description="told to the supplier or kept as a note")


class PoLineOut(OutModel):
    sku: str
    product_name: str
    quantity: int
    received_quantity: int
    outstanding: int
    unit_cost: float


class PurchaseOrderOut(OutModel):
    id: int
    code: str
    supplier: str
    supplier_email: str
    warehouse: str
    status: str
    created_by: str
    expected_date: str | None
    notes: str
    created_at: str
    sent_at: str | None
    received_at: str | None
    cancelled_at: str | None
    total: float
    lines: list[PoLineOut]


class PurchaseOrderPage(OutModel):
    items: list[PurchaseOrderOut]
    total: int
    page: int
    per_page: int


# --- sales orders ---------------------------------------------------------------------------


class SoLineIn(ApiModel):
    sku: str = _SKU
    quantity: int = _QUANTITY
    unit_price: float | None = Field(None, ge=0, le=10_000_000, description="default: its price")


class SoCreate(ApiModel):
    customer: str = Field(min_length=1, max_length=200)
    customer_email: EmailAddress | None = None
    warehouse: str = _WAREHOUSE
    notes: str = _NOTE
    lines: Lines[SoLineIn] = Field(min_length=1, max_length=50)


class SoQuery(PageQuery):
    status: SoStatus | None = None
    warehouse: str | None = Field(None, max_length=20)
    owner: str | None = Field(None, max_length=64, description="a username, or 'me'")
    q: str | None = Field(None, min_length=1, max_length=200, description="in the customer")


class ReservationOut(OutModel):
    bin: str
    quantity: int


class SoLineOut(OutModel):
    sku: str
    product_name: str
    quantity: int
    unit_price: float
    reservations: list[ReservationOut]


class SalesOrderOut(OutModel):
    id: int
    code: str
    customer: str
    customer_email: str
    warehouse: str
    owner: str
    status: str
    notes: str
    created_at: str
    confirmed_at: str | None
    shipped_at: str | None
    cancelled_at: str | None
    total: float
    lines: list[SoLineOut]


class SalesOrderPage(OutModel):
    items: list[SalesOrderOut]
    total: int
    page: int
    per_page: int


# --- low stock and people -------------------------------------------------------------------


class AlertOut(OutModel):
    id: int
    sku: str
    product_name: str
    available: int
    reorder_point: int
    reference: str
    created_at: str


class AlertPage(OutModel):
    items: list[AlertOut]
    total: int
    page: int
    per_page: int


class UserOut(OutModel):
    username: str
    display_name: str
    email: str
    role: Role


class UserList(OutModel):
    items: list[UserOut]
