"""Links between pages, written in a body as ``[[Page title]]``, ``[[KEY:Page title]]`` (a page
of another space) or ``[[12]]`` (a page by id), each optionally ``[[...|shown text]]``; a
page's backlinks are the links that lead to it. Links are kept in ``page_links``, read again
from the body at every save."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from mock_services.core.spec.api import Ctx
from mock_services.kb.models import Page, PageLink, Space

LINK = re.compile(r"\[\[([^\[\]|\n]{1,200})(?:\|[^\[\]\n]{0,200})?\]\]")


def targets_in(body: str) -> list[str]:
    """The links of ``body`` as written (trimmed), each once, in the order they first appear."""
    return list(
        dict.fromkeys(m.group(1).strip() for m in LINK.finditer(body) if m.group(1).strip())
    )


@dataclass(frozen=True)
class PageKey:
    """What a link is resolved against: a page's id, space and title."""

    id: int
    space_id: int
    title: str


class Resolver:
    """Resolves links against a set of pages: an id; ``KEY:Title`` in that space; a title in
    the linking page's own space, else the first page (by id) of that title elsewhere."""

    def __init__(self, pages: Iterable[PageKey], space_keys: dict[int, str]) -> None:
        pages = list(pages)
        self.ids = {p.id for p in pages}
        self.by_title: dict[str, list[PageKey]] = {}
        for p in sorted(pages, key=lambda p: p.id):
            self.by_title.setdefault(p.title.casefold(), []).append(p)
        self.space_ids = {key.upper(): space_id for space_id, key in space_keys.items()}

    def resolve(self, target: str, space_id: int) -> int | None:
        if target.isdigit():
            return int(target) if int(target) in self.ids else None
        key, colon, title = target.partition(":")
        if colon and key.strip().upper() in self.space_ids:
            wanted = self.space_ids[key.strip().upper()]
            return self._titled(title.strip(), lambda p: p.space_id == wanted)
        here = self._titled(target, lambda p: p.space_id == space_id)
        return here if here is not None else self._titled(target, lambda p: True)

    def _titled(self, title: str, where: Callable[[PageKey], bool]) -> int | None:
        return next((p.id for p in self.by_title.get(title.casefold(), []) if where(p)), None)


def link_rows(page_id: int, space_id: int, body: str, resolver: Resolver) -> list[dict[str, Any]]:
    """The ``page_links`` rows (without ids) of a page's body."""
    return [
        {"page_id": page_id, "target": t[:220], "target_id": resolver.resolve(t, space_id)}
        for t in targets_in(body)
    ]


def resolver(ctx: Ctx) -> Resolver:
    """A resolver over every page of the DB."""
    pages = [
        PageKey(*row) for row in ctx.session.execute(select(Page.id, Page.space_id, Page.title))
    ]
    keys = dict(ctx.session.execute(select(Space.id, Space.key)).all())
    return Resolver(pages, keys)


def relink(ctx: Ctx, page: Page) -> None:
    """Read ``page``'s links again from its body, and resolve any link that led nowhere (a
    page of that title may just have been made or renamed)."""
    ctx.session.flush()
    found = resolver(ctx)
    old = ctx.session.scalars(select(PageLink).where(PageLink.page_id == page.id)).all()
    wanted = link_rows(page.id, page.space_id, page.body, found)
    _replace(ctx, old, wanted)
    dangling = ctx.session.scalars(
        select(PageLink).where(PageLink.target_id.is_(None), PageLink.page_id != page.id)
    ).all()
    spaces = dict(ctx.session.execute(select(Page.id, Page.space_id)).all())
    for link in dangling:
        target = found.resolve(link.target, spaces[link.page_id])
        if target is not None:
            link.target_id = target


def _replace(ctx: Ctx, old: Sequence[PageLink], wanted: list[dict[str, Any]]) -> None:
    """Keep the links that stay as they are, drop the others and add the new ones."""
    same = {(w["target"], w["target_id"]) for w in wanted}
    kept: set[str] = set()
    for link in old:
        if (link.target, link.target_id) in same and link.target not in kept:
            kept.add(link.target)
        else:
            ctx.session.delete(link)
    for row in wanted:
        if row["target"] not in kept:
            ctx.session.add(PageLink(**row))
