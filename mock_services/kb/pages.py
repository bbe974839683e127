"""The pages area (``/api/pages``): finding pages, writing them (a published page's every
save is a new version), their place in the space's tree, publishing drafts, archiving,
restoring an old version and deleting."""

from __future__ import annotations

from sqlalchemy import Select, select

from mock_services.core.base.clock import naive_utc, to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.base.tags import tag_condition
from mock_services.core.data.paging import Page as Listing
from mock_services.core.data.paging import page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import open_page, rank, require, visible_pages
from mock_services.kb.links import relink
from mock_services.kb.models import Comment, Page, PageLink, PageVersion, Space, Watch
from mock_services.kb.schemas import (
    PageCreate,
    PageMove,
    PagesQuery,
    PageUpdate,
    PublishRequest,
    RestoreRequest,
)
from mock_services.kb.spaces import space_by_key, user_named
from mock_services.kb.versions import save_version, version

_ORDER = {
    "title": (Page.space_id, Page.title, Page.id),
    "recent": (Page.updated_at.desc(), Page.id.desc()),
    "oldest": (Page.updated_at, Page.id),
}


def find_pages(ctx: Ctx, query: PagesQuery) -> Listing[Page]:
    """One page of the pages the caller may read, narrowed by the query's filters."""
    stmt: Select[Page] = select(Page).where(visible_pages(ctx))
    if query.space is not None:
        stmt = stmt.where(Page.space_id == space_by_key(ctx, query.space, "space").id)
    if query.label is not None:
        stmt = stmt.where(tag_condition(Page.labels, query.label))
    if query.status is not None:
        stmt = stmt.where(Page.status == query.status)
    if query.author is not None:
        stmt = stmt.where(Page.author_id == user_named(ctx, query.author, "author").id)
    if query.parent_id is not None:
        stmt = stmt.where(Page.parent_id == query.parent_id)
    if query.updated_before is not None:
        stmt = stmt.where(Page.updated_at < naive_utc(query.updated_before))
    return page_of_select(ctx.session, stmt.order_by(*_ORDER[query.sort]), query)


def space_pages(ctx: Ctx, space: Space) -> list[Page]:
    """The pages of ``space`` the caller may read."""
    return list(
        ctx.session.scalars(select(Page).where(Page.space_id == space.id, visible_pages(ctx)))
    )


def create_page(ctx: Ctx, body: PageCreate) -> Page:
    """A new page (published as version 1, or a draft), watched by its author."""
    space = space_by_key(ctx, body.space, "space")
    require(ctx, space.id, "edit", f"create pages in space {space.key}")
    parent = _parent(ctx, space, body.parent_id) if body.parent_id else None
    _check_title(ctx, space, body.title)
    now = to_naive_utc(ctx.now)
    page = Page(
        space_id=space.id,
        parent_id=parent.id if parent else None,
        title=body.title,
        body=body.body,
        labels=body.labels,
        status=body.status,
        version=0,
        author_id=ctx.user_id,
        created_at=now,
        updated_at=now,
        updated_by_id=ctx.user_id,
    )
    ctx.session.add(page)
    ctx.session.flush()
    ctx.session.add(Watch(page_id=page.id, user_id=ctx.user_id, created_at=now))
    if page.status == "published":
        save_version(ctx, page, body.message)
    relink(ctx, page)
    return page


def update_page(ctx: Ctx, page_id: int, body: PageUpdate) -> Page:
    """Change a page's title, body or labels: a published page gets a new version (a save
    that changes nothing makes none), a draft is changed in place."""
    page, _ = open_page(ctx, page_id, "edit")
    _check_writable(page)
    changes = {
        field: value
        for field, value in body.model_dump(exclude_unset=True).items()
        if field != "message" and value is not None and getattr(page, field) != value
    }
    if not changes:
        return page
    if "title" in changes:
        _check_title(ctx, _space(ctx, page), changes["title"], page.id)
    for field, value in changes.items():
        setattr(page, field, value)
    page.updated_at, page.updated_by_id = to_naive_utc(ctx.now), ctx.user_id
    if page.status == "published":
        save_version(ctx, page, body.message)
    relink(ctx, page)
    return page


def move_page(ctx: Ctx, page_id: int, body: PageMove) -> Page:
    """Put a page under another of its space (or at the top level), with its subpages."""
    page, _ = open_page(ctx, page_id, "edit", "move pages")
    _check_writable(page)
    if body.parent_id is None:
        page.parent_id = None
        return page
    parent = _parent(ctx, _space(ctx, page), body.parent_id)
    above: Page | None = parent
    while above is not None:
        if above.id == page.id:
            raise invalid_field(
                "parent_id",
                f"page {parent.id} is page {page.id} or one of its subpages; a page cannot "
                "move under itself",
            )
        above = ctx.session.get(Page, above.parent_id) if above.parent_id else None
    page.parent_id = parent.id
    return page


