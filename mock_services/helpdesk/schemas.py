"""What the Helpdesk API takes and answers (the UI's forms validate through the same models)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from mock_services.core.base.schemas import ApiModel, EmailAddress, OutModel, PageQuery
from mock_services.helpdesk.models import Priority, Role, Score, Status, TicketType
from mock_services.helpdesk.tags import TagNames

_TEXT = Field(min_length=1, max_length=20_000)
StatusFilter = Status | Literal["unsolved"]


class TicketQuery(PageQuery):
    status: StatusFilter | None = Field(
        None, description="one status, or 'unsolved' (new, open, pending or on-hold)"
    )
    priority: Priority | None = None
    assignee: str | None = Field(
        None, max_length=64, description="an agent's username, 'me', or 'none' (unassigned)"
    )
    group: str | None = Field(None, max_length=100, description="a group's name")
    requester: str | None = Field(None, max_length=200, description="the requester's email")
    tag: str | None = Field(None, max_length=50)
    breaching: bool | None = Field(None, description="true: only tickets past an SLA target")
    q: str | None = Field(
        None,
        min_length=1,
        max_length=200,
        description="words in the subject, description or a comment, or a ticket's code",
    )


class TicketCreate(ApiModel):
    subject: str = Field(min_length=1, max_length=300)
    description: str = Field("", max_length=20_000)
    requester_id: int = Field(ge=1, description="the requester's id (GET /api/requesters)")
    priority: Priority = "normal"
    type: TicketType = "question"
    assignee: str | None = Field(None, max_length=64, description="an agent's username")
    group: str | None = Field(None, max_length=100, description="a group's name")
    category: str = Field("", max_length=100)
    tags: TagNames = []


class TicketUpdate(ApiModel):
    """Fields left out stay as they are; ``assignee`` or ``group`` null unassigns."""

    subject: str | None = Field(None, min_length=1, max_length=300)
    status: Status | None = None
    priority: Priority | None = None
    type: TicketType | None = None
    assignee: str | None = Field(None, max_length=64, description="an agent's username; null: none")
    group: str | None = Field(None, max_length=100, description="a group's name; null: none")
    category: str | None = Field(None, max_length=100)
    tags: TagNames | None = Field(None, description="the ticket's tags, replacing the old ones")


class CommentCreate(ApiModel):
    body: str = _TEXT
    public: bool = Field(True, description="true: a reply mailed to the requester; false: a note")
    status: Status | None = Field(None, description="submit as: the status to set with it")


class RequesterComment(ApiModel):
    body: str = _TEXT


class MacroApply(ApiModel):
    macro_id: int = Field(ge=1, description="a macro's id (GET /api/macros)")


class MergeRequest(ApiModel):
    merged_into: str = Field(
        min_length=1, max_length=20, description="the code of the ticket to keep ('TK-1001')"
    )


class SolveRequest(ApiModel):
    resolution: str = Field(min_length=1, max_length=20_000, description="the reply that solves it")


class RatingRequest(ApiModel):
    score: Score
    comment: str = Field("", max_length=2000)


class RequesterQuery(PageQuery):
    q: str | None = Field(None, min_length=1, max_length=200, description="in the name or email")
    organization: str | None = Field(None, max_length=200, description="an organisation's name")


class RequesterCreate(ApiModel):
    name: str = Field(min_length=1, max_length=200)
    email: EmailAddress
    organization: str | None = Field(None, max_length=200, description="an organisation's name")
    department: str = Field("", max_length=100)


class SlaOut(OutModel):
    first_reply_due: str | None
    first_reply_breached: bool
    resolution_due: str | None
    resolution_breached: bool


class CommentOut(OutModel):
    id: int
    author: str | None = Field(description="the agent's username; null: the requester wrote it")
    author_name: str
    public: bool
    body: str
    created_at: str


class TicketOut(OutModel):
    id: int
    code: str
    subject: str
    description: str
    status: str
    priority: str
    type: str
    category: str
    tags: list[str]
    requester: str
    requester_name: str
    organization: str | None
    assignee: str | None
    group: str | None
    created_at: str
    updated_at: str
    first_reply_at: str | None
    solved_at: str | None
    resolution: str
    merged_into: str | None
    satisfaction: str | None
    satisfaction_comment: str
    sla: SlaOut


class TicketDetail(TicketOut):
    comments: list[CommentOut]


class TicketPage(OutModel):
    items: list[TicketOut]
    total: int
    page: int
    per_page: int


class ViewOut(OutModel):
    name: str
    title: str
    count: int


class ViewList(OutModel):
    items: list[ViewOut]


class MacroOut(OutModel):
    id: int
    name: str
    description: str
    set_status: str | None
    set_priority: str | None
    set_type: str | None
    set_group: str | None
    assign_to_caller: bool
    add_tags: list[str]
    reply: str
    reply_public: bool


class MacroList(OutModel):
    items: list[MacroOut]


class RequesterOut(OutModel):
    id: int
    name: str
    email: str
    organization: str | None
    department: str


class RequesterDetail(RequesterOut):
    tickets: list[TicketOut]


class RequesterTickets(OutModel):
    """A ticket's requester and one page of their other tickets, oldest first."""

    ticket: str = Field(description="the ticket asked about ('TK-1001'), not among the items")
    requester: RequesterOut
    items: list[TicketOut]
    total: int
    page: int
    per_page: int


class RequesterPage(OutModel):
    items: list[RequesterOut]
    total: int
    page: int
    per_page: int


class OrganizationOut(OutModel):
    id: int
    name: str
    domain: str
    external_id: str | None
    requesters: int


class OrganizationList(OutModel):
    items: list[OrganizationOut]


class AgentOut(OutModel):
    username: str
    display_name: str
    role: Role


class GroupOut(OutModel):
    id: int
    name: str
    agents: list[AgentOut]


class GroupList(OutModel):
    items: list[GroupOut]


class SlaTargetOut(OutModel):
    priority: str
    first_reply_minutes: int
    resolution_minutes: int


class SlaTargetList(OutModel):
    items: list[SlaTargetOut]
