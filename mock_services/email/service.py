"""The email service: a small webmail (folders, labels, threads, drafts, contacts)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from mock_services.core.service import ServiceSpec
from mock_services.email.api import admin, api
from mock_services.email.models import Base, User
from mock_services.email.seed import EmailSeed, dump, load
from mock_services.email.ui import ui

_DEFAULT_SEED = Path(__file__).with_name("default_seed.json")


@cache
def _default_seed_text() -> str:
    return _DEFAULT_SEED.read_text()


def default_seed() -> dict[str, Any]:
    return json.loads(_default_seed_text())


SPEC = ServiceSpec(
    name="email",
    port=5001,
    title="Mail",
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
