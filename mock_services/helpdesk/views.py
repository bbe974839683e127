"""Views (``/api/views``): the ticket lists agents work from, each a saved ticket query."""

from __future__ import annotations

from typing import Any

from mock_services.core.base.errors import NotFound
from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import Page
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.schemas import TicketQuery
from mock_services.helpdesk.tickets import find_tickets

VIEWS: dict[str, tuple[str, dict[str, Any]]] = {
    "my-open": ("Your unsolved tickets", {"status": "unsolved", "assignee": "me"}),
    "unassigned": ("Unassigned tickets", {"status": "unsolved", "assignee": "none"}),
    "breaching": ("Unsolved tickets past an SLA target", {"status": "unsolved", "breaching": True}),
    **{
        status: (f"{status.capitalize()} tickets", {"status": status})
        for status in ("new", "open", "pending", "on-hold", "solved", "closed")
    },
}


def view_query(name: str, paging: PageQuery) -> TicketQuery:
    """The ticket query view ``name`` stands for, on the page asked for."""
    if name not in VIEWS:
        raise NotFound(f"no view {name!r}; the views are {', '.join(VIEWS)}")
    return TicketQuery(page=paging.page, per_page=paging.per_page, **VIEWS[name][1])


def view_tickets(ctx: Ctx, name: str, paging: PageQuery) -> Page[int]:
    """The ids of the tickets on one page of view ``name``."""
    return find_tickets(ctx, view_query(name, paging))


def view_counts(ctx: Ctx) -> list[tuple[str, str, int]]:
    """Every view: its name, title and how many tickets it holds for the caller."""
    one = PageQuery(per_page=1)
    return [(name, title, view_tickets(ctx, name, one).total) for name, (title, _) in VIEWS.items()]
