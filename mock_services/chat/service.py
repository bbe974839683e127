"""The Chat service's spec: what the core needs to seed, serve, document and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.chat.api import api
from mock_services.chat.models import Base, User
from mock_services.chat.seed import ChatSeed, dump, load
from mock_services.chat.ui import ui
from mock_services.core.spec.service import ServiceSpec, json_seed

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))

SPEC = ServiceSpec(
    name="chat",
    port=5150,
    title="Chat",
    domain="Communication & Email",
    main_change=("items", "status"),
    description=(
        "Items a user keeps: a title, notes, a status (open or done) and a due date. Log in "
        "with POST /api/auth/login and send 'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=ChatSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
)
