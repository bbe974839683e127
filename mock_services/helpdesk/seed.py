"""The Helpdesk seed document: organisations, agent groups, agents (users), requesters, SLA
targets, macros and tickets with their comments, referenced by natural keys (names, usernames,
emails). Load and export both come from the one mapping below
(``mock_services.core.seeding.seed_map``)."""

from __future__ import annotations

from pydantic import Field

from mock_services.core.seeding.seed import SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Entity,
    Entry,
    Hook,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
from mock_services.helpdesk.models import (
    Comment,
    Group,
    Macro,
    Organization,
    Priority,
    Requester,
    Role,
    Score,
    SlaTarget,
    Status,
    Ticket,
    TicketType,
    User,
)
from mock_services.helpdesk.tags import TagNames
from mock_services.helpdesk.workflow import code_of


class AgentSeed(UserSeed):
    role: Role = "agent"
    group: str | None = Field(None, description="the agent's group, by name")


class OrganizationSeed(SeedModel):
    name: str = Field(min_length=1, max_length=200)
    domain: str = ""
    external_id: str | None = Field(None, description="the customer's id elsewhere ('CUS-1401')")


class GroupSeed(SeedModel):
    name: str = Field(min_length=1, max_length=100)


class RequesterSeed(SeedModel):
    name: str = Field(min_length=1, max_length=200)
    email: str = Field(min_length=3, max_length=200)
    organization: str | None = Field(None, description="organisation name")
    department: str = ""


class SlaTargetSeed(SeedModel):
    priority: Priority
    first_reply_minutes: int = Field(ge=1)
    resolution_minutes: int = Field(ge=1)


class MacroSeed(SeedModel):
    name: str = Field(min_length=1, max_length=200)
    description: str = ""
    set_status: Status | None = None
    set_priority: Priority | None = None
    set_type: TicketType | None = None
    set_group: str | None = Field(None, description="group name")
    assign_to_caller: bool = False
    add_tags: TagNames = []
    reply: str = ""
    reply_public: bool = True


class CommentSeed(SeedModel):
    author: str | None = Field(None, description="an agent's username; none: the requester")
    public: bool = True
    body: str = Field(min_length=1)
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")


class TicketSeed(SeedModel):
    id: int | None = Field(None, ge=1, description="the number in its code: 1001 is TK-1001")
    subject: str = Field(min_length=1, max_length=300)
    description: str = ""
    requester: str = Field(description="the requester's email")
    assignee: str | None = Field(None, description="an agent's username")
    group: str | None = None
    status: Status = "new"
    priority: Priority = "normal"
    type: TicketType = "question"
    category: str = ""
    tags: TagNames = []
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    updated_at: SeedDateTime | None = Field(None, description="default: created_at")
    first_reply_at: SeedDateTime | None = None
    solved_at: SeedDateTime | None = None
    resolution: str = ""
    merged_into: int | None = Field(None, description="the id of the ticket it was merged into")
    satisfaction: Score | None = None
    satisfaction_comment: str = ""
    comments: list[CommentSeed] = []


class HelpdeskSeed(ServiceSeed):
    organizations: list[OrganizationSeed] = []
    groups: list[GroupSeed] = []
    users: list[AgentSeed] = []
    requesters: list[RequesterSeed] = []
    sla_targets: list[SlaTargetSeed] = []
    macros: list[MacroSeed] = []
    tickets: list[TicketSeed] = []


def _created(entry: Entry) -> object:
    return entry.row["created_at"]


ORGANIZATION = Entity(
    "organization", OrganizationSeed, Organization, ("name", "domain", "external_id"), key="name"
)
GROUP = Entity("group", GroupSeed, Group, ("name",), key="name")
USER = Entity(
    "user",
    AgentSeed,
    User,
    (*USER_FIELDS, "role", Ref("group", "group_id", "group")),
    key="username",
)
REQUESTER = Entity(
    "requester",
    RequesterSeed,
    Requester,
    ("name", "email", Ref("organization", "organization_id", "organization"), "department"),
    key="email",
)
SLA_TARGET = Entity(
    "sla_target",
    SlaTargetSeed,
    SlaTarget,
    ("priority", "first_reply_minutes", "resolution_minutes"),
    ids_if_needed=True,
)
MACRO = Entity(
    "macro",
    MacroSeed,
    Macro,
    (
        "name",
        "description",
        "set_status",
        "set_priority",
        "set_type",
        Ref("set_group", "set_group_id", "group"),
        "assign_to_caller",
        "add_tags",
        "reply",
        "reply_public",
    ),
    ids_if_needed=True,
)
COMMENT = Entity(
    "comment",
    CommentSeed,
    Comment,
    (
        Ref("author", "author_id", "user"),
        "public",
        "body",
        moment("created_at", default=now_naive),
    ),
    ids_if_needed=True,
)
TICKET = Entity(
    "ticket",
    TicketSeed,
    Ticket,
    (
        Hook(column="code", load_with=lambda entry: code_of(entry.row["id"])),
        "subject",
        "description",
        Ref("requester", "requester_id", "requester"),
        Ref("assignee", "assignee_id", "user"),
        Ref("group", "group_id", "group"),
        "status",
        "priority",
        "type",
        "category",
        "tags",
        moment("created_at", default=now_naive),
        moment("updated_at", default=_created),
        moment("first_reply_at"),
        moment("solved_at"),
        "resolution",
        ColumnField("merged_into", "merged_into_id"),
        "satisfaction",
        "satisfaction_comment",
    ),
    children=(Children("comments", COMMENT, "ticket_id"),),
)
SEED_MAP = SeedMap(
    HelpdeskSeed,
    (
        Section("organizations", ORGANIZATION),
        Section("groups", GROUP),
        Section("users", USER),
        Section("requesters", REQUESTER),
        Section("sla_targets", SLA_TARGET),
        Section("macros", MACRO),
        Section("tickets", TICKET),
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
