"""The CRM REST API, under ``/api``: owners and territories, accounts, contacts, leads, deals,
activities, tasks, duplicates, reports and search (every route is an MCP tool too)."""

from __future__ import annotations

from mock_services.core.data.paging import page_answer
from mock_services.core.spec.api import Api, Ctx
from mock_services.crm import (
    accounts,
    activities,
    contacts,
    deals,
    duplicates,
    leads,
    people,
    reports,
    tasks,
)
from mock_services.crm import (
    search as searching,
)
from mock_services.crm.present import (
    account_out,
    accounts_out,
    activities_out,
    activity_out,
    contact_out,
    contacts_out,
    deal_out,
    deals_out,
    export_out,
    exports_out,
    lead_out,
    leads_out,
    owners_out,
    task_out,
    tasks_out,
)
from mock_services.crm.schemas import (
    AccountCreate,
    AccountOut,
    AccountPage,
    AccountQuery,
    AccountUpdate,
    ActivityCreate,
    ActivityOut,
    ActivityPage,
    ActivityQuery,
    ContactCreate,
    ContactOut,
    ContactPage,
    ContactQuery,
    ContactUpdate,
    DealCreate,
    DealOut,
    DealPage,
    DealQuery,
    DealUpdate,
    DuplicateGroup,
    DuplicateList,
    DuplicateQuery,
    ExportCreate,
    ExportList,
    ExportOut,
    LeadConvert,
    LeadCreate,
    LeadOut,
    LeadPage,
    LeadQuery,
    LeadUpdate,
    MergeAccounts,
    MergeContacts,
    MergeLeads,
    OwnerList,
    PipelineQuery,
    PipelineReport,
    SearchQuery,
    SearchResult,
    TaskCreate,
    TaskOut,
    TaskPage,
    TaskQuery,
    TaskUpdate,
    TerritoryList,
    TerritoryOut,
    WonLostQuery,
    WonLostReport,
)

api = Api("crm", url_prefix="/api")


# --- Owners and territories ---------------------------------------------------------------------


@api.get("/owners", response=OwnerList)
def list_owners(ctx: Ctx) -> OwnerList:
    """The owners records can be assigned to (the sales team), with role and territory."""
    return OwnerList(items=owners_out(ctx.session, people.owners(ctx.session)))


@api.get("/territories", response=TerritoryList)
def list_territories(ctx: Ctx) -> TerritoryList:
    """The sales territories, each with its owners and how many accounts it holds."""
    return TerritoryList(
        items=[
            TerritoryOut(id=t.id, name=t.name, region=t.region, owners=names, accounts=count)
            for t, names, count in people.territories(ctx.session)
        ]
    )


# --- Accounts -----------------------------------------------------------------------------------


@api.get("/accounts", response=AccountPage)
def list_accounts(ctx: Ctx, query: AccountQuery) -> AccountPage:
    """Accounts (companies) by name; filter by status, tier, industry, type, owner, territory
    or part of the name or domain (``q``)."""
    found = accounts.find_accounts(ctx, query)
    items = accounts_out(ctx.session, found.items)
    return page_answer(AccountPage, items, found.total, query)


@api.get("/accounts/<code>", response=AccountOut, errors=(404,))
def get_account(ctx: Ctx, code: str) -> AccountOut:
    """One account by code (``CUS-001``), with its primary contact's name, e-mail and phone."""
    return account_out(ctx.session, accounts.account(ctx, code))


@api.post("/accounts", response=AccountOut, status=201, errors=(409,))
def create_account(ctx: Ctx, body: AccountCreate) -> AccountOut:
    """Create an account; you own it unless ``owner`` names another owner."""
    return account_out(ctx.session, accounts.create_account(ctx, body))


@api.patch("/accounts/<code>", response=AccountOut, errors=(403, 404))
def update_account(ctx: Ctx, code: str, body: AccountUpdate) -> AccountOut:
    """Change an account (its owner or a manager); fields left out stay, null clears an
    optional one."""
    return account_out(ctx.session, accounts.update_account(ctx, code, body))


