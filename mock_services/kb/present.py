"""Spaces, pages, versions and comments as the API answers them (the UI shows the same)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import Select, bindparam, func, literal, or_, select

from mock_services.core.base.clock import iso
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import levels, may_see_draft, rank, spaces
from mock_services.kb.models import Comment, Page, PageLink, PageReview, PageVersion, Space, User
from mock_services.kb.notices import watchers
from mock_services.kb.reviews import upcoming
from mock_services.kb.schemas import (
    CommentOut,
    LinkOut,
    PageDetail,
    PageOut,
    PageRef,
    PermissionOut,
    ReviewOut,
    SpaceDetail,
    SpaceOut,
    TreeNode,
    UserOut,
    VersionDetail,
    VersionOut,
)
from mock_services.kb.spaces import permissions

# Statements of a page's answer, built once (building one costs more than running it).
_USER_NAMES = select(User.id, User.username, User.display_name).where(
    User.id.in_(bindparam("ids", expanding=True))
)
_LINKING_HERE = select(PageLink.page_id).where(PageLink.target_id == bindparam("page_id"))
_NEAR = (
    select(Page, Page.id.in_(_LINKING_HERE))
    .where(or_(Page.parent_id == bindparam("page_id"), Page.id.in_(_LINKING_HERE)))
    .order_by(Page.title, Page.id)
)
"""A page's children and the pages linking to it (flagged), by title."""
_LINKS = (
    select(PageLink.target, Page)
    .outerjoin(Page, Page.id == PageLink.target_id)
    .where(PageLink.page_id == bindparam("page_id"))
    .order_by(PageLink.id)
)
"""The links a page's body makes, as written, with the pages they lead to (or None)."""
_OPEN_COMMENTS = select(func.count()).where(
    Comment.page_id == bindparam("page_id"), Comment.resolved.is_(False)
)


class Names:
    """The usernames and display names of the users an answer shows (``user_ids``, read in one
    query of those columns), and every space's key by id."""

    def __init__(self, ctx: Ctx, user_ids: Iterable[int | None] = ()) -> None:
        wanted = {i for i in user_ids if i is not None}
        found = ctx.session.execute(_USER_NAMES, {"ids": list(wanted)}) if wanted else ()
        self.users = {row.id: row for row in found}
        self.spaces = {row["id"]: row["key"] for row in spaces(ctx)}

    @classmethod
    def of_pages(cls, ctx: Ctx, pages: Iterable[Page]) -> Names:
        """The names ``page_out`` shows of ``pages``: their authors and last editors."""
        return cls(ctx, (i for p in pages for i in (p.author_id, p.updated_by_id)))

    def user(self, user_id: int | None) -> str | None:
        return self.users[user_id].username if user_id is not None else None


def user_out(user: User) -> UserOut:
    return UserOut.model_validate(user, from_attributes=True)


def space_out(space: Space, level: str, pages: int) -> SpaceOut:
    return SpaceOut(
        id=space.id,
        key=space.key,
        name=space.name,
        description=space.description,
        default_access=space.default_access,
        created_at=iso(space.created_at) or "",
        pages=pages,
        your_access=level,
    )


def space_detail(ctx: Ctx, space: Space) -> SpaceDetail:
    pages = ctx.session.scalar(
        select(func.count()).where(Page.space_id == space.id, Page.status == "published")
    )
    out = space_out(space, levels(ctx)[space.id], pages or 0)
    grants = [
        PermissionOut(username=u.username, display_name=u.display_name, level=level)
        for u, level in permissions(ctx, space)
    ]
    return SpaceDetail(**out.model_dump(), permissions=grants)


def page_out(page: Page, names: Names) -> PageOut:
    return PageOut(
        id=page.id,
        space=names.spaces[page.space_id],
        title=page.title,
        status=page.status,
        labels=page.labels,
        version=page.version,
        parent_id=page.parent_id,
        author=names.user(page.author_id) or "",
        created_at=iso(page.created_at) or "",
        updated_at=iso(page.updated_at) or "",
        updated_by=names.user(page.updated_by_id) or "",
    )


def pages_out(ctx: Ctx, pages: list[Page]) -> list[PageOut]:
    names = Names.of_pages(ctx, pages)
    return [page_out(p, names) for p in pages]


def page_ref(page: Page, names: Names) -> PageRef:
    return PageRef(
        id=page.id, title=page.title, space=names.spaces[page.space_id], status=page.status
    )


