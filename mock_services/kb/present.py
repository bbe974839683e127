"""Spaces, pages, versions and comments as the API answers them (the UI shows the same)."""

from __future__ import annotations

from sqlalchemy import func, select

from mock_services.core.base.clock import iso
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import levels, may_see_draft, rank
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


class Names:
    """Usernames and space keys by id, read once per answer."""

    def __init__(self, ctx: Ctx) -> None:
        self.users = {u.id: u for u in ctx.session.scalars(select(User))}
        self.spaces = dict(ctx.session.execute(select(Space.id, Space.key)).all())

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
    names = Names(ctx)
    return [page_out(p, names) for p in pages]


def page_ref(page: Page, names: Names) -> PageRef:
    return PageRef(
        id=page.id, title=page.title, space=names.spaces[page.space_id], status=page.status
    )


def page_detail(ctx: Ctx, page: Page) -> PageDetail:
    """A page with its body, place in the tree, links both ways, comments and watchers."""
    names, mine = Names(ctx), levels(ctx)
    session = ctx.session

    def readable(other: Page) -> bool:
        level = mine[other.space_id]
        return rank(level) >= 1 and may_see_draft(ctx.user_id, other, level)

    ancestors: list[PageRef] = []
    above = session.get(Page, page.parent_id) if page.parent_id else None
    while above is not None:
        ancestors.insert(0, page_ref(above, names))
        above = session.get(Page, above.parent_id) if above.parent_id else None
    children = session.scalars(
        select(Page).where(Page.parent_id == page.id).order_by(Page.title, Page.id)
    )
    links = []
    for link in session.scalars(
        select(PageLink).where(PageLink.page_id == page.id).order_by(PageLink.id)
    ):
        target = session.get(Page, link.target_id) if link.target_id else None
        shown = target if target is not None and readable(target) else None
        links.append(LinkOut(target=link.target, page=page_ref(shown, names) if shown else None))
    backlinks = session.scalars(
        select(Page)
        .join(PageLink, PageLink.page_id == Page.id)
        .where(PageLink.target_id == page.id)
        .order_by(Page.title, Page.id)
    )
    open_comments = session.scalar(
        select(func.count()).where(Comment.page_id == page.id, Comment.resolved.is_(False))
    )
    watching = [u.username for u in watchers(ctx, page)]
    level = mine[page.space_id]
    return PageDetail(
        **page_out(page, names).model_dump(),
        body=page.body,
        ancestors=ancestors,
        children=[page_ref(c, names) for c in children if readable(c)],
        links=links,
        backlinks=[page_ref(b, names) for b in dict.fromkeys(backlinks) if readable(b)],
        open_comments=open_comments or 0,
        watchers=watching,
        watching=ctx.user.username in watching,
        can_edit=rank(level) >= rank("edit") and page.status != "archived",
        reviews=[review_out(r, names) for r in upcoming(ctx, page)],
    )


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
    names = Names(ctx)
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
    out = version_out(version, page, Names(ctx))
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
