"""The Knowledge Base seed document: users, spaces with their grants, and pages with their
history, comments and watchers, referenced by natural keys (usernames, space keys; a page's
parent by id). A published page's current title, body and labels are its last version's; a
version that leaves them out had the page's current ones. Links between pages are read from
the bodies. Load and export come from the one mapping below
(``mock_services.core.seeding.seed_map``)."""

from __future__ import annotations

from typing import Any

from pydantic import Field
from sqlalchemy.orm import Session

from mock_services.core.seeding.seed import SeedDateTime, SeedModel, ServiceSeed, bulk_insert
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    Entity,
    Entry,
    Exporting,
    Hook,
    Loading,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
from mock_services.kb.links import PageKey, Resolver, link_rows
from mock_services.kb.models import (
    Access,
    Comment,
    Labels,
    Level,
    Page,
    PageLink,
    PageReview,
    PageStatus,
    PageVersion,
    Role,
    Space,
    SpacePermission,
    User,
    Watch,
)


class KbUserSeed(UserSeed):
    role: Role = "member"
    job_title: str = ""


class PermissionSeed(SeedModel):
    user: str = Field(description="a username")
    level: Level


class SpaceSeed(SeedModel):
    key: str = Field(pattern=r"^[A-Z][A-Z0-9]{1,9}$")
    name: str = Field(min_length=1, max_length=100)
    description: str = ""
    default_access: Access = "view"
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    permissions: list[PermissionSeed] = []


class VersionSeed(SeedModel):
    author: str | None = Field(None, description="a username; default: the page's updated_by")
    created_at: SeedDateTime | None = Field(None, description="default: the page's updated_at")
    message: str = ""
    title: str | None = Field(None, description="default: the page's title")
    body: str | None = Field(None, description="default: the page's body")
    labels: Labels | None = Field(None, description="default: the page's labels")


class CommentSeed(SeedModel):
    author: str
    body: str = Field(min_length=1)
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    resolved: bool = False
    resolved_by: str | None = None
    resolved_at: SeedDateTime | None = None


class WatchSeed(SeedModel):
    user: str
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")


class ReviewSeed(SeedModel):
    organizer: str
    start: SeedDateTime
    end: SeedDateTime
    attendees: list[str] = Field(min_length=1, description="usernames")
    note: str = ""
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")


class PageSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    space: str = Field(description="the space's key")
    parent_id: int | None = Field(None, description="the parent page's id (same space)")
    title: str = Field(min_length=1, max_length=200)
    body: str = ""
    labels: Labels = []
    status: PageStatus = "published"
    author: str
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    updated_at: SeedDateTime | None = Field(None, description="default: created_at")
    updated_by: str | None = Field(None, description="default: the author")
    versions: list[VersionSeed] | None = Field(
        None,
        description="oldest first; default for a published or archived page: one version, "
        "by updated_by at updated_at",
    )
    comments: list[CommentSeed] = []
    watchers: list[WatchSeed] = []
    reviews: list[ReviewSeed] = []


class KbSeed(ServiceSeed):
    users: list[KbUserSeed] = []
    spaces: list[SpaceSeed] = []
    pages: list[PageSeed] = []


def _created(entry: Entry) -> Any:
    return entry.row["created_at"]


def _versions(page: PageSeed) -> list[VersionSeed]:
    """A page's versions as given, else the one a published page has."""
    if page.versions is not None:
        return page.versions
    return [] if page.status == "draft" else [VersionSeed()]


def _page_updater(entry: Entry) -> Any:
    name = entry.seed.updated_by
    if name is None:
        return entry.row["author_id"]
    return entry.ctx.ref("user", name, (*entry.loc, "updated_by"))


def _updater_dump(page: Page, export: Exporting) -> str | None:
    same = page.updated_by_id == page.author_id
    return None if same else export.key("user", page.updated_by_id)


def _version_author(entry: Entry) -> int:
    name = entry.seed.author
    if name is None:
        return int(entry.parent.row["updated_by_id"]) if entry.parent else 0
    return entry.ctx.ref("user", name, (*entry.loc, "author"))


def _page_of(version: PageVersion, export: Exporting) -> Page:
    page: Page = export.objects["page"][version.page_id]
    return page


