"""The Helpdesk REST API, under ``/api`` (every route is an MCP tool too): tickets with their
comments, macros, merges and ratings; views; requesters, organisations, groups and SLA targets."""

from __future__ import annotations

from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import page_answer
from mock_services.core.spec.api import Api, Ctx
from mock_services.helpdesk import comments, macros, merging, people, tickets, views
from mock_services.helpdesk.schemas import (
    AgentOut,
    CommentCreate,
    GroupList,
    GroupOut,
    MacroApply,
    MacroList,
    MergeRequest,
    OrganizationList,
    OrganizationOut,
    RatingRequest,
    RequesterComment,
    RequesterCreate,
    RequesterDetail,
    RequesterOut,
    RequesterPage,
    RequesterQuery,
    RequesterTickets,
    SlaTargetList,
    SlaTargetOut,
    SolveRequest,
    TicketCreate,
    TicketDetail,
    TicketPage,
    TicketQuery,
    TicketUpdate,
    ViewList,
    ViewOut,
)
from mock_services.helpdesk.sla import targets
from mock_services.helpdesk.ticket_view import (
    macros_out,
    requester_out,
    requesters_out,
    ticket_detail,
    tickets_out,
)

api = Api("helpdesk", url_prefix="/api")
_WRITE = (403, 404, 409, 422)


# --- tickets ---------------------------------------------------------------------------------


@api.get("/tickets", response=TicketPage, errors=(422,))
def list_tickets(ctx: Ctx, query: TicketQuery) -> TicketPage:
    """Tickets, oldest first, filtered by status, priority, assignee, group, requester, tag,
    SLA breach, or words (``q``) in the subject, description or comments or a ticket's code."""
    found = tickets.find_tickets(ctx, query)
    return page_answer(TicketPage, tickets_out(ctx, found.items), found.total, query)


@api.get("/tickets/<code>", response=TicketDetail, errors=(404,))
def get_ticket(ctx: Ctx, code: str) -> TicketDetail:
    """One ticket by code ('TK-1001'), with its comments and SLA state."""
    return ticket_detail(ctx, code)


@api.get("/tickets/<code>/requester-tickets", response=RequesterTickets, errors=(404,))
def list_requester_tickets(ctx: Ctx, code: str, query: PageQuery) -> RequesterTickets:
    """The requester of a ticket ('TK-1001') and their other tickets, oldest first (the
    ticket itself left out), as the ticket's page shows them beside it."""
    ticket, requester, found = tickets.requester_tickets(ctx, code, query)
    return page_answer(
        RequesterTickets,
        tickets_out(ctx, found.items),
        found.total,
        query,
        ticket=ticket.code,
        requester=requester_out(ctx, requester),
    )


@api.post("/tickets", response=TicketDetail, status=201, errors=(403, 422))
def create_ticket(ctx: Ctx, body: TicketCreate) -> TicketDetail:
    """Open a ticket for a requester (new, or open when assigned at once)."""
    return ticket_detail(ctx, tickets.create_ticket(ctx, body).code)


@api.patch("/tickets/<code>", response=TicketDetail, errors=_WRITE)
def update_ticket(ctx: Ctx, code: str, body: TicketUpdate) -> TicketDetail:
    """Change a ticket's subject, status, priority, type, assignee, group, category or tags;
    the status only as the workflow allows (a closed ticket is final)."""
    return ticket_detail(ctx, tickets.update_ticket(ctx, code, body).code)


@api.post(
    "/tickets/<code>/comments", response=TicketDetail, status=201, errors=_WRITE, destructive=True
)
def add_comment(ctx: Ctx, code: str, body: CommentCreate) -> TicketDetail:
    """Add a public reply (mailed to the requester) or an internal note (``public: false``),
    optionally setting the status with it."""
    return ticket_detail(ctx, comments.add_comment(ctx, code, body).code)


@api.post("/tickets/<code>/solve", response=TicketDetail, errors=_WRITE, destructive=True)
def solve_ticket(ctx: Ctx, code: str, body: SolveRequest) -> TicketDetail:
    """Solve a ticket with a public reply giving its resolution (mailed to the requester)."""
    return ticket_detail(ctx, comments.solve_ticket(ctx, code, body).code)


@api.post("/tickets/<code>/macro", response=TicketDetail, errors=_WRITE, destructive=True)
def apply_macro(ctx: Ctx, code: str, body: MacroApply) -> TicketDetail:
    """Apply a macro to a ticket: its field changes and its reply, in one step."""
    return ticket_detail(ctx, macros.apply_macro(ctx, code, body).code)


