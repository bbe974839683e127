"""What the Knowledge Base API takes and answers (the UI's forms validate through the same
models)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery
from mock_services.kb.models import Access, Labels, Level, PageStatus

_KEY = Field(
    min_length=2,
    max_length=10,
    pattern=r"^[A-Za-z][A-Za-z0-9]{1,9}$",
    description="2-10 letters or digits, starting with a letter; kept in capitals ('ENG')",
)
_BODY = Field("", max_length=100_000, description="Markdown; link pages as [[Page title]]")
_MESSAGE = Field("", max_length=500, description="what changed and why, shown in the history")


# --- requests ----------------------------------------------------------------------------------


class SpaceCreate(ApiModel):
    key: str = _KEY
    name: str = Field(min_length=1, max_length=100)
    description: str = Field("", max_length=2000)
    default_access: Access = Field(
        "view", description="what every member has without a grant: none, view or edit"
    )

    @field_validator("key")
    @classmethod
    def _upper(cls, key: str) -> str:
        return key.upper()


class SpaceUpdate(ApiModel):
    """Fields left out stay as they are."""

    name: str | None = Field(None, min_length=1, max_length=100)
    description: str | None = Field(None, max_length=2000)
    default_access: Access | None = None


class PermissionSet(ApiModel):
    level: Level = Field(description="view, edit or admin")


class _Filters(PageQuery):
    """A listing's filters: a blank one (a search form's "any") is no filter."""

    @model_validator(mode="before")
    @classmethod
    def _blank_is_none(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not (isinstance(v, str) and not v.strip())}
        return data


class PagesQuery(_Filters):
    space: str | None = Field(None, max_length=10, description="a space's key ('ENG')")
    label: str | None = Field(None, max_length=50)
    status: PageStatus | None = None
    author: str | None = Field(None, max_length=64, description="the creator's username")
    parent_id: int | None = Field(None, ge=1, description="only the children of this page")
    updated_before: datetime | None = Field(
        None, description="only pages last changed before this moment (stale ones)"
    )
    sort: Literal["title", "recent", "oldest"] = Field(
        "title", description="by space and title, newest change first, or oldest change first"
    )


class PageCreate(ApiModel):
    space: str = Field(min_length=2, max_length=10, description="the space's key ('ENG')")
    title: str = Field(min_length=1, max_length=200)
    body: str = _BODY
    parent_id: int | None = Field(None, ge=1, description="the parent page; none: top level")
    labels: Labels = []
    status: Literal["draft", "published"] = Field(
        "published", description="draft: seen by you alone until published"
    )
    message: str = _MESSAGE


class PageUpdate(ApiModel):
    """Fields left out stay as they are; a published page gets a new version."""

    title: str | None = Field(None, min_length=1, max_length=200)
    body: str | None = Field(None, max_length=100_000, description="Markdown")
    labels: Labels | None = Field(None, description="the page's labels, replacing the old ones")
    message: str = _MESSAGE


class PageMove(ApiModel):
    parent_id: int | None = Field(
        description="the new parent page, in the same space; null: top level"
    )


class PublishRequest(ApiModel):
    message: str = _MESSAGE


class RestoreRequest(ApiModel):
    version: int = Field(ge=1, description="the version whose content becomes the newest")
    message: str = _MESSAGE


class DiffQuery(ApiModel):
    from_version: int | None = Field(None, ge=1, description="default: the one before to_version")
    to_version: int | None = Field(None, ge=1, description="default: the newest")


class CommentQuery(_Filters):
    resolved: bool | None = Field(None, description="only resolved (true) or open (false) ones")


class CommentCreate(ApiModel):
    body: str = Field(min_length=1, max_length=10_000)


class ReviewCreate(ApiModel):
    start: datetime = Field(description="ISO 8601, in the future; a time without a zone is UTC")
    duration_minutes: int = Field(30, ge=15, le=480)
    attendees: list[str] = Field(
        min_length=1, max_length=20, description="usernames of people who can read the page"
    )
    note: str = Field("", max_length=2000, description="what to check")


class SearchQuery(_Filters):
    q: str = Field(
        min_length=1, max_length=200, description="words, all of which a page must contain"
    )
    space: str | None = Field(None, max_length=10, description="a space's key")
    label: str | None = Field(None, max_length=50)
    include_archived: bool = False


class LabelQuery(ApiModel):
    space: str | None = Field(None, max_length=10, description="a space's key")


# --- answers -----------------------------------------------------------------------------------


class UserOut(OutModel):
    username: str
    display_name: str
    email: str
    role: str
    job_title: str


class UserList(OutModel):
    items: list[UserOut]


class PermissionOut(OutModel):
    username: str
    display_name: str
    level: str


class SpaceOut(OutModel):
    id: int
    key: str
    name: str
    description: str
    default_access: str
    created_at: str
    pages: int = Field(description="published pages")
    your_access: str = Field(description="view, edit or admin")


class SpaceDetail(SpaceOut):
    permissions: list[PermissionOut]


class SpaceList(OutModel):
    items: list[SpaceOut]


class PageRef(OutModel):
    id: int
    title: str
    space: str
    status: str


class TreeNode(PageRef):
    parent_id: int | None
    depth: int


class PageTree(OutModel):
    space: str
    items: list[TreeNode] = Field(description="the pages in tree order, each after its parent")


class LinkOut(OutModel):
    target: str = Field(description="as written between [[ ]]")
    page: PageRef | None = Field(description="the page it leads to; null: none (yet)")


class PageOut(OutModel):
    id: int
    space: str
    title: str
    status: str
    labels: list[str]
    version: int = Field(description="the newest version's number; 0: a draft never published")
    parent_id: int | None
    author: str
    created_at: str
    updated_at: str
    updated_by: str


class ReviewOut(OutModel):
    id: int
    page_id: int
    organizer: str
    start: str
    end: str
    attendees: list[str]
    note: str
    created_at: str


class PageDetail(PageOut):
    body: str
    ancestors: list[PageRef]
    children: list[PageRef]
    links: list[LinkOut]
    backlinks: list[PageRef]
    open_comments: int
    watchers: list[str]
    watching: bool
    can_edit: bool
    reviews: list[ReviewOut] = Field(description="review meetings from now on, soonest first")


class PageList(OutModel):
    items: list[PageOut]
    total: int
    page: int
    per_page: int


class VersionOut(OutModel):
    number: int
    title: str
    labels: list[str]
    author: str
    author_name: str
    created_at: str
    message: str
    current: bool


class VersionDetail(VersionOut):
    page_id: int
    body: str


class VersionList(OutModel):
    page_id: int
    items: list[VersionOut] = Field(description="newest first")


class DiffOut(OutModel):
    page_id: int
    from_version: int
    to_version: int
    old_title: str
    new_title: str
    labels_added: list[str]
    labels_removed: list[str]
    lines_added: int
    lines_removed: int
    diff: str = Field(description="the body's unified diff")


class CommentOut(OutModel):
    id: int
    page_id: int
    author: str
    author_name: str
    body: str
    created_at: str
    resolved: bool
    resolved_by: str | None
    resolved_at: str | None


class CommentPage(OutModel):
    items: list[CommentOut]
    total: int
    page: int
    per_page: int


class SearchHit(OutModel):
    page: PageOut
    title: str = Field(description="the title, matched words in <mark></mark>")
    snippet: str = Field(description="the body around the first match, words in <mark></mark>")
    matched_in: list[str] = Field(description="title, labels, body")
    score: int


class SearchPage(OutModel):
    items: list[SearchHit]
    total: int
    page: int
    per_page: int


class LabelOut(OutModel):
    name: str
    pages: int


class LabelList(OutModel):
    items: list[LabelOut]
