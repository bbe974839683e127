"""The Helpdesk web UI: ticket lists with views and filters, a ticket's page (edit, reply or
note, solve, macro, merge, rating), a new-ticket form, requesters, macros and the team. Every
form validates through the API's own model and calls the same area functions."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, flash, redirect, url_for
from markupsafe import Markup, escape

from mock_services.core.base.current import current_request
from mock_services.core.base.errors import NotFound, invalid_field
from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import Page
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import form_value, read_form
from mock_services.core.web.ui import listed, page, render, status_words
from mock_services.helpdesk import comments, macros, merging, people, tickets, views
from mock_services.helpdesk.models import Macro, Ticket
from mock_services.helpdesk.schemas import (
    CommentCreate,
    MacroApply,
    MergeRequest,
    RatingRequest,
    RequesterCreate,
    RequesterQuery,
    SolveRequest,
    TicketCreate,
    TicketQuery,
    TicketUpdate,
)
from mock_services.helpdesk.sla import targets
from mock_services.helpdesk.ticket_view import (
    macros_out,
    requester_out,
    requesters_out,
    ticket_detail,
    tickets_out,
)
from mock_services.helpdesk.workflow import NEXT

ui = Blueprint("helpdesk_ui", __name__, template_folder="templates")
CHOICES = {
    "statuses": list(NEXT),
    "priorities": ["low", "normal", "high", "urgent"],
    "types": ["question", "incident", "problem", "task"],
}


@ui.app_template_global()
def status_badge(status: str, words: bool | None = True) -> Markup:
    """Zendesk's status badge: the status's letter on its colour, with the status in words
    beside it (``words``), for screen readers only (False), or not at all (None: where the
    row says the status in its own words, so no reader hears it twice). A function, not a
    macro, as every ticket row draws one."""
    letter = "H" if status == "on-hold" else status[:1].upper()
    said = escape(status_words(status))
    text = (
        f'<span class="zd-status-text">{said}</span>'
        if words
        else ""
        if words is None
        else f'<span class="visually-hidden">{said}</span>'
    )
    return Markup(
        f'<span class="zd-status"><span class="zd-letter s-{escape(status)}" '
        f'data-letter="{escape(letter)}" aria-hidden="true"></span>{text}</span>'
    )


@ui.app_template_global()
def priority_text(priority: str) -> Markup:
    """A ticket's priority in words, coloured by its level (as every ticket row shows it)."""
    return Markup(
        f'<span class="zd-priority p-{escape(priority)}">{escape(status_words(priority))}</span>'
    )


def _to_ticket(ticket: Ticket) -> Any:
    return redirect(url_for("helpdesk_ui.ticket_page", code=ticket.code), 303)


def views_bar(ctx: Ctx) -> dict[str, Any]:
    """What the views bar beside every ticket page shows (``helpdesk/_views_nav.html``, as
    Zendesk keeps it on a ticket too): each view with its count, and the unsolved tickets'."""
    return {
        "views": views.view_counts(ctx),
        "unsolved": tickets.find_tickets(ctx, TicketQuery(status="unsolved", per_page=1)).total,
    }


def _list(ctx: Ctx, found: Page[int], paging: PageQuery, view: str | None, **values: Any) -> str:
    return render(
        "helpdesk/tickets.html",
        ctx,
        found=Page(tickets_out(ctx, found.items), found.total),
        paging=paging,
        view_title=views.VIEWS[view][0] if view in views.VIEWS else None,
        **views_bar(ctx),
        groups=people.groups(ctx.session),
        agent_name=people.agent_names(ctx.session),
        **CHOICES,
        view=view,
        **values,
    )


@page(ui, "/", shows=("list_tickets", "list_views"))
def tickets_page(ctx: Ctx) -> Any:
    query = parse_query(TicketQuery)
    return _list(ctx, tickets.find_tickets(ctx, query), query, query=query, view=None)


@page(ui, "/views/<name>", shows=("view_tickets", "list_views"))
def view_page(ctx: Ctx, name: str) -> Any:
    paging = parse_query(PageQuery)
    query = views.view_query(name, paging)
    return _list(ctx, tickets.find_tickets(ctx, query), paging, query=query, view=name)


@page(ui, "/tickets/new")
def new_ticket_page(ctx: Ctx) -> Any:
    listed = people.find_requesters(ctx, RequesterQuery(per_page=100))
    return render(
        "helpdesk/new_ticket.html",
        ctx,
        requesters=requesters_out(ctx, listed.items),
        groups=people.groups(ctx.session),
        agent_name=people.agent_names(ctx.session),
        **CHOICES,
    )


@page(ui, "/tickets", methods=("POST",), operation="create_ticket")
def ticket_create(ctx: Ctx) -> Any:
    body = read_form(TicketCreate, verbatim=("description",))
    ticket = tickets.create_ticket(ctx, body)
    flash(f"Created {ticket.code}.", "ok")
    return _to_ticket(ticket)