@api.post("/tickets/<code>/merge", response=TicketDetail, errors=_WRITE, destructive=True)
def merge_ticket(ctx: Ctx, code: str, body: MergeRequest) -> TicketDetail:
    """Merge a duplicate ticket into another: its comments are carried over and it is closed
    with a link. Answers the ticket kept."""
    return ticket_detail(ctx, merging.merge_ticket(ctx, code, body).code)


@api.post("/tickets/<code>/satisfaction", response=TicketDetail, errors=_WRITE)
def rate_ticket(ctx: Ctx, code: str, body: RatingRequest) -> TicketDetail:
    """Record the requester's satisfaction rating (good or bad) of a solved or closed ticket."""
    return ticket_detail(ctx, tickets.rate_ticket(ctx, code, body).code)


# --- views -----------------------------------------------------------------------------------


@api.get("/views", response=ViewList)
def list_views(ctx: Ctx) -> ViewList:
    """The views agents work from (yours, unassigned, breaching SLA, by status) and their counts."""
    return ViewList(items=[ViewOut(name=n, title=t, count=c) for n, t, c in views.view_counts(ctx)])


@api.get("/views/<name>", response=TicketPage, errors=(404,))
def view_tickets(ctx: Ctx, name: str, query: PageQuery) -> TicketPage:
    """The tickets of one view ('my-open', 'unassigned', 'breaching', or a status), oldest first."""
    found = views.view_tickets(ctx, name, query)
    return page_answer(TicketPage, tickets_out(ctx, found.items), found.total, query)


# --- macros ----------------------------------------------------------------------------------


@api.get("/macros", response=MacroList)
def list_macros(ctx: Ctx) -> MacroList:
    """The macros, by name: what each changes and the reply it adds."""
    return MacroList(items=macros_out(ctx, macros.macros(ctx.session)))


# --- requesters, organisations, groups, SLA --------------------------------------------------


@api.get("/requesters", response=RequesterPage, errors=(422,))
def list_requesters(ctx: Ctx, query: RequesterQuery) -> RequesterPage:
    """Requesters (end users) by name, optionally matching ``q`` or in one organisation."""
    found = people.find_requesters(ctx, query)
    items = requesters_out(ctx, found.items)
    return page_answer(RequesterPage, items, found.total, query)


@api.get("/requesters/<int:requester_id>", response=RequesterDetail, errors=(404,))
def get_requester(ctx: Ctx, requester_id: int) -> RequesterDetail:
    """One requester with their tickets, oldest first."""
    found = people.requester(ctx, requester_id)
    theirs = tickets.find_tickets(ctx, TicketQuery(requester=found.email, per_page=100))
    return RequesterDetail(
        **requester_out(ctx, found).model_dump(), tickets=tickets_out(ctx, theirs.items)
    )


@api.post("/requesters", response=RequesterOut, status=201, errors=(403, 409, 422))
def create_requester(ctx: Ctx, body: RequesterCreate) -> RequesterOut:
    """Add a requester (an end user), optionally in an organisation."""
    return requester_out(ctx, people.create_requester(ctx, body))


@api.get("/organizations", response=OrganizationList)
def list_organizations(ctx: Ctx) -> OrganizationList:
    """The requesters' organisations, by name, with how many requesters each has."""
    return OrganizationList(
        items=[
            OrganizationOut(
                id=o.id, name=o.name, domain=o.domain, external_id=o.external_id, requesters=n
            )
            for o, n in people.organizations(ctx.session)
        ]
    )


@api.get("/groups", response=GroupList)
def list_groups(ctx: Ctx) -> GroupList:
    """The agent groups, by name, with their agents."""
    return GroupList(
        items=[
            GroupOut(
                id=g.id,
                name=g.name,
                agents=[AgentOut.model_validate(a, from_attributes=True) for a in agents],
            )
            for g, agents in people.groups(ctx.session)
        ]
    )


@api.get("/sla", response=SlaTargetList)
def list_sla_targets(ctx: Ctx) -> SlaTargetList:
    """The SLA targets per priority: minutes to the first public reply and to the solve."""
    return SlaTargetList(
        items=[SlaTargetOut.model_validate(t) for t in targets(ctx.session).values()]
    )


# --- operations ------------------------------------------------------------------------------


@api.post(
    "/admin/tickets/<code>/requester-comments",
    response=TicketDetail,
    status=201,
    auth="admin",
    errors=(404, 409),
)
def add_requester_comment(ctx: Ctx, code: str, body: RequesterComment) -> TicketDetail:
    """Operations (admin token): the requester's answer on a ticket, as a public comment with no
    agent author (no mail: it comes from them). A pending or solved ticket opens again; a
    closed one is a 409. A task's world events use it (a customer writing while the agent works).
    """
    return ticket_detail(ctx, comments.add_requester_comment(ctx, code, body).code)