@api.delete("/accounts/<code>", status=204, errors=(403, 404, 409))
def delete_account(ctx: Ctx, code: str) -> None:
    """Delete an account that has no contacts, deals, activities or tasks left."""
    accounts.delete_account(ctx, code)


@api.post("/accounts/<code>/merge", response=AccountOut, errors=(403, 404), destructive=True)
def merge_accounts(ctx: Ctx, code: str, body: MergeAccounts) -> AccountOut:
    """Merge account ``duplicate`` into this one: its records move here, it is deleted."""
    return account_out(ctx.session, duplicates.merge_accounts(ctx, code, body.duplicate))


# --- Contacts -----------------------------------------------------------------------------------


@api.get("/contacts", response=ContactPage)
def list_contacts(ctx: Ctx, query: ContactQuery) -> ContactPage:
    """Contacts by name; filter by account, owner or part of the name or e-mail (``q``)."""
    found = contacts.find_contacts(ctx, query)
    items = contacts_out(ctx.session, found.items)
    return page_answer(ContactPage, items, found.total, query)


@api.get("/contacts/<int:contact_id>", response=ContactOut, errors=(404,))
def get_contact(ctx: Ctx, contact_id: int) -> ContactOut:
    """One contact."""
    return contact_out(ctx.session, contacts.contact(ctx, contact_id))


@api.post("/contacts", response=ContactOut, status=201, errors=(403,))
def create_contact(ctx: Ctx, body: ContactCreate) -> ContactOut:
    """Create a contact, at an account or none; ``primary`` makes it the account's main one
    (its owner or a manager only)."""
    return contact_out(ctx.session, contacts.create_contact(ctx, body))


@api.patch("/contacts/<int:contact_id>", response=ContactOut, errors=(403, 404))
def update_contact(ctx: Ctx, contact_id: int, body: ContactUpdate) -> ContactOut:
    """Change a contact (its owner or a manager); null clears the e-mail or the account."""
    return contact_out(ctx.session, contacts.update_contact(ctx, contact_id, body))


@api.delete("/contacts/<int:contact_id>", status=204, errors=(403, 404))
def delete_contact(ctx: Ctx, contact_id: int) -> None:
    """Delete a contact; its deals, activities and tasks stay, without it."""
    contacts.delete_contact(ctx, contact_id)


@api.post(
    "/contacts/<int:contact_id>/merge", response=ContactOut, errors=(403, 404), destructive=True
)
def merge_contacts(ctx: Ctx, contact_id: int, body: MergeContacts) -> ContactOut:
    """Merge contact ``duplicate_id`` into this one: its records move here, it is deleted."""
    return contact_out(ctx.session, duplicates.merge_contacts(ctx, contact_id, body.duplicate_id))


# --- Leads --------------------------------------------------------------------------------------


@api.get("/leads", response=LeadPage)
def list_leads(ctx: Ctx, query: LeadQuery) -> LeadPage:
    """Leads, newest first; filter by status, source, owner or name, e-mail, company (``q``)."""
    found = leads.find_leads(ctx, query)
    return page_answer(LeadPage, leads_out(ctx.session, found.items), found.total, query)


@api.get("/leads/<int:lead_id>", response=LeadOut, errors=(404,))
def get_lead(ctx: Ctx, lead_id: int) -> LeadOut:
    """One lead, with what it was converted into."""
    return lead_out(ctx.session, leads.lead(ctx, lead_id))


@api.post("/leads", response=LeadOut, status=201)
def create_lead(ctx: Ctx, body: LeadCreate) -> LeadOut:
    """Create a lead (status new)."""
    return lead_out(ctx.session, leads.create_lead(ctx, body))


@api.patch("/leads/<int:lead_id>", response=LeadOut, errors=(403, 404, 409))
def update_lead(ctx: Ctx, lead_id: int, body: LeadUpdate) -> LeadOut:
    """Change a lead that is not converted (its owner or a manager)."""
    return lead_out(ctx.session, leads.update_lead(ctx, lead_id, body))