OTHER_TICKETS = 10
"""The requester's other tickets a ticket's page lists beside it (the first, oldest first)."""


@page(
    ui,
    "/tickets/<code>",
    shows=(
        "get_ticket",
        listed("list_requester_tickets", per_page=str(OTHER_TICKETS)),
        "list_views",
    ),
)
def ticket_page(ctx: Ctx, code: str) -> Any:
    """Zendesk's three panels: the ticket's properties, the conversation with the composer,
    and the requester with their other tickets. An unknown code is told in the page's words
    (the API's 404 names its routes)."""
    try:
        ticket = ticket_detail(ctx, code)
    except NotFound:
        raise NotFound(_no_ticket(code)) from None
    row, requester, theirs = tickets.requester_tickets(ctx, code, PageQuery(per_page=OTHER_TICKETS))
    return render(
        "helpdesk/ticket.html",
        ctx,
        ticket=ticket,
        others=tickets_out(ctx, theirs.items),
        requester=requester_out(ctx, requester),
        next_statuses=NEXT[ticket.status],
        stamp=tickets.ticket_stamp(ctx, row),
        groups=people.groups(ctx.session),
        agent_name=people.agent_names(ctx.session),
        macros=macros.macros(ctx.session),
        **CHOICES,
        **views_bar(ctx),
        view=None,
    )


def _no_ticket(code: str) -> str:
    """A missing ticket as Zendesk's pages say it, by what was asked for."""
    if re.fullmatch(r"TK-\d{1,9}", code.strip(), re.IGNORECASE):
        return f"There is no ticket {code.strip().upper()}. The Tickets page lists every ticket."
    return (
        f"There is no ticket “{code}”. Tickets are numbered like TK-1001; "
        "the Tickets page lists every ticket."
    )


@page(
    ui, "/tickets/<code>/edit", methods=("POST",), operation="update_ticket", also=("add_comment",)
)
def ticket_edit(ctx: Ctx, code: str) -> Any:
    """Zendesk's one submit: the properties saved, and a comment typed in the composer (which
    posts with them) sent too, so "Save ticket" never drops what was written."""
    changes = read_form(TicketUpdate, cleared=("assignee", "group"), keep_blank=("category",))
    comment = _typed_comment() if form_value("body", str, blank="") else None
    if seen := form_value("seen", str, blank=""):  # the ticket as the page showed it
        tickets.check_unchanged(ctx, code, seen)
    current = tickets.ticket_by_code(ctx, code)
    panel_status = changes.status if changes.status != current.status else None
    if comment is not None and comment.status not in (None, panel_status) and panel_status:
        raise invalid_field(
            "submit_as", "Choose the new status once: here or in the panel's Status"
        )
    was = current.priority
    ticket = tickets.update_ticket(ctx, code, changes)
    said = [_saved(ticket, was)]
    if comment is not None:
        with ctx.also_performing("add_comment"):
            comments.add_comment(ctx, code, comment)
        said.append(f"{'Reply sent' if comment.public else 'Note added'}.")
    flash(" ".join(said), "ok")
    return _to_ticket(ticket)


@page(
    ui,
    "/tickets/<code>/comments",
    methods=("POST",),
    operation="add_comment",
    also=("update_ticket",),
)
def ticket_comment(ctx: Ctx, code: str) -> Any:
    """A reply or a note, with the properties changed in the panel beside it saved first (one
    submit, as in Zendesk: a changed assignee is never dropped)."""
    body = _typed_comment()
    current = tickets.ticket_by_code(ctx, code)
    before, was = current.status, current.priority
    changes = _changed_properties(ctx, code)
    if changes is not None:
        if changes.status not in (None, body.status) and body.status is not None:
            raise invalid_field(
                "submit_as", "Choose the new status once: here or in the panel's Status"
            )
        if seen := form_value("seen", str, blank=""):
            tickets.check_unchanged(ctx, code, seen)
        with ctx.also_performing("update_ticket"):
            tickets.update_ticket(ctx, code, changes)
    ticket = comments.add_comment(ctx, code, body)
    # the composer's "Submit as" may set a status too: the notice says what it is now
    now = status_words(ticket.status)
    state = (
        f"{ticket.code} is now {now}" if ticket.status != before else f"{ticket.code} stays {now}"
    )
    saved = f"{_saved(ticket, was)} " if changes is not None else ""
    flash(f"{saved}{'Reply sent' if body.public else 'Note added'}. {state}.", "ok")
    return _to_ticket(ticket)


def _typed_comment() -> CommentCreate:
    """The composer's comment. Its "Public reply | Internal note" switch sends public=on or
    public=off; its "Submit as" is ``submit_as`` where the panel is sent with it (whose own
    Status is ``status``), else ``status``, as the composer alone posted it before the two were
    one form (a client posting that form is read as before, never its status dropped)."""
    with_panel = _PANEL_FIELD in current_request().form
    return read_form(
        CommentCreate,
        verbatim=("body",),
        checkboxes=("public",),
        names={"status": "submit_as"} if with_panel else {},
    )


