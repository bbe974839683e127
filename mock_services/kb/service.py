"""The Knowledge Base service's spec: what the core needs to seed, serve, document and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.kb.api import api
from mock_services.kb.models import Base, User
from mock_services.kb.seed import KbSeed, dump, load
from mock_services.kb.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))

SPEC = ServiceSpec(
    name="kb",
    port=5130,
    title="Knowledge Base",
    brand=Brand(
        bar="#ffffff", bar_text="#172b4d", accent="#0052cc", accent_text="#ffffff", link="#0052cc"
    ),
    domain="Documents & Knowledge",
    main_change=("pages", "body"),
    main_record=MainRecord(resource="pages", table="pages", listing="/api/pages?per_page=100"),
    description=(
        "A team wiki like Confluence: spaces with permissions, pages in a tree with Markdown "
        "bodies, labels, drafts and a version history (diff, restore), comments, [[links]] "
        "and backlinks, search with highlighted snippets, watchers mailed on changes. Log in "
        "with POST /api/auth/login and send 'Authorization: Bearer <token>'."
    ),
    base=Base,
    user_model=User,
    seed_model=KbSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
)
