"""Comments on a page (``/api/pages/<id>/comments``, ``/api/comments/<id>/resolve``): anyone who
reads the page comments; its editors and the comment's author resolve it. Watchers are mailed
each new comment."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound
from mock_services.core.data.paging import Page as Listing
from mock_services.core.data.paging import page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import open_page
from mock_services.kb.models import Comment
from mock_services.kb.notices import tell_watchers
from mock_services.kb.schemas import CommentCreate, CommentQuery


def page_comments(ctx: Ctx, page_id: int, query: CommentQuery) -> Listing[Comment]:
    """One page of a page's comments, oldest first (``resolved`` narrows them)."""
    page, _ = open_page(ctx, page_id)
    stmt = select(Comment).where(Comment.page_id == page.id)
    if query.resolved is not None:
        stmt = stmt.where(Comment.resolved == query.resolved)
    return page_of_select(ctx.session, stmt.order_by(Comment.created_at, Comment.id), query)


def add_comment(ctx: Ctx, page_id: int, body: CommentCreate) -> Comment:
    page, _ = open_page(ctx, page_id)
    if page.status == "archived":
        raise Conflict(f"page {page.id} is archived; publish it again to comment on it")
    comment = Comment(
        page_id=page.id, author_id=ctx.user_id, body=body.body, created_at=to_naive_utc(ctx.now)
    )
    ctx.session.add(comment)
    ctx.session.flush()
    tell_watchers(ctx, page, "a comment", f"{ctx.user.display_name} wrote:\n\n{body.body}")
    return comment


def resolve_comment(ctx: Ctx, comment_id: int) -> Comment:
    """Mark a comment resolved: its author or an editor of the page's space."""
    comment = ctx.session.get(Comment, comment_id)
    if comment is None:
        raise NotFound(f"no comment {comment_id}; list a page's with GET /api/pages/<id>/comments")
    if comment.author_id == ctx.user_id:
        open_page(ctx, comment.page_id)
    else:
        open_page(ctx, comment.page_id, "edit", "resolve others' comments")
    if comment.resolved:
        raise Conflict(f"comment {comment.id} is resolved already")
    comment.resolved = True
    comment.resolved_by_id = ctx.user_id
    comment.resolved_at = to_naive_utc(ctx.now)
    return comment
