"""The shop service's spec: what the core needs to seed, serve and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.shop.api import api
from mock_services.shop.models import Base, User
from mock_services.shop.orders import canonical_code
from mock_services.shop.seed import ShopSeed, dump, load
from mock_services.shop.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="shop",
    port=1234,
    title="Shop",
    brand=Brand(
        bar="#131921", bar_text="#ffffff", accent="#ffd814", accent_text="#0f1111", link="#007185"
    ),
    showcase=("/orders", "/products/12"),
    domain="E-commerce & Daily Svcs",
    main_change=("orders", "status"),
    main_record=MainRecord(
        resource="products", table="products", listing="/api/products?per_page=100"
    ),
    description=(
        "An online store: search the catalogue, manage a cart, check out with a saved address "
        "and payment method, and follow, cancel or return orders. Log in with "
        "POST /api/auth/login and send 'Authorization: Bearer <token>'. Amounts are 2-decimal "
        "numbers; shipping is free from 50.00 (otherwise 4.99)."
    ),
    base=Base,
    user_model=User,
    seed_model=ShopSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
    canonical_params={"code": canonical_code},
)