def _version_author_dump(version: PageVersion, export: Exporting) -> str | None:
    same = version.author_id == _page_of(version, export).updated_by_id
    return None if same else export.key("user", version.author_id)


def _from_page(field: str) -> Hook:
    """A version's ``field``: the page's current one when the seed leaves it out."""

    def load(entry: Entry) -> Any:
        given = getattr(entry.seed, field)
        return given if given is not None else entry.parent.row[field] if entry.parent else None

    def dump(version: PageVersion, export: Exporting) -> Any:
        value = getattr(version, field)
        return None if value == getattr(_page_of(version, export), field) else value

    return Hook(field, load_with=load, dump_with=dump)


def _version_moment(entry: Entry) -> Any:
    return entry.parent.row["updated_at"] if entry.parent else None


def _links(session: Session, loading: Loading) -> None:
    """The links written in the pages' bodies, in page id order (as saving each one adds
    them)."""
    pages = sorted(loading.rows["page"].values(), key=lambda row: row["id"])
    keys = {row["id"]: row["key"] for row in loading.rows["space"].values()}
    resolver = Resolver([PageKey(p["id"], p["space_id"], p["title"]) for p in pages], keys)
    rows = [r for p in pages for r in link_rows(p["id"], p["space_id"], p["body"], resolver)]
    if rows:
        bulk_insert(session, PageLink, [{"id": n + 1, **row} for n, row in enumerate(rows)])


USER = Entity("user", KbUserSeed, User, (*USER_FIELDS, "role", "job_title"), key="username")
PERMISSION = Entity(
    "permission",
    PermissionSeed,
    SpacePermission,
    (Ref("user", "user_id", "user"), "level"),
    ids_if_needed=True,
)
SPACE = Entity(
    "space",
    SpaceSeed,
    Space,
    ("key", "name", "description", "default_access", moment("created_at", default=now_naive)),
    key="key",
    children=(Children("permissions", PERMISSION, "space_id"),),
    ids_if_needed=True,
)
VERSION = Entity(
    "version",
    VersionSeed,
    PageVersion,
    (
        Hook(column="number", load_with=lambda entry: int(entry.loc[-1]) + 1),
        Hook("author", "author_id", load_with=_version_author, dump_with=_version_author_dump),
        moment("created_at", default=_version_moment),
        "message",
        _from_page("title"),
        _from_page("body"),
        _from_page("labels"),
    ),
    ids_if_needed=True,
)
COMMENT = Entity(
    "comment",
    CommentSeed,
    Comment,
    (
        Ref("author", "author_id", "user"),
        "body",
        moment("created_at", default=now_naive),
        "resolved",
        Ref("resolved_by", "resolved_by_id", "user"),
        moment("resolved_at"),
    ),
    ids_if_needed=True,
)
WATCH = Entity(
    "watch",
    WatchSeed,
    Watch,
    (Ref("user", "user_id", "user"), moment("created_at", default=now_naive)),
    ids_if_needed=True,
)
REVIEW = Entity(
    "review",
    ReviewSeed,
    PageReview,
    (
        Ref("organizer", "organizer_id", "user"),
        moment("start"),
        moment("end"),
        "attendees",
        "note",
        moment("created_at", default=now_naive),
    ),
    ids_if_needed=True,
)
PAGE = Entity(
    "page",
    PageSeed,
    Page,
    (
        Ref("space", "space_id", "space"),
        "parent_id",
        "title",
        "body",
        "labels",
        "status",
        Hook(column="version", load_with=lambda entry: len(_versions(entry.seed))),
        Ref("author", "author_id", "user"),
        moment("created_at", default=now_naive),
        moment("updated_at", default=_created),
        Hook("updated_by", "updated_by_id", load_with=_page_updater, dump_with=_updater_dump),
    ),
    children=(
        Children(
            "versions",
            VERSION,
            "page_id",
            absent=_versions,
            order_by="number",
        ),
        Children("comments", COMMENT, "page_id"),
        Children("watchers", WATCH, "page_id"),
        Children("reviews", REVIEW, "page_id"),
    ),
)
SEED_MAP = SeedMap(
    KbSeed,
    (Section("users", USER), Section("spaces", SPACE), Section("pages", PAGE)),
    order=(USER, SPACE, PERMISSION, PAGE, VERSION, COMMENT, WATCH, REVIEW, _links),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
