"""The CRM seed document: territories, users (the owners), accounts by code, contacts,
deals, leads, activities, tasks and exported reports. Owners are named by username,
territories by name, accounts by code, contacts and deals by id. Load and export both come
from the one mapping below (``mock_services.core.seeding.seed_map``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, Field, ValidationInfo

from mock_services.core.base.clock import iso
from mock_services.core.seeding.seed import SeedDate, SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Entity,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
from mock_services.crm.models import (
    Account,
    AccountStatus,
    AccountType,
    Activity,
    ActivityKind,
    Contact,
    Deal,
    Lead,
    LeadSource,
    LeadStatus,
    Priority,
    ReportExport,
    Role,
    Size,
    Stage,
    Task,
    TaskStatus,
    Territory,
    Tier,
    User,
)

_ID = Field(None, ge=1)
_OWNER = Field(description="the owner's username")


def _not_after_now(value: datetime | None, info: ValidationInfo) -> datetime | None:
    """A record exists from its creation on: one created after the world's ``now`` would show
    in lists and reports as if it had been made in the future."""
    now = info.context.get("now") if isinstance(info.context, dict) else None
    if value is not None and now is not None and value > now:
        raise ValueError(
            f"created at {iso(value)}, after the seed's now ({iso(now)}); a record cannot be "
            "created in the future: give a moment before now, such as '-2h' or '-1d 09:00'"
        )
    return value


Created = Annotated[
    SeedDateTime | None,
    AfterValidator(_not_after_now),
    Field(description="default: the seed's now; never after it"),
]


class TerritorySeed(SeedModel):
    id: int | None = _ID
    name: str = Field(min_length=1, max_length=100)
    region: str = ""


class CrmUserSeed(UserSeed):
    role: Role = "rep"
    job_title: str = ""
    territory: str | None = Field(None, description="a territory's name")


class AccountSeed(SeedModel):
    id: int | None = _ID
    code: str = Field(pattern=r"^[A-Z][A-Z0-9]{1,5}-[0-9]{1,8}$", description="e.g. CUS-001")
    name: str = Field(min_length=1, max_length=200)
    domain: str | None = None
    industry: str = ""
    size: Size | None = None
    tier: Tier = "standard"
    status: AccountStatus = "active"
    account_type: AccountType = "customer"
    owner: str = _OWNER
    territory: str | None = None
    annual_revenue: int = Field(0, ge=0)
    location: str = ""
    sla: str = ""
    contract_end: SeedDate | None = None
    churn_date: SeedDate | None = None
    churn_reason: str = ""
    satisfaction: float | None = Field(None, ge=0, le=5)
    last_contact: SeedDate | None = None
    notes: str = ""
    created_at: Created = None


class ContactSeed(SeedModel):
    id: int | None = _ID
    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = ""
    email: str | None = None
    phone: str = ""
    job_title: str = ""
    account: str | None = Field(None, description="the account's code")
    primary: bool = False
    owner: str = _OWNER
    notes: str = ""
    created_at: Created = None


class DealSeed(SeedModel):
    id: int | None = _ID
    name: str = Field(min_length=1, max_length=200)
    account: str = Field(description="the account's code")
    contact_id: int | None = None
    owner: str = _OWNER
    stage: Stage = "prospecting"
    amount: float = Field(0, ge=0)
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    close_date: SeedDate
    closed_at: SeedDateTime | None = None
    lost_reason: str = ""
    notes: str = ""
    created_at: Created = None


class LeadSeed(SeedModel):
    id: int | None = _ID
    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = ""
    email: str | None = None
    phone: str = ""
    company: str = ""
    job_title: str = ""
    source: LeadSource = "web"
    status: LeadStatus = "new"
    owner: str = _OWNER
    notes: str = ""
    created_at: Created = None
    converted_at: SeedDateTime | None = None
    contact_id: int | None = None
    account: str | None = Field(None, description="the account it was converted into")
    deal_id: int | None = None


class ActivitySeed(SeedModel):
    id: int | None = _ID
    kind: ActivityKind
    subject: str = Field(min_length=1, max_length=200)
    body: str = ""
    owner: str = _OWNER
    contact_id: int | None = None
    account: str | None = None
    deal_id: int | None = None
    occurred_at: SeedDateTime
    duration_minutes: int | None = Field(None, ge=1, le=1440)
    mailed: bool = False
    created_at: Created = None


class TaskSeed(SeedModel):
    id: int | None = _ID
    subject: str = Field(min_length=1, max_length=200)
    notes: str = ""
    owner: str = _OWNER
    due_date: SeedDate | None = None
    priority: Priority = "normal"
    status: TaskStatus = "open"
    contact_id: int | None = None
    account: str | None = None
    deal_id: int | None = None
    completed_at: SeedDateTime | None = None
    created_at: Created = None


class ExportSeed(SeedModel):
    id: int | None = _ID
    title: str = Field(min_length=1, max_length=200)
    summary: str = ""
    account_codes: list[str] = []
    created_by: str = Field(description="a username")
    created_at: Created = None


class CrmSeed(ServiceSeed):
    territories: list[TerritorySeed] = []
    users: list[CrmUserSeed] = []
    accounts: list[AccountSeed] = []
    contacts: list[ContactSeed] = []
    deals: list[DealSeed] = []
    leads: list[LeadSeed] = []
    activities: list[ActivitySeed] = []
    tasks: list[TaskSeed] = []
    exports: list[ExportSeed] = []


_CREATED = moment("created_at", default=now_naive)
_OWNER_REF = Ref("owner", "owner_id", "user")
_ACCOUNT_REF = Ref("account", "account_id", "account")

TERRITORY = Entity(
    "territory", TerritorySeed, Territory, ("name", "region"), key="name", ids_if_needed=True
)
USER = Entity(
    "user",
    CrmUserSeed,
    User,
    (*USER_FIELDS, "role", "job_title", Ref("territory", "territory_id", "territory")),
    key="username",
)
ACCOUNT = Entity(
    "account",
    AccountSeed,
    Account,
    (
        "code",
        "name",
        "domain",
        "industry",
        "size",
        "tier",
        "status",
        "account_type",
        _OWNER_REF,
        Ref("territory", "territory_id", "territory"),
        "annual_revenue",
        "location",
        "sla",
        "contract_end",
        "churn_date",
        "churn_reason",
        "satisfaction",
        "last_contact",
        "notes",
        _CREATED,
    ),
    key="code",
    ids_if_needed=True,
)
CONTACT = Entity(
    "contact",
    ContactSeed,
    Contact,
    (
        "first_name",
        "last_name",
        "email",
        "phone",
        "job_title",
        _ACCOUNT_REF,
        "primary",
        _OWNER_REF,
        "notes",
        _CREATED,
    ),
    ids_if_needed=True,
)
DEAL = Entity(
    "deal",
    DealSeed,
    Deal,
    (
        "name",
        _ACCOUNT_REF,
        "contact_id",
        _OWNER_REF,
        "stage",
        "amount",
        "currency",
        "close_date",
        moment("closed_at"),
        "lost_reason",
        "notes",
        _CREATED,
    ),
    ids_if_needed=True,
)
LEAD = Entity(
    "lead",
    LeadSeed,
    Lead,
    (
        "first_name",
        "last_name",
        "email",
        "phone",
        "company",
        "job_title",
        "source",
        "status",
        _OWNER_REF,
        "notes",
        _CREATED,
        moment("converted_at"),
        "contact_id",
        _ACCOUNT_REF,
        "deal_id",
    ),
    ids_if_needed=True,
)
ACTIVITY = Entity(
    "activity",
    ActivitySeed,
    Activity,
    (
        "kind",
        "subject",
        "body",
        _OWNER_REF,
        "contact_id",
        _ACCOUNT_REF,
        "deal_id",
        moment("occurred_at"),
        "duration_minutes",
        "mailed",
        _CREATED,
    ),
    ids_if_needed=True,
)
TASK = Entity(
    "task",
    TaskSeed,
    Task,
    (
        "subject",
        "notes",
        _OWNER_REF,
        "due_date",
        "priority",
        "status",
        "contact_id",
        _ACCOUNT_REF,
        "deal_id",
        moment("completed_at"),
        _CREATED,
    ),
    ids_if_needed=True,
)
EXPORT = Entity(
    "export",
    ExportSeed,
    ReportExport,
    ("title", "summary", "account_codes", Ref("created_by", "created_by", "user"), _CREATED),
    ids_if_needed=True,
)
SEED_MAP = SeedMap(
    CrmSeed,
    (
        Section("territories", TERRITORY),
        Section("users", USER),
        Section("accounts", ACCOUNT),
        Section("contacts", CONTACT),
        Section("deals", DEAL),
        Section("leads", LEAD),
        Section("activities", ACTIVITY),
        Section("tasks", TASK),
        Section("exports", EXPORT),
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
