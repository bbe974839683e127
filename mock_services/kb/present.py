"""Spaces, pages, versions and comments as the API answers them (the UI shows the same)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from sqlalchemy import func, select

from mock_services.core.base.clock import iso, iso_stored, to_naive_utc
from mock_services.core.base.row_codec import stored_as
from mock_services.core.data.db import table_of
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import PageView, levels, may_see_draft, rank, spaces
from mock_services.kb.models import Comment, Page, PageReview, PageVersion, Space, User
from mock_services.kb.schemas import (
    CommentOut,
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

_USER_NAMES = (
    "SELECT id, username, display_name FROM users WHERE id IN (SELECT value FROM json_each(?))"
)
"""The users of a JSON array of ids, by name."""


class UserName(NamedTuple):
    id: int
    username: str
    display_name: str


class Names:
    """The usernames and display names of the users an answer shows (``user_ids``, read in one
    query of those columns, or ``known``: their rows read already), and every space's key by
    id."""

    def __init__(
        self, ctx: Ctx, user_ids: Iterable[int | None] = (), known: Iterable[Sequence[Any]] = ()
    ) -> None:
        wanted = [*{i for i in user_ids if i is not None}]
        found = ctx.db.all(_USER_NAMES, (json.dumps(wanted),)) if wanted else ()
        self.users = {u.id: u for u in map(UserName._make, (*known, *found))}
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


def _page_fields(page: Page | PageView, names: Names) -> dict[str, Any]:
    """``page`` as ``PageOut``'s fields, plain values."""
    return {
        "id": page.id,
        "space": names.spaces[page.space_id],
        "title": page.title,
        "status": page.status,
        "labels": page.labels,
        "version": page.version,
        "parent_id": page.parent_id,
        "author": names.user(page.author_id) or "",
        "created_at": iso(page.created_at) or "",
        "updated_at": iso(page.updated_at) or "",
        "updated_by": names.user(page.updated_by_id) or "",
    }


def page_out(page: Page | PageView, names: Names) -> PageOut:
    return PageOut.model_validate(_page_fields(page, names))


def pages_out(ctx: Ctx, pages: list[Page]) -> list[PageOut]:
    names = Names.of_pages(ctx, pages)
    return [page_out(p, names) for p in pages]


def page_ref(page: Page, names: Names) -> PageRef:
    return PageRef(
        id=page.id, title=page.title, space=names.spaces[page.space_id], status=page.status
    )


def _json_list(columns: str, rows: str) -> str:
    """A subquery: ``rows`` (a SELECT in the wanted order) as a JSON list of arrays of
    ``columns``."""
    return f"(SELECT json_group_array(json_array({columns})) FROM ({rows}))"


_REF = "id, title, space_id, status, author_id"
_AROUND = (
    "SELECT json_array("
    + _json_list(
        _REF,
        "WITH RECURSIVE up(id, parent_id, depth) AS (SELECT id, parent_id, 0 FROM pages "
        "WHERE id = ?1 UNION ALL SELECT p.id, p.parent_id, up.depth + 1 FROM pages p "
        "JOIN up ON p.id = up.parent_id) SELECT p.id, p.title, p.space_id, p.status, "
        "p.author_id FROM up JOIN pages p ON p.id = up.id WHERE up.depth > 0 "
        "ORDER BY up.depth DESC",
    )
    + ", "
    + _json_list(
        f"{_REF}, child, backlink",
        "SELECT id, title, space_id, status, author_id, parent_id = ?1 AS child, "
        "id IN (SELECT page_id FROM page_links WHERE target_id = ?1) AS backlink FROM pages "
        "WHERE parent_id = ?1 OR id IN (SELECT page_id FROM page_links WHERE target_id = ?1) "
        "ORDER BY title, id",
    )
    + ", "
    + _json_list(
        f"target, {_REF}",
        "SELECT l.target, p.id, p.title, p.space_id, p.status, p.author_id FROM page_links l "
        "LEFT JOIN pages p ON p.id = l.target_id WHERE l.page_id = ?1 ORDER BY l.id",
    )
    + ", (SELECT json_group_array(username) FROM (SELECT u.username FROM watches w "
    "JOIN users u ON u.id = w.user_id WHERE w.page_id = ?1 ORDER BY u.username)), "
    + _json_list(
        'id, organizer, start, "end", json(attendees), note, created_at',
        "SELECT r.*, u.username AS organizer FROM page_reviews r JOIN users u "
        'ON u.id = r.organizer_id WHERE r.page_id = ?1 AND r."end" > ?2 ORDER BY r.start, r.id',
    )
    + ", (SELECT count(*) FROM comments WHERE page_id = ?1 AND resolved = 0), "
    + _json_list(
        "id, username, display_name",
        "SELECT id, username, display_name FROM users WHERE id IN (?3, ?4)",
    )
    + ")"
)
"""One row, one JSON list around page ?1: its ancestors (topmost first), the pages that are
its children or link to it (flagged, by title), the links its body makes (as written, with
the page each leads to or nulls), its watchers' usernames, its reviews ending after ?2 (now,
as stored), soonest first, with their organizer's username, its count of open comments, and
the names of users ?3 and ?4 (its author and last editor)."""
_REVIEW_END = stored_as(table_of(PageReview), "end")


