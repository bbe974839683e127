"""The Inventory service's spec: what the core needs to seed, serve, document and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.inventory.api import api
from mock_services.inventory.codes import canonical
from mock_services.inventory.models import Base, User
from mock_services.inventory.seed import InventorySeed, dump, load
from mock_services.inventory.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))

SPEC = ServiceSpec(
    name="inventory",
    port=5120,
    title="Inventory",
    brand=Brand(
        bar="#714b67", bar_text="#ffffff", accent="#017e84", accent_text="#ffffff", link="#017e84"
    ),
    showcase=("/products", "/products/AXE-HT"),
    domain="E-commerce & Daily Svcs",
    main_change=("sales_orders", "status"),
    main_record=MainRecord(
        resource="products", table="products", listing="/api/products?per_page=100", key="sku"
    ),
    description=(
        "A warehouse inventory like Odoo's: products by SKU, stock per bin in two warehouses, "
        "transfers and adjustments, purchase orders to suppliers, sales orders that reserve "
        "and ship stock, low-stock alerts. Log in with POST /api/auth/login and send "
        "'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=InventorySeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
    canonical_params={"code": canonical, "sku": canonical},
)
