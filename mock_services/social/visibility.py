"""Who sees a post, decided in one place, ``VISIBLE``: its author always; nobody on either side
of a block; everyone for a public post, followers only for a followers-only one; never once
deleted. A repost is seen only when its original is. Every listing, search and look-up by id
filters through it, so a hidden post is indistinguishable from a missing one (404)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Exists, Select, and_, bindparam, exists, or_, select
from sqlalchemy.orm import aliased
from sqlalchemy.sql.elements import ColumnElement

from mock_services.core.base.errors import NotFound
from mock_services.core.data.transaction import PlainStatement, Transaction
from mock_services.core.spec.api import Ctx
from mock_services.social.models import Block, Follow, Post
from mock_services.social.viewer import VIEWER


# Written as lookups of the post's own author and original (EXISTS on unique keys), not as
# IN lists: SQLite builds an IN list's table on every run, and the originals' list held every
# visible post (a post by id: 22 us for the rule alone, most of its two queries).
def _can_see(post: Any) -> ColumnElement[bool]:
    return and_(
        post.deleted_at.is_(None),
        or_(
            post.author_id == VIEWER,
            and_(
                ~_block_between(VIEWER, post.author_id),
                or_(post.visibility == "public", _follows(VIEWER, post.author_id)),
            ),
        ),
    )


def _block_between(viewer: Any, author: Any) -> ColumnElement[bool]:
    """One of the two blocked the other."""
    return or_(
        exists().where(Block.blocker_id == viewer, Block.blocked_id == author),
        exists().where(Block.blocker_id == author, Block.blocked_id == viewer),
    )


def _follows(viewer: Any, author: Any) -> Exists:
    return exists().where(Follow.follower_id == viewer, Follow.followee_id == author)


ORIGINAL = aliased(Post)
VISIBLE = and_(
    _can_see(Post),
    or_(
        Post.repost_of_id.is_(None),
        exists().where(ORIGINAL.id == Post.repost_of_id, _can_see(ORIGINAL)),
    ),
)
"""``Post`` rows the viewer may see (a repost only with its original)."""


_VISIBLE_POST = PlainStatement.of(select(Post.id).where(Post.id == bindparam("post_id"), VISIBLE))
"""The ``VISIBLE`` rule itself, compiled, for a look-up by id without the ORM."""


def can_see_post(db: Transaction, viewer_id: int, post_id: int) -> bool:
    params = _VISIBLE_POST.params(post_id=post_id, viewer=viewer_id)
    return db.one(_VISIBLE_POST.sql, params) is not None


def visible_post_id(ctx: Ctx, post_id: int) -> int:
    """``post_id`` if the caller may see that post; 404 otherwise (hidden looks missing). Asked
    once a request until it writes: a page checks the post it shows, then its list of likes
    or replies checks it again."""
    seen = ctx.once(
        f"social.can_see_post.{post_id}", lambda: can_see_post(ctx.db, ctx.user_id, post_id)
    )
    if not seen:
        raise NotFound(f"no post {post_id} (it does not exist, was deleted or is not shown to you)")
    return post_id


def visible_post(ctx: Ctx, post_id: int) -> Post:
    """The post ``post_id`` (mapped, for a write) if the caller may see it; 404 otherwise."""
    return ctx.session.get_one(Post, visible_post_id(ctx, post_id))


def newest_first(stmt: Select[Any]) -> Select[Any]:
    return stmt.order_by(Post.created_at.desc(), Post.id.desc())
