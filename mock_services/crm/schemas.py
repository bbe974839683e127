"""What the CRM API takes and answers (the UI's forms validate through the same models)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from pydantic import Field, field_validator

from mock_services.core.base.schemas import ApiModel, EmailAddress, OutModel, PageQuery
from mock_services.crm.models import (
    AccountStatus,
    AccountType,
    ActivityKind,
    LeadSource,
    LeadStatus,
    Priority,
    Size,
    Stage,
    TaskStatus,
    Tier,
)

NAME = Field(min_length=1, max_length=200)
USERNAME = Field(None, min_length=1, max_length=64, description="an owner's username")
CURRENCY = Field(pattern=r"^[A-Z]{3}$", description="ISO 4217 code, e.g. USD")
CODE = Field(None, min_length=1, max_length=20, description="an account's code, e.g. CUS-001")
TEXT = Field("", max_length=10_000)


class FilterQuery(PageQuery):
    """A listing's filters; an empty one (``?status=``, a filter form's "any") filters nothing."""

    @field_validator("*", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return None if value == "" else value


# --- Owners and territories ---------------------------------------------------------------------


class OwnerOut(OutModel):
    id: int
    username: str
    display_name: str
    email: str
    role: str
    job_title: str
    territory: str | None


class OwnerList(OutModel):
    items: list[OwnerOut]


class TerritoryOut(OutModel):
    id: int
    name: str
    region: str
    owners: list[str] = Field(description="usernames of the owners working it")
    accounts: int = Field(description="how many accounts are in it")


class TerritoryList(OutModel):
    items: list[TerritoryOut]


# --- Accounts -----------------------------------------------------------------------------------


class AccountQuery(FilterQuery):
    q: str | None = Field(None, max_length=200, description="part of the name or domain")
    status: AccountStatus | None = None
    tier: Tier | None = None
    industry: str | None = Field(None, max_length=100, description="exact industry, any case")
    account_type: AccountType | None = None
    owner: str | None = USERNAME
    territory: str | None = Field(None, max_length=100, description="a territory's name")


class AccountFields(ApiModel):
    domain: str | None = Field(None, max_length=200, description="web domain, e.g. acme.com")
    industry: str | None = Field(None, max_length=100)
    size: Size | None = Field(None, description="employees")
    tier: Tier | None = None
    status: AccountStatus | None = None
    account_type: AccountType | None = None
    owner: str | None = USERNAME
    territory: str | None = Field(None, max_length=100, description="a territory's name")
    annual_revenue: int | None = Field(None, ge=0)
    location: str | None = Field(None, max_length=200)
    sla: str | None = Field(None, max_length=200, description="the service level agreed")
    contract_end: date | None = None
    churn_date: date | None = None
    churn_reason: str | None = Field(None, max_length=500)
    satisfaction: float | None = Field(None, ge=0, le=5, description="0 to 5")
    notes: str | None = Field(None, max_length=10_000)


class AccountCreate(AccountFields):
    name: str = NAME
    code: str | None = Field(
        None, pattern=r"^[A-Z][A-Z0-9]{1,5}-[0-9]{1,8}$", description="default: CUS-<id>"
    )


class AccountUpdate(AccountFields):
    name: str | None = Field(None, min_length=1, max_length=200)


class AccountOut(OutModel):
    id: int
    code: str
    name: str
    domain: str | None
    industry: str
    size: str | None
    tier: str
    status: str
    account_type: str
    owner: str
    territory: str | None
    annual_revenue: int
    location: str
    sla: str
    contract_end: date | None
    churn_date: date | None
    churn_reason: str
    satisfaction: float | None
    last_contact: date | None = Field(description="day of the latest call, meeting or mail")
    notes: str
    contact_person: str | None = Field(description="the primary contact's name")
    email: str | None = Field(description="the primary contact's e-mail")
    phone: str | None = Field(description="the primary contact's phone")
    created_at: str


class AccountPage(OutModel):
    items: list[AccountOut]
    total: int
    page: int
    per_page: int


class MergeAccounts(ApiModel):
    duplicate: str = Field(min_length=1, max_length=20, description="code of the account merged in")


# --- Contacts -----------------------------------------------------------------------------------


class ContactQuery(FilterQuery):
    q: str | None = Field(None, max_length=200, description="part of the name or e-mail")
    account: str | None = CODE
    owner: str | None = USERNAME


class ContactCreate(ApiModel):
    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = Field("", max_length=100)
    email: EmailAddress | None = None
    phone: str = Field("", max_length=50)
    job_title: str = Field("", max_length=100)
    account: str | None = CODE
    primary: bool = Field(False, description="the account's main contact")
    owner: str | None = Field(None, min_length=1, max_length=64, description="default: you")
    notes: str = TEXT


class ContactUpdate(ApiModel):
    first_name: str | None = Field(None, min_length=1, max_length=100)
    last_name: str | None = Field(None, max_length=100)
    email: EmailAddress | None = None
    phone: str | None = Field(None, max_length=50)
    job_title: str | None = Field(None, max_length=100)
    account: str | None = CODE
    primary: bool | None = None
    owner: str | None = USERNAME
    notes: str | None = Field(None, max_length=10_000)


class ContactOut(OutModel):
    id: int
    first_name: str
    last_name: str
    name: str
    email: str | None
    phone: str
    job_title: str
    account: str | None = Field(description="the account's code")
    account_name: str | None
    primary: bool
    owner: str
    notes: str
    created_at: str


class ContactPage(OutModel):
    items: list[ContactOut]
    total: int
    page: int
    per_page: int


class MergeContacts(ApiModel):
    duplicate_id: int = Field(ge=1, description="the contact merged in and deleted")


class MergeLeads(ApiModel):
    duplicate_id: int = Field(ge=1, description="the lead merged in and deleted")


# --- Leads --------------------------------------------------------------------------------------


class LeadQuery(FilterQuery):
    q: str | None = Field(None, max_length=200, description="part of the name, e-mail or company")
    status: LeadStatus | None = None
    source: LeadSource | None = None
    owner: str | None = USERNAME


class LeadCreate(ApiModel):
    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = Field("", max_length=100)
    email: EmailAddress | None = None
    phone: str = Field("", max_length=50)
    company: str = Field("", max_length=200)
    job_title: str = Field("", max_length=100)
    source: LeadSource = "web"
    owner: str | None = Field(None, min_length=1, max_length=64, description="default: you")
    notes: str = TEXT


class LeadUpdate(ApiModel):
    first_name: str | None = Field(None, min_length=1, max_length=100)
    last_name: str | None = Field(None, max_length=100)
    email: EmailAddress | None = None
    phone: str | None = Field(None, max_length=50)
    company: str | None = Field(None, max_length=200)
    job_title: str | None = Field(None, max_length=100)
    source: LeadSource | None = None
    status: Literal["new", "working", "qualified", "unqualified"] | None = Field(
        None, description="'converted' is reached by POST /api/leads/<id>/convert only"
    )
    owner: str | None = USERNAME
    notes: str | None = Field(None, max_length=10_000)


class LeadConvert(ApiModel):
    account: str | None = Field(
        None,
        min_length=1,
        max_length=20,
        description="an existing account's code; default: "
        "a new account named after the lead's company",
    )
    create_deal: bool = Field(False, description="also open a deal on the account")
    deal_name: str | None = Field(None, min_length=1, max_length=200)
    amount: float | None = Field(None, ge=0)
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    close_date: date | None = Field(None, description="default: 30 days from today")


class LeadOut(OutModel):
    id: int
    first_name: str
    last_name: str
    name: str
    email: str | None
    phone: str
    company: str
    job_title: str
    source: str
    status: str
    owner: str
    notes: str
    created_at: str
    converted_at: str | None
    contact_id: int | None
    account: str | None = Field(description="the account's code once converted")
    deal_id: int | None


class LeadPage(OutModel):
    items: list[LeadOut]
    total: int
    page: int
    per_page: int


# --- Deals --------------------------------------------------------------------------------------


class DealQuery(FilterQuery):
    q: str | None = Field(None, max_length=200, description="part of the deal's name")
    stage: Stage | None = None
    open: bool | None = Field(None, description="true: not closed; false: closed won or lost")
    owner: str | None = USERNAME
    account: str | None = CODE
    closing_before: date | None = Field(None, description="close date on or before")


class DealCreate(ApiModel):
    name: str = NAME
    account: str = Field(min_length=1, max_length=20, description="the account's code")
    contact_id: int | None = Field(None, ge=1)
    stage: Stage = "prospecting"
    amount: float = Field(0, ge=0, le=1e12)
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$", description="ISO 4217 code")
    close_date: date
    owner: str | None = Field(None, min_length=1, max_length=64, description="default: you")
    lost_reason: str = Field("", max_length=500)
    notes: str = TEXT


class DealUpdate(ApiModel):
    name: str | None = Field(None, min_length=1, max_length=200)
    contact_id: int | None = Field(None, ge=1)
    stage: Stage | None = None
    amount: float | None = Field(None, ge=0, le=1e12)
    currency: str | None = Field(None, pattern=r"^[A-Z]{3}$")
    close_date: date | None = None
    owner: str | None = USERNAME
    lost_reason: str | None = Field(None, max_length=500)
    notes: str | None = Field(None, max_length=10_000)


class DealOut(OutModel):
    id: int
    name: str
    account: str
    account_name: str
    contact_id: int | None
    owner: str
    stage: str
    probability: int = Field(description="percent, by stage")
    amount: float
    currency: str
    close_date: date
    closed_at: str | None
    lost_reason: str
    notes: str
    created_at: str


class DealPage(OutModel):
    items: list[DealOut]
    total: int
    page: int
    per_page: int


# --- Activities ---------------------------------------------------------------------------------


class ActivityQuery(FilterQuery):
    kind: ActivityKind | None = None
    contact_id: int | None = Field(None, ge=1)
    account: str | None = CODE
    deal_id: int | None = Field(None, ge=1)
    owner: str | None = USERNAME


class ActivityCreate(ApiModel):
    kind: ActivityKind
    subject: str = NAME
    body: str = TEXT
    contact_id: int | None = Field(None, ge=1)
    account: str | None = CODE
    deal_id: int | None = Field(None, ge=1)
    occurred_at: datetime | None = Field(
        None, description="ISO 8601 (a meeting's start); default: now"
    )
    duration_minutes: int | None = Field(None, ge=1, le=1440)
    send: bool = Field(False, description="an email: also send it to the contact")


class ActivityOut(OutModel):
    id: int
    kind: str
    subject: str
    body: str
    owner: str
    contact_id: int | None
    account: str | None
    deal_id: int | None
    occurred_at: str
    duration_minutes: int | None
    mailed: bool
    created_at: str


class ActivityPage(OutModel):
    items: list[ActivityOut]
    total: int
    page: int
    per_page: int


# --- Tasks --------------------------------------------------------------------------------------


class TaskQuery(FilterQuery):
    status: TaskStatus | None = None
    owner: str | None = USERNAME
    due_before: date | None = Field(None, description="due on or before")
    account: str | None = CODE


class TaskCreate(ApiModel):
    subject: str = NAME
    notes: str = TEXT
    due_date: date | None = None
    priority: Priority = "normal"
    owner: str | None = Field(None, min_length=1, max_length=64, description="default: you")
    contact_id: int | None = Field(None, ge=1)
    account: str | None = CODE
    deal_id: int | None = Field(None, ge=1)


class TaskUpdate(ApiModel):
    subject: str | None = Field(None, min_length=1, max_length=200)
    notes: str | None = Field(None, max_length=10_000)
    due_date: date | None = None
    priority: Priority | None = None
    owner: str | None = USERNAME


class TaskOut(OutModel):
    id: int
    subject: str
    notes: str
    owner: str
    due_date: date | None
    overdue: bool
    priority: str
    status: str
    contact_id: int | None
    account: str | None
    deal_id: int | None
    completed_at: str | None
    created_at: str


class TaskPage(OutModel):
    items: list[TaskOut]
    total: int
    page: int
    per_page: int


# --- Duplicates, search and reports -------------------------------------------------------------


class DuplicateQuery(ApiModel):
    kind: Literal["contacts", "accounts", "leads"] = "contacts"


class DuplicateGroup(OutModel):
    reason: str = Field(
        description="what they share: 'email x@y.com', 'name acme', 'domain acme.com'"
    )
    ids: list[int]
    names: list[str]
    keys: list[str] = Field(description="how each is addressed: an account's code, else its id")


class DuplicateList(OutModel):
    kind: str
    groups: list[DuplicateGroup]


class SearchQuery(ApiModel):
    q: str = Field(min_length=2, max_length=200, description="part of a name, e-mail or company")


class SearchHit(OutModel):
    kind: Literal["account", "contact", "lead", "deal"]
    id: int
    key: str = Field(description="how its routes address it: an account's code, else its id")
    title: str
    detail: str


class SearchResult(OutModel):
    q: str
    hits: list[SearchHit]


class PipelineQuery(ApiModel):
    group_by: Literal["stage", "owner"] = "stage"
    include_closed: bool = Field(False, description="count closed deals too")


class PipelineRow(OutModel):
    key: str = Field(description="the stage or the owner's username")
    currency: str
    count: int
    amount: float
    weighted_amount: float = Field(description="amounts times their stage's probability")


class PipelineReport(OutModel):
    group_by: str
    rows: list[PipelineRow]


class WonLostQuery(ApiModel):
    start: date = Field(description="first day of the period")
    end: date = Field(description="last day of the period")
    owner: str | None = USERNAME


class OutcomeRow(OutModel):
    outcome: Literal["won", "lost"]
    currency: str
    count: int
    amount: float


class WonLostReport(OutModel):
    start: date
    end: date
    rows: list[OutcomeRow]
    win_rate: float | None = Field(description="won / (won + lost), by count")
    deals: list[DealOut]


class ExportCreate(ApiModel):
    title: str = NAME
    account_codes: list[str] = Field(min_length=1, max_length=500, description="accounts' codes")
    summary: str = TEXT


class ExportOut(OutModel):
    id: int
    title: str
    summary: str
    account_codes: list[str]
    created_by: str
    created_at: str


class ExportList(OutModel):
    items: list[ExportOut]
