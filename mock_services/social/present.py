"""Rows turned into API answers, in batches (a page of posts costs one plain query)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from mock_services.core.base.clock import iso, iso_stored
from mock_services.core.spec.api import Ctx
from mock_services.social import profiles
from mock_services.social.models import Message, Notification, User
from mock_services.social.schemas import (
    MessageOut,
    NotificationOut,
    PostOut,
    ProfileOut,
    RelationshipOut,
    UserRef,
)


def user_ref(user: User) -> UserRef:
    return UserRef(id=user.id, username=user.username, display_name=user.display_name)


def profile_out(ctx: Ctx, user: User) -> ProfileOut:
    counts = profiles.profile_counts(ctx.session, user.id)
    relation = None
    if user.id != ctx.user_id:
        relation = RelationshipOut(**vars(profiles.relationship(ctx.session, ctx.user_id, user.id)))
    return ProfileOut(
        id=user.id,
        username=user.username,
        display_name=user.display_name,
        bio=user.bio,
        location=user.location,
        website=user.website,
        messages_from=user.messages_from,
        joined_at=iso(user.joined_at) or "",
        followers_count=counts.followers,
        following_count=counts.following,
        posts_count=counts.posts,
        relationship=relation,
    )


_POST_ROWS = (
    "SELECT p.id, p.text, p.visibility, p.created_at, p.reply_to_id, p.repost_of_id, "
    "u.id AS author_id, u.username, u.display_name, json_object("
    "'media', (SELECT json_group_array(json_object('id', m.id, 'kind', m.kind, 'url', m.url, "
    "'alt_text', m.alt_text)) FROM media m WHERE m.post_id = p.id), "
    "'hashtags', (SELECT json_group_array(json_array(h.id, h.tag)) FROM hashtags h "
    "WHERE h.post_id = p.id)) AS lists, "
    "(SELECT count(*) FROM likes l WHERE l.post_id = p.id) AS like_count, "
    "EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = ?1) AS liked, "
    "(SELECT count(*) FROM posts r WHERE r.repost_of_id = p.id AND r.deleted_at IS NULL) "
    "AS repost_count, "
    # "+r.author_id": look the post's few reposts up, not every post of the viewer's
    "EXISTS (SELECT 1 FROM posts r WHERE r.repost_of_id = p.id AND r.deleted_at IS NULL "
    "AND +r.author_id = ?1) AS reposted, "
    "(SELECT count(*) FROM posts r WHERE r.reply_to_id = p.id AND r.deleted_at IS NULL) "
    "AS reply_count "
    "FROM posts p JOIN users u ON u.id = p.author_id "
    "WHERE p.id IN (SELECT value FROM json_each(?2) UNION "
    "SELECT r.repost_of_id FROM json_each(?2) j CROSS JOIN posts r ON r.id = j.value)"
)
"""Posts by id, and the originals of those that are reposts, each with its author, media,
hashtags, counts (deleted posts left out) and whether the viewer (?1) likes or reposted it;
the ids are a JSON array (?2), so every page runs the same statement."""


def _post_body(row: sqlite3.Row) -> dict[str, Any]:
    """A ``_POST_ROWS`` row as a ``PostBody``'s fields (plain values, validated once)."""
    lists = json.loads(row["lists"])
    return {
        "id": row["id"],
        "author": {
            "id": row["author_id"],
            "username": row["username"],
            "display_name": row["display_name"],
        },
        "text": row["text"],
        "visibility": row["visibility"],
        "created_at": iso_stored(row["created_at"]) or "",
        "reply_to_id": row["reply_to_id"],
        "media": sorted(lists["media"], key=lambda m: m["id"]),
        "hashtags": [tag for _id, tag in sorted(lists["hashtags"])],
        "like_count": row["like_count"],
        "repost_count": row["repost_count"],
        "reply_count": row["reply_count"],
        "liked": bool(row["liked"]),
        "reposted": bool(row["reposted"]),
    }


def post_outs(ctx: Ctx, post_ids: Sequence[int]) -> list[PostOut]:
    """Each post with its author, media, hashtags, counts and the caller's like and repost;
    a repost carries its original. One plain query for the whole page, and one validation
    per post (of plain values: a model per author and original cost as much again)."""
    found = ctx.db.all(_POST_ROWS, (ctx.user_id, json.dumps(list(post_ids))))
    rows = {row["id"]: row for row in found}
    posts = []
    for post_id in post_ids:
        row = rows[post_id]
        original = rows[row["repost_of_id"]] if row["repost_of_id"] else None
        body = _post_body(row)
        body["repost_of"] = _post_body(original) if original is not None else None
        posts.append(PostOut.model_validate(body))
    return posts


def notification_outs(ctx: Ctx, rows: Sequence[Notification]) -> list[NotificationOut]:
    actors = {
        u.id: u
        for u in ctx.session.scalars(select(User).where(User.id.in_({n.actor_id for n in rows})))
    }
    return [
        NotificationOut(
            id=n.id,
            kind=n.kind,
            actor=user_ref(actors[n.actor_id]),
            post_id=n.post_id,
            created_at=iso(n.created_at) or "",
            read=n.read_at is not None,
        )
        for n in rows
    ]


def message_out(message: Message, names: dict[int, str]) -> MessageOut:
    return MessageOut(
        id=message.id,
        sender=names[message.sender_id],
        recipient=names[message.recipient_id],
        text=message.text,
        sent_at=iso(message.sent_at) or "",
        read_at=iso(message.read_at),
    )
