"""The social network's spec: what the core needs to seed, serve and export it."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.spec.brand import Brand
from mock_services.core.spec.service import MainRecord, ServiceSpec, json_seed
from mock_services.social.api import api
from mock_services.social.models import Base, User
from mock_services.social.seed import SocialSeed, dump, load
from mock_services.social.ui import ui

default_seed = json_seed(Path(__file__).with_name("default_seed.json"))


SPEC = ServiceSpec(
    name="social",
    port=5008,
    title="Social",
    brand=Brand(
        bar="#000000", bar_text="#ffffff", accent="#0f1419", accent_text="#ffffff", link="#0a6cc2"
    ),
    showcase=("/notifications", "/posts/1"),
    domain="Social Media",
    main_change=("posts", "text"),
    main_record=MainRecord(resource="posts", table="posts", listing="/api/timeline?per_page=100"),
    description=(
        "A small social network: profiles, follows, posts with media and hashtags, a home "
        "timeline, likes, reposts, replies, direct messages, notifications, blocking and "
        "muting. A post is public or for followers only. Log in with POST /api/auth/login and "
        "send 'Authorization: Bearer <token>'; every action is the logged-in user's own."
    ),
    base=Base,
    user_model=User,
    seed_model=SocialSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=default_seed,
    ui_blueprint=ui,
    asked_first=frozenset({"block"}),
)