@api.post(
    "/leads/<int:lead_id>/convert", response=LeadOut, errors=(403, 404, 409), destructive=True
)
def convert_lead(ctx: Ctx, lead_id: int, body: LeadConvert) -> LeadOut:
    """Convert a lead into a contact at an account (a new one named after its company unless
    ``account`` names one) and, with ``create_deal``, a deal; a lead converts once."""
    return lead_out(ctx.session, leads.convert_lead(ctx, lead_id, body))


@api.post("/leads/<int:lead_id>/merge", response=LeadOut, errors=(403, 404, 409), destructive=True)
def merge_leads(ctx: Ctx, lead_id: int, body: MergeLeads) -> LeadOut:
    """Merge open lead ``duplicate_id`` into this open one: its empty fields are filled from
    it, and it is deleted."""
    return lead_out(ctx.session, duplicates.merge_leads(ctx, lead_id, body.duplicate_id))


# --- Deals --------------------------------------------------------------------------------------


@api.get("/deals", response=DealPage)
def list_deals(ctx: Ctx, query: DealQuery) -> DealPage:
    """Deals by close date; filter by stage, open or closed, owner, account, close date, name."""
    found = deals.find_deal_ids(ctx, query)
    return page_answer(DealPage, deals_out(ctx.db, found.items), found.total, query)


@api.get("/deals/<int:deal_id>", response=DealOut, errors=(404,))
def get_deal(ctx: Ctx, deal_id: int) -> DealOut:
    """One deal, with its stage's probability."""
    return deal_out(ctx.db, deal_id)


@api.post("/deals", response=DealOut, status=201)
def create_deal(ctx: Ctx, body: DealCreate) -> DealOut:
    """Open a deal on an account."""
    return deal_out(ctx.db, deals.create_deal(ctx, body).id)


@api.patch("/deals/<int:deal_id>", response=DealOut, errors=(403, 404))
def update_deal(ctx: Ctx, deal_id: int, body: DealUpdate) -> DealOut:
    """Change a deal or move it to another stage (its owner or a manager); closing it (won or
    lost) stamps ``closed_at``."""
    return deal_out(ctx.db, deals.update_deal(ctx, deal_id, body).id)


@api.delete("/deals/<int:deal_id>", status=204, errors=(403, 404))
def delete_deal(ctx: Ctx, deal_id: int) -> None:
    """Delete a deal."""
    deals.delete_deal(ctx, deal_id)


# --- Activities ---------------------------------------------------------------------------------


@api.get("/activities", response=ActivityPage)
def list_activities(ctx: Ctx, query: ActivityQuery) -> ActivityPage:
    """Calls, meetings, mails and notes, latest first; filter by kind, contact, account, deal
    or owner."""
    found = activities.find_activities(ctx, query)
    items = activities_out(ctx.session, found.items)
    return page_answer(ActivityPage, items, found.total, query)


@api.get("/activities/<int:activity_id>", response=ActivityOut, errors=(404,))
def get_activity(ctx: Ctx, activity_id: int) -> ActivityOut:
    """One activity."""
    return activity_out(ctx.session, activities.activity(ctx, activity_id))


@api.post("/activities", response=ActivityOut, status=201)
def log_activity(ctx: Ctx, body: ActivityCreate) -> ActivityOut:
    """Log a call, meeting, mail or note about a contact, an account or a deal. A meeting is
    put on your calendar; an email with ``send: true`` is sent to the contact."""
    return activity_out(ctx.session, activities.log_activity(ctx, body))


@api.delete("/activities/<int:activity_id>", status=204, errors=(403, 404))
def delete_activity(ctx: Ctx, activity_id: int) -> None:
    """Delete an activity; a meeting is taken off the calendar."""
    activities.delete_activity(ctx, activity_id)


# --- Tasks --------------------------------------------------------------------------------------


@api.get("/tasks", response=TaskPage)
def list_tasks(ctx: Ctx, query: TaskQuery) -> TaskPage:
    """Tasks by due date; filter by status, owner, account or due date."""
    found = tasks.find_tasks(ctx, query)
    today = ctx.now.date()
    items = tasks_out(ctx.session, found.items, today)
    return page_answer(TaskPage, items, found.total, query)