_PANEL_FIELD = "subject"
"""A field only the properties panel sends: a form without it is the composer's alone."""


def _changed_properties(ctx: Ctx, code: str) -> TicketUpdate | None:
    """The properties panel's fields sent with a comment that differ from the ticket (None when
    none does, or the form has no panel)."""
    if _PANEL_FIELD not in current_request().form:
        return None
    sent = read_form(TicketUpdate, cleared=("assignee", "group"), keep_blank=("category",))
    shown = ticket_detail(ctx, code)
    changed = {
        name: value
        for name, value in sent.model_dump(exclude_unset=True).items()
        if (value or None) != (getattr(shown, name) or None)
    }
    return TicketUpdate.model_validate(changed) if changed else None


def _saved(ticket: Ticket, was_priority: str) -> str:
    """The notice of saved properties; a new priority recomputes the SLA targets (Zendesk's
    SLA policy follows the priority)."""
    if ticket.priority != was_priority:
        return (
            f"Saved {ticket.code}. Its priority is now {ticket.priority}, so its SLA targets "
            f"were recomputed for {ticket.priority} priority."
        )
    return f"Saved {ticket.code}."


@page(ui, "/tickets/<code>/solve", methods=("POST",), operation="solve_ticket")
def ticket_solve(ctx: Ctx, code: str) -> Any:
    ticket = comments.solve_ticket(ctx, code, read_form(SolveRequest, verbatim=("resolution",)))
    flash(f"Solved {ticket.code}.", "ok")
    return _to_ticket(ticket)


@page(ui, "/tickets/<code>/macro", methods=("POST",), operation="apply_macro")
def ticket_macro(ctx: Ctx, code: str) -> Any:
    chosen = read_form(MacroApply)
    ticket = macros.apply_macro(ctx, code, chosen)
    macro = ctx.session.get(Macro, chosen.macro_id)
    flash(
        f"Applied macro '{macro.name if macro else chosen.macro_id}' to ticket {ticket.code}.", "ok"
    )
    return _to_ticket(ticket)


@page(ui, "/tickets/<code>/merge", methods=("POST",), operation="merge_ticket")
def ticket_merge(ctx: Ctx, code: str) -> Any:
    kept = merging.merge_ticket(ctx, code, read_form(MergeRequest))
    flash(f"Merged {code} into {kept.code}.", "ok")
    return _to_ticket(kept)


@page(ui, "/tickets/<code>/satisfaction", methods=("POST",), operation="rate_ticket")
def ticket_rate(ctx: Ctx, code: str) -> Any:
    ticket = tickets.rate_ticket(ctx, code, read_form(RatingRequest, verbatim=("comment",)))
    flash(f"Saved your rating of ticket {ticket.code}.", "ok")
    return _to_ticket(ticket)


@page(ui, "/requesters", shows=("list_requesters",))
def requesters_page(ctx: Ctx) -> Any:
    query = parse_query(RequesterQuery)
    found = people.find_requesters(ctx, query)
    return render(
        "helpdesk/requesters.html",
        ctx,
        found=Page(requesters_out(ctx, found.items), found.total),
        query=query,
        organizations=people.organizations(ctx.session),
    )


@page(ui, "/requesters", methods=("POST",), operation="create_requester")
def requester_create(ctx: Ctx) -> Any:
    added = people.create_requester(ctx, read_form(RequesterCreate, keep_blank=("department",)))
    flash(f"Added {added.name}.", "ok")
    return redirect(url_for("helpdesk_ui.requester_page", requester_id=added.id), 303)


@page(ui, "/requesters/<int:requester_id>", shows=("get_requester",))
def requester_page(ctx: Ctx, requester_id: int) -> Any:
    found = people.requester(ctx, requester_id)
    theirs = tickets.find_tickets(ctx, TicketQuery(requester=found.email, per_page=100))
    return render(
        "helpdesk/requester.html",
        ctx,
        requester=requester_out(ctx, found),
        tickets=tickets_out(ctx, theirs.items),
        agent_name=people.agent_names(ctx.session),
    )


@page(ui, "/macros", shows=("list_macros",))
def macros_page(ctx: Ctx) -> Any:
    found = macros_out(ctx, macros.macros(ctx.session))
    return render("helpdesk/macros.html", ctx, macros=found)


@page(ui, "/team", shows=("list_groups", "list_sla_targets", "list_organizations"))
def team_page(ctx: Ctx) -> Any:
    return render(
        "helpdesk/team.html",
        ctx,
        groups=people.groups(ctx.session),
        organizations=people.organizations(ctx.session),
        sla=list(targets(ctx.session).values()),
    )