class _Ref(NamedTuple):
    """A page another page's answer names (one of ``_AROUND``'s arrays)."""

    id: int
    title: str
    space_id: int
    status: str
    author_id: int


def page_detail(ctx: Ctx, page: Page | PageView) -> PageDetail:
    """A page with its body, place in the tree, links both ways, comments and watchers: its
    list item's fields (``page_out``'s) and one plain query of what is around it
    (``_AROUND``). Children and backlinks the caller may not read are left out, and a link
    to such a page leads to null. Ancestors they may not read (another's draft above a
    published page) are left out of the breadcrumbs too: their titles are not the reader's."""
    mine = levels(ctx)
    caller = ctx.require_caller()
    now = _REVIEW_END(to_naive_utc(ctx.now))
    row = ctx.db.one(_AROUND, (page.id, now, page.author_id, page.updated_by_id))
    assert row is not None  # a SELECT without FROM
    above, near, links, watching, reviews, open_comments, users = json.loads(row[0])
    names = Names(ctx, known=users)

    def readable(other: _Ref) -> bool:
        level = mine[other.space_id]
        return rank(level) >= rank("view") and may_see_draft(caller.id, other, level)

    def ref(other: _Ref) -> dict[str, Any]:
        space = names.spaces[other.space_id]
        return {"id": other.id, "title": other.title, "space": space, "status": other.status}

    nearby = [(_Ref(*values), child, backlink) for *values, child, backlink in near]
    seen = [(other, child, backlink) for other, child, backlink in nearby if readable(other)]
    leads = [(target, _Ref(*to) if to[0] is not None else None) for target, *to in links]
    level = mine[page.space_id]
    return PageDetail.model_validate(
        {
            **_page_fields(page, names),
            "body": page.body,
            "ancestors": [ref(up) for up in map(_Ref._make, above) if readable(up)],
            "children": [ref(other) for other, child, _ in seen if child],
            "links": [
                {"target": target, "page": ref(to) if to and readable(to) else None}
                for target, to in leads
            ],
            "backlinks": [ref(other) for other, _, backlink in seen if backlink],
            "open_comments": open_comments,
            "watchers": watching,
            "watching": caller.username in watching,
            "can_edit": rank(level) >= rank("edit") and page.status != "archived",
            "reviews": [_review_fields(values, page.id) for values in reviews],
        }
    )


def _review_fields(values: list[Any], page_id: int) -> dict[str, Any]:
    """A review as ``_AROUND`` lists it, as ``ReviewOut``'s fields."""
    review_id, organizer, start, end, attendees, note, created_at = values
    return {
        "id": review_id,
        "page_id": page_id,
        "organizer": organizer,
        "start": iso_stored(start) or "",
        "end": iso_stored(end) or "",
        "attendees": attendees,
        "note": note,
        "created_at": iso_stored(created_at) or "",
    }


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