@api.get("/tasks/<int:task_id>", response=TaskOut, errors=(404,))
def get_task(ctx: Ctx, task_id: int) -> TaskOut:
    """One task."""
    return task_out(ctx.session, tasks.task(ctx, task_id), ctx.now.date())


@api.post("/tasks", response=TaskOut, status=201)
def create_task(ctx: Ctx, body: TaskCreate) -> TaskOut:
    """Create a task, yours unless ``owner`` names another owner."""
    return task_out(ctx.session, tasks.create_task(ctx, body), ctx.now.date())


@api.patch("/tasks/<int:task_id>", response=TaskOut, errors=(403, 404))
def update_task(ctx: Ctx, task_id: int, body: TaskUpdate) -> TaskOut:
    """Change a task (its owner or a manager); null clears the due date."""
    return task_out(ctx.session, tasks.update_task(ctx, task_id, body), ctx.now.date())


@api.post("/tasks/<int:task_id>/complete", response=TaskOut, errors=(403, 404, 409))
def complete_task(ctx: Ctx, task_id: int) -> TaskOut:
    """Mark a task done."""
    return task_out(ctx.session, tasks.complete_task(ctx, task_id), ctx.now.date())


@api.delete("/tasks/<int:task_id>", status=204, errors=(403, 404))
def delete_task(ctx: Ctx, task_id: int) -> None:
    """Delete a task."""
    tasks.delete_task(ctx, task_id)


# --- Duplicates, search and reports -------------------------------------------------------------


@api.get("/duplicates", response=DuplicateList)
def find_duplicates(ctx: Ctx, query: DuplicateQuery) -> DuplicateList:
    """Groups of likely duplicates: contacts or leads with the same e-mail, accounts with the
    same company name (case, punctuation and 'Inc.' ignored) or domain."""
    finder = {
        "contacts": duplicates.duplicate_contacts,
        "accounts": duplicates.duplicate_accounts,
        "leads": duplicates.duplicate_leads,
    }[query.kind]
    found = []
    for group in finder(ctx):
        names, keys = duplicates.group_names(ctx, query.kind, group)
        found.append(DuplicateGroup(reason=group.reason, ids=group.ids, names=names, keys=keys))
    return DuplicateList(kind=query.kind, groups=found)


@api.get("/search", response=SearchResult)
def search(ctx: Ctx, query: SearchQuery) -> SearchResult:
    """Find accounts, contacts, leads and deals by part of a name, e-mail, domain or company."""
    return SearchResult(q=query.q, hits=searching.search(ctx, query.q))


@api.get("/reports/pipeline", response=PipelineReport)
def pipeline_report(ctx: Ctx, query: PipelineQuery) -> PipelineReport:
    """Open deals by stage or by owner: count, amount and probability-weighted amount, per
    currency."""
    return PipelineReport(group_by=query.group_by, rows=reports.pipeline(ctx, query))


@api.get("/reports/won-lost", response=WonLostReport)
def won_lost_report(ctx: Ctx, query: WonLostQuery) -> WonLostReport:
    """Deals won and lost with a close date in a period: counts and amounts, the win rate."""
    rows, win_rate, closed = reports.won_lost(ctx, query)
    return WonLostReport(
        start=query.start,
        end=query.end,
        rows=rows,
        win_rate=win_rate,
        deals=deals_out(ctx.db, [deal.id for deal in closed]),
    )


@api.post("/reports/exports", response=ExportOut, status=201)
def export_report(ctx: Ctx, body: ExportCreate) -> ExportOut:
    """Export a report over some accounts (a title, their codes, a summary)."""
    return export_out(ctx.session, reports.export_report(ctx, body))


@api.get("/reports/exports", response=ExportList)
def list_exports(ctx: Ctx) -> ExportList:
    """The reports exported so far, newest first."""
    return ExportList(items=exports_out(ctx.session, reports.exports(ctx)))