def page_detail(ctx: Ctx, page: Page) -> PageDetail:
    """A page with its body, place in the tree, links both ways, comments and watchers."""
    mine = levels(ctx)
    session = ctx.session

    def readable(other: Page) -> bool:
        level = mine[other.space_id]
        return rank(level) >= 1 and may_see_draft(ctx.user_id, other, level)

    this = {"page_id": page.id}
    near = session.execute(_NEAR, this).all()
    links = session.execute(_LINKS, this).all()
    open_comments = session.scalar(_OPEN_COMMENTS, this)
    watching = [u.username for u in watchers(ctx, page)]
    reviews = upcoming(ctx, page)
    names = Names(ctx, [page.author_id, page.updated_by_id, *(r.organizer_id for r in reviews)])
    level = mine[page.space_id]
    return PageDetail(
        **page_out(page, names).model_dump(),
        body=page.body,
        ancestors=[page_ref(a, names) for a in ancestors(ctx, page)],
        children=[page_ref(p, names) for p, _ in near if p.parent_id == page.id and readable(p)],
        links=[
            LinkOut(target=written, page=page_ref(to, names) if to and readable(to) else None)
            for written, to in links
        ],
        backlinks=[page_ref(p, names) for p, links_here in near if links_here and readable(p)],
        open_comments=open_comments or 0,
        watchers=watching,
        watching=ctx.user.username in watching,
        can_edit=rank(level) >= rank("edit") and page.status != "archived",
        reviews=[review_out(r, names) for r in reviews],
    )


def _ancestors() -> Select[Page]:
    """The pages above page ``:parent_id`` and itself, topmost first: one recursive query,
    built once (a CTE costs more to build than to run)."""
    up = (
        select(Page.id, Page.parent_id, literal(0).label("depth"))
        .where(Page.id == bindparam("parent_id"))
        .cte("up", recursive=True)
    )
    up = up.union_all(
        select(Page.id, Page.parent_id, (up.c.depth + 1).label("depth")).join(
            up, Page.id == up.c.parent_id
        )
    )
    return select(Page).join(up, Page.id == up.c.id).order_by(up.c.depth.desc())


_ANCESTORS = _ancestors()


def ancestors(ctx: Ctx, page: Page) -> list[Page]:
    """``page``'s parent, its parent's parent and so on, the topmost first."""
    if page.parent_id is None:
        return []
    return list(ctx.session.scalars(_ANCESTORS, {"parent_id": page.parent_id}))


def review_out(review: PageReview, names: Names) -> ReviewOut:
    return ReviewOut(
        id=review.id,
        page_id=review.page_id,
        organizer=names.user(review.organizer_id) or "",
        start=iso(review.start) or "",
        end=iso(review.end) or "",
        attendees=review.attendees,
        note=review.note,
        created_at=iso(review.created_at) or "",
    )


def tree_nodes(ctx: Ctx, pages: list[Page]) -> list[TreeNode]:
    """``pages`` (a space's, readable) in tree order: each after its parent, siblings by
    title; a page whose parent is not among them is shown at the top level."""
    names = Names(ctx)  # a page reference names no user
    ids = {p.id for p in pages}
    by_parent: dict[int | None, list[Page]] = {}
    for p in sorted(pages, key=lambda p: (p.title.casefold(), p.id)):
        by_parent.setdefault(p.parent_id if p.parent_id in ids else None, []).append(p)
    nodes: list[TreeNode] = []

    def walk(parent: int | None, depth: int) -> None:
        for p in by_parent.get(parent, []):
            nodes.append(
                TreeNode(**page_ref(p, names).model_dump(), parent_id=p.parent_id, depth=depth)
            )
            walk(p.id, depth + 1)

    walk(None, 0)
    return nodes


def version_out(version: PageVersion, page: Page, names: Names) -> VersionOut:
    author = names.users[version.author_id]
    return VersionOut(
        number=version.number,
        title=version.title,
        labels=version.labels,
        author=author.username,
        author_name=author.display_name,
        created_at=iso(version.created_at) or "",
        message=version.message,
        current=version.number == page.version and page.status != "draft",
    )


def version_detail(ctx: Ctx, version: PageVersion) -> VersionDetail:
    page = ctx.session.get(Page, version.page_id)
    assert page is not None  # a foreign key
    out = version_out(version, page, Names(ctx, [version.author_id]))
    return VersionDetail(**out.model_dump(), page_id=page.id, body=version.body)


def comment_out(comment: Comment, names: Names) -> CommentOut:
    author = names.users[comment.author_id]
    return CommentOut(
        id=comment.id,
        page_id=comment.page_id,
        author=author.username,
        author_name=author.display_name,
        body=comment.body,
        created_at=iso(comment.created_at) or "",
        resolved=comment.resolved,
        resolved_by=names.user(comment.resolved_by_id),
        resolved_at=iso(comment.resolved_at),
    )


def versions_out(ctx: Ctx, page: Page, versions: list[PageVersion]) -> list[VersionOut]:
    names = Names(ctx, (v.author_id for v in versions))
    return [version_out(v, page, names) for v in versions]


def comments_out(ctx: Ctx, comments: Sequence[Comment]) -> list[CommentOut]:
    names = Names(ctx, (i for c in comments for i in (c.author_id, c.resolved_by_id)))
    return [comment_out(c, names) for c in comments]