def publish_page(ctx: Ctx, page_id: int, body: PublishRequest) -> Page:
    """Publish a draft (its first version) or bring an archived page back."""
    page, _ = open_page(ctx, page_id, "edit", "publish pages")
    if page.status == "published":
        raise Conflict(f"page {page.id} is published already (version {page.version})")
    was = page.status
    page.status = "published"
    if was == "draft":
        page.updated_at, page.updated_by_id = to_naive_utc(ctx.now), ctx.user_id
        save_version(ctx, page, body.message)
    return page


def archive_page(ctx: Ctx, page_id: int) -> Page:
    """Archive a published page: kept with its history, read-only, left out of searches."""
    page, _ = open_page(ctx, page_id, "edit", "archive pages")
    if page.status != "published":
        also = "; delete a draft instead" if page.status == "draft" else ""
        raise Conflict(f"page {page.id} is {page.status}; only published pages are archived{also}")
    page.status = "archived"
    return page


def restore_version(ctx: Ctx, page_id: int, body: RestoreRequest) -> Page:
    """A new version of a published page with the content of an older one."""
    page, _ = open_page(ctx, page_id, "edit")
    if page.status != "published":
        raise Conflict(
            f"page {page.id} is {page.status}; only a published page's versions are restored"
        )
    old = version(ctx, page_id, body.version, "version")
    if old.number == page.version:
        raise Conflict(f"version: {old.number} is page {page.id}'s newest version already")
    if old.title != page.title:
        _check_title(ctx, _space(ctx, page), old.title, page.id)
    page.title, page.body, page.labels = old.title, old.body, list(old.labels)
    page.updated_at, page.updated_by_id = to_naive_utc(ctx.now), ctx.user_id
    save_version(ctx, page, body.message or f"Restored version {old.number}")
    relink(ctx, page)
    return page


def may_delete(ctx: Ctx, page: Page, level: str) -> bool:
    """Whether the caller, at ``level`` in the page's space, may delete ``page``: a space
    admin, or a draft's own author (pages offer the action only to them)."""
    return (page.status == "draft" and page.author_id == ctx.user_id) or rank(level) >= rank(
        "admin"
    )


def may_publish(level: str) -> bool:
    """Whether the caller, at ``level`` in a page's space, may publish a draft or an archived
    page there (``publish_page``'s rule)."""
    return rank(level) >= rank("edit")


def delete_page(ctx: Ctx, page_id: int) -> None:
    """Delete a page with its history, comments and watches: a space admin's call, or a
    draft's author's; a page with subpages is refused. Links to it lead nowhere after."""
    page, level = open_page(ctx, page_id)
    if not may_delete(ctx, page, level):
        open_page(ctx, page_id, "admin", "delete pages")  # refused, saying who may
    children = ctx.session.scalars(select(Page).where(Page.parent_id == page.id)).all()
    if children:
        listed = ", ".join(f"{c.id} {c.title!r}" for c in children)
        raise Conflict(
            f"page {page.id} has {len(children)} subpage(s) ({listed}); move or delete them first"
        )
    for model in (PageVersion, Comment, Watch, PageLink):
        for row in ctx.session.scalars(select(model).where(model.page_id == page.id)):
            ctx.session.delete(row)
    for link in ctx.session.scalars(select(PageLink).where(PageLink.target_id == page.id)):
        link.target_id = None
    ctx.session.flush()
    ctx.session.delete(page)
    ctx.session.flush()


def _space(ctx: Ctx, page: Page) -> Space:
    space = ctx.session.get(Space, page.space_id)
    assert space is not None  # a foreign key
    return space


def _parent(ctx: Ctx, space: Space, parent_id: int) -> Page:
    parent = ctx.session.get(Page, parent_id)
    if parent is None or (parent.status == "draft" and parent.author_id != ctx.user_id):
        raise invalid_field("parent_id", f"no page {parent_id}; list pages with GET /api/pages")
    if parent.space_id != space.id:
        raise invalid_field(
            "parent_id",
            f"page {parent_id} is in space {_space(ctx, parent).key}, not {space.key}; a "
            "parent is in the page's own space",
        )
    return parent


def _check_title(ctx: Ctx, space: Space, title: str, page_id: int | None = None) -> None:
    """Titles are unique in a space, whatever their case ([[links]] name pages by title)."""
    wanted = title.strip().casefold()
    same_space = ctx.session.execute(
        select(Page.id, Page.title).where(Page.space_id == space.id, Page.id != (page_id or 0))
    )
    for other_id, other_title in same_space:
        if other_title.strip().casefold() == wanted:
            raise TitleTaken(space.key, other_id, other_title)


class TitleTaken(Conflict):
    """A title another page of the space has (the API's 409); ``plain`` says it in the words
    of the form's title field, where the web UI shows it with what was typed kept."""

    def __init__(self, space_key: str, other_id: int, other_title: str) -> None:
        super().__init__(
            f"title: space {space_key} has a page titled {other_title!r} already (page "
            f"{other_id}); choose another title or edit that page"
        )
        self.plain = (
            f"a page titled {other_title!r} already exists in {space_key}; choose another "
            "title or edit that page"
        )


def _check_writable(page: Page) -> None:
    if page.status == "archived":
        raise Conflict(
            f"page {page.id} is archived and read-only; publish it again first "
            f"(POST /api/pages/{page.id}/publish)"
        )
