"""Search (``/api/search``) and labels (``/api/labels``): pages holding every word of a query in
their title, body or labels, best first, each with the words highlighted in context."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from sqlalchemy import String, cast, or_, select

from mock_services.core.base.search import contains_text
from mock_services.core.base.tags import tag_condition
from mock_services.core.data.paging import Page as Listing
from mock_services.core.data.paging import page_of
from mock_services.core.spec.api import Ctx
from mock_services.kb.access import visible_pages
from mock_services.kb.models import Page
from mock_services.kb.schemas import LabelQuery, SearchQuery
from mock_services.kb.spaces import space_by_key

MARK = ("<mark>", "</mark>")
_BEFORE, _AFTER = 60, 160
_TRIM = ".,;:!?\"'()[]{}"


@dataclass(frozen=True)
class Hit:
    page: Page
    title: str
    snippet: str
    matched_in: list[str]
    score: int
    pattern: re.Pattern[str] | None = None  # the query's words, to mark them elsewhere


def words_of(q: str) -> list[str]:
    """The query's words, trimmed of punctuation, each once."""
    words = (w.strip(_TRIM) for w in q.split())
    return list(dict.fromkeys(w for w in words if w))


def search(ctx: Ctx, query: SearchQuery) -> Listing[Hit]:
    """One page of the pages the caller may read that hold every word of ``q``: title matches
    first, then labels, then how often the body has them; newest change first among equals."""
    words = words_of(query.q) or [query.q.strip() or query.q]
    stmt = select(Page).where(visible_pages(ctx))
    for word in words:
        stmt = stmt.where(
            or_(
                contains_text(Page.title, word),
                contains_text(Page.body, word),
                contains_text(cast(Page.labels, String), word),
            )
        )
    if query.space is not None:
        stmt = stmt.where(Page.space_id == space_by_key(ctx, query.space, "space").id)
    if query.label is not None:
        stmt = stmt.where(tag_condition(Page.labels, query.label))
    if not query.include_archived:
        stmt = stmt.where(Page.status != "archived")
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), re.I)
    hits = [_hit(page, pattern) for page in ctx.session.scalars(stmt)]
    hits.sort(key=lambda h: (-h.score, -h.page.updated_at.timestamp(), h.page.id))
    return page_of(hits, query)


def _hit(page: Page, pattern: re.Pattern[str]) -> Hit:
    """``page`` (which the query's SQL found holding every word) as a hit."""
    fields = {"title": page.title, "labels": " ".join(page.labels), "body": page.body}
    found = {
        name: Counter(m.group(0).casefold() for m in pattern.finditer(text))
        for name, text in fields.items()
    }
    weights = {"title": 10, "labels": 5, "body": 1}
    score = sum(weights[name] * min(sum(count.values()), 20) for name, count in found.items())
    return Hit(
        page=page,
        title=highlight(page.title, pattern),
        snippet=snippet(page.body, pattern),
        matched_in=[name for name, count in found.items() if count],
        score=score,
        pattern=pattern,
    )


def highlight(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: f"{MARK[0]}{m.group(0)}{MARK[1]}", text)


def snippet(body: str, pattern: re.Pattern[str]) -> str:
    """The body on one line around its first match (its start when none), matches marked."""
    flat = " ".join(body.split())
    first = pattern.search(flat)
    start = 0 if first is None else max(0, first.start() - _BEFORE)
    if start > 0:
        space = flat.find(" ", start)
        start = space + 1 if 0 <= space < (first.start() if first else start) else start
    end = min(len(flat), start + _BEFORE + _AFTER)
    if end < len(flat):
        space = flat.rfind(" ", start, end)
        end = space if space > start else end
    cut = flat[start:end]
    return ("…" if start > 0 else "") + highlight(cut, pattern) + ("…" if end < len(flat) else "")


def labels(ctx: Ctx, query: LabelQuery) -> list[tuple[str, int]]:
    """The labels on the published pages the caller may read, by name, with their counts."""
    stmt = select(Page.labels).where(visible_pages(ctx), Page.status == "published")
    if query.space is not None:
        stmt = stmt.where(Page.space_id == space_by_key(ctx, query.space, "space").id)
    counts = Counter(label for row in ctx.session.scalars(stmt) for label in row)
    return sorted(counts.items())
