"""The Chat seed document: users, and items owned by a user (named by username). Load and
export both come from the one mapping below (``mock_services.core.seeding.seed_map``)."""

from __future__ import annotations

from pydantic import Field

from mock_services.chat.models import Item, ItemStatus, User
from mock_services.core.seeding.seed import SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Entity,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed


class ItemSeed(SeedModel):
    id: int | None = None
    owner: str = Field(description="the owner's username")
    title: str = Field(min_length=1, max_length=200)
    notes: str = ""
    status: ItemStatus = "open"
    due: SeedDateTime | None = None
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")


class ChatSeed(ServiceSeed):
    users: list[UserSeed] = []
    items: list[ItemSeed] = []


USER = Entity("user", UserSeed, User, USER_FIELDS, key="username")
ITEM = Entity(
    "item",
    ItemSeed,
    Item,
    (
        Ref("owner", "owner_id", "user"),
        "title",
        "notes",
        "status",
        moment("due"),
        moment("created_at", default=now_naive),
    ),
)
SEED_MAP = SeedMap(ChatSeed, (Section("users", USER), Section("items", ITEM)))
load = SEED_MAP.load
dump = SEED_MAP.dump
