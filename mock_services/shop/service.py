"""The shop service's spec: what the core needs to seed, serve and export it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from mock_services.core.service import ServiceSpec
from mock_services.shop.api import api
from mock_services.shop.models import Base, User
from mock_services.shop.seed import ShopSeed, dump, load
from mock_services.shop.ui import ui

_DEFAULT_SEED = Path(__file__).with_name("default_seed.json")


@cache
def _default_seed_text() -> str:
    return _DEFAULT_SEED.read_text()


def default_seed() -> dict[str, Any]:
    return json.loads(_default_seed_text())


SPEC = ServiceSpec(
    name="shop",
    port=1234,
    title="Shop",
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
)
