"""The Chat service's spec: what the core needs to seed, serve, document and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.chat.api import api
from mock_services.chat.hearing import HEARING
from mock_services.chat.models import Base, User
from mock_services.chat.seed import ChatSeed, dump, load
from mock_services.chat.ui import ui
from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))

SPEC = ServiceSpec(
    name="chat",
    port=5150,
    title="Chat",
    brand=Brand(
        bar="#3f0e40", bar_text="#ffffff", accent="#007a5a", accent_text="#ffffff", link="#1264a3"
    ),
    domain="Communication & Email",
    hearing=HEARING,
    main_change=("messages", "text"),
    main_record=MainRecord(
        resource="messages", table="messages", listing="/api/search?per_page=100"
    ),
    description=(
        "A team chat like Slack: workspaces of people, public and private channels, direct "
        "messages, messages with threads, mentions, reactions, files and pins, unread counts "
        "and search. Log in with POST /api/auth/login and send 'Authorization: Bearer <token>'."
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
