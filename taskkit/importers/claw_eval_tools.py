"""claw-eval's world as both its importer and its grading read it: the upstream service entry,
and every upstream tool of a hosted service mapped onto one of ours (``TOOLS``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict


class Upstream(BaseModel):
    model_config = ConfigDict(extra="allow")


class Service(Upstream):
    name: str
    env: dict[str, str] = {}


@dataclass(frozen=True)
class ToolMap:
    """An upstream tool on one of ours: upstream argument -> ours; ``note``: how it differs."""

    service: str
    tool: str
    arguments: dict[str, str] = field(default_factory=dict)
    note: str = ""


# every upstream tool of a hosted service that occurs in the 300 records (tests check both ways)
TOOLS: dict[str, ToolMap] = {
    "gmail_list_messages": ToolMap("email", "list_messages", {"max_results": "per_page"}),
    "gmail_get_message": ToolMap("email", "get_message"),
    "gmail_send_message": ToolMap("email", "send_message"),
    "gmail_save_draft": ToolMap("email", "create_draft"),
    "calendar_list_events": ToolMap(
        "calendar", "list_events", {"date": "start", "start_date": "start", "end_date": "end"}
    ),
    "calendar_get_event": ToolMap("calendar", "get_event"),
    "calendar_get_user_events": ToolMap(
        "calendar",
        "list_events",
        {"user": "q", "date": "start"},
        "a user's events are the events naming them (attendee names are in the description)",
    ),
    "calendar_create_event": ToolMap(
        "calendar",
        "create_event",
        {"start_time": "start", "end_time": "end"},
        "attendees are addresses here ({email}), not names",
    ),
    "calendar_delete_event": ToolMap("calendar", "delete_event"),
    "contacts_search": ToolMap("email", "list_contacts", {"query": "q", "max_results": "per_page"}),
    "contacts_get": ToolMap("email", "get_contact"),
    "contacts_send_message": ToolMap(
        "email",
        "send_message",
        {"message": "body"},
        "a message to a contact is an email to its address (`to`), not to its id",
    ),
    "todo_list_tasks": ToolMap("todolist", "list_tasks"),
    "todo_get_task": ToolMap("todolist", "get_task"),
    "todo_create_task": ToolMap("todolist", "create_task", {"description": "notes"}),
    "todo_update_task": ToolMap(
        "todolist",
        "update_task",
        {"description": "notes"},
        "status is not updated here: complete_task marks a task done (offered with it)",
    ),
    "todo_delete_task": ToolMap("todolist", "delete_task"),
    "notes_list": ToolMap("todolist", "list_notes", {"max_results": "per_page"}),
    "notes_get": ToolMap("todolist", "get_note"),
    "helpdesk_list_tickets": ToolMap(
        "helpdesk",
        "list_tickets",
        note="status is ours (new, open, pending, on-hold, solved, closed, unsolved; "
        "leave it out for all); priority is low, normal, high or urgent",
    ),
    "helpdesk_get_ticket": ToolMap("helpdesk", "get_ticket", {"ticket_id": "code"}),
    "helpdesk_update_ticket": ToolMap(
        "helpdesk",
        "update_ticket",
        {"ticket_id": "code", "assigned_to": "assignee"},
        "priority is low, normal, high or urgent (upstream's medium is normal); the assignee is "
        "an agent's username",
    ),
    "helpdesk_close_ticket": ToolMap(
        "helpdesk", "solve_ticket", {"ticket_id": "code"}, "closing a ticket solves it here"
    ),
    "crm_list_customers": ToolMap(
        "crm", "list_accounts", note="a customer is an account; tier is lower case (vip)"
    ),
    "crm_get_customer": ToolMap("crm", "get_account", {"customer_id": "code"}),
    "crm_export_report": ToolMap("crm", "export_report", {"customer_ids": "account_codes"}),
    "finance_list_transactions": ToolMap(
        "finance",
        "list_transactions",
        {"start_date": "start", "end_date": "end"},
        "paged (20 a page; per_page up to 100); amounts as upstream signs them",
    ),
    "finance_get_transaction": ToolMap(
        "finance", "get_transaction", note="transaction ids are numbers here (1, 2, ...)"
    ),
    "kb_search": ToolMap(
        "kb",
        "search_pages",
        {"query": "q", "category": "space", "max_results": "per_page"},
        "a category is a space here, named by its key (the category's capitals: IT Support is "
        "ITSUPPORT); a page matches every word of the query (upstream: any word)",
    ),
    "kb_get_article": ToolMap(
        "kb", "get_page", {"article_id": "page_id"}, "article ids are page numbers here (1, 2, ...)"
    ),
    "kb_update_article": ToolMap(
        "kb",
        "update_page",
        {"article_id": "page_id", "content": "body"},
        "an update makes a new version of the page (upstream overwrites)",
    ),
    "inventory_list_products": ToolMap(
        "inventory", "list_products", note="category matches its words; paged (20 a page)"
    ),
    "inventory_get_product": ToolMap("inventory", "get_product", {"product_id": "sku"}),
    "inventory_list_items": ToolMap(
        "inventory", "list_products", note="category matches its words; paged (20 a page)"
    ),
    "inventory_get_item": ToolMap("inventory", "get_product", {"product_id": "sku"}),
}


# upstream tools of hosted services with no counterpart here, and why
def fixture_name(service: Service, task_dir: Path, index: int) -> tuple[str, str]:
    """(field, path in the task folder) of the service's fixture: its ``*_FIXTURES`` file,
    else the first ``fixtures/<service>/*.json``."""
    for key, value in service.env.items():
        if key.endswith("_FIXTURES"):
            return f"services[{index}].env.{key}", re.sub(r"^tasks/[^/]+/", "", value)
    found = sorted((task_dir / "fixtures" / service.name).glob("*.json"))
    name = found[0].relative_to(task_dir).as_posix() if found else f"fixtures/{service.name}/"
    return f"services[{index}].env", name
