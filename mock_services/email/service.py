"""The email service: a small webmail (folders, labels, threads, drafts, contacts)."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.email.api import admin, api
from mock_services.email.hearing import HEARING
from mock_services.email.models import Base, User
from mock_services.email.seed import EmailSeed, dump, load
from mock_services.email.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="email",
    port=5001,
    title="Mail",
    brand=Brand(
        bar="#f6f8fc", bar_text="#1f1f1f", accent="#0b57d0", accent_text="#ffffff", link="#0b57d0"
    ),
    showcase=("/contacts", "/messages/11"),
    domain="Communication & Email",
    hearing=HEARING,
    main_change=("messages", "is_read"),
    main_record=MainRecord(
        resource="messages", table="messages", listing="/api/messages?per_page=100"
    ),
    description=(
        "A webmail: each account has folders (inbox, sent, drafts, trash, archive, spam and "
        "custom ones), labels, threads, drafts and contacts. Log in with POST /api/auth/login "
        "and send the token as 'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=EmailSeed,
    load=load,
    dump=dump,
    apis=(api, admin),
    default_seed=default_seed,
    ui_blueprint=ui,
)
