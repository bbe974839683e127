"""``ui-coverage``: each service's web UI against its API, operation by operation, by the pages
and forms its seeded users reach from ``/``; a read no page shows, a write no form performs, or
a page or form no user reaches is a gap, and the command exits 1 on one."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services import cli
from mock_services import ui_coverage as uc
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.registry import SERVICE_MODULES, get_spec

KNOWN_GAPS: dict[str, set[str]] = {
    "shop": {
        "add_address",
        "add_payment_method",
        "clear_cart",
        "delete_address",
        "delete_payment_method",
        "get_cart",
        "get_order",
        "get_product",
        "get_product_by_sku",
        "get_profile",
        "list_addresses",
        "list_categories",
        "list_orders",
        "list_payment_methods",
        "list_products",
        "remove_cart_item",
        "set_default_address",
        "set_default_payment_method",
        "update_address",
        "update_profile",
    },
    "airline": {
        "cancellation_quote",
        "change_booking",
        "create_booking",
        "get_account",
        "get_airport",
        "get_booking",
        "get_flight",
        "get_seat_map",
        "list_airports",
        "list_announcements",
        "list_bags",
        "list_boarding_passes",
        "list_bookings",
        "list_flights",
        "remove_bag",
        "search_flights",
    },
    "email": {
        "bulk_action",
        "create_contact",
        "create_draft",
        "create_folder",
        "create_label",
        "delete_contact",
        "delete_draft",
        "delete_folder",
        "delete_label",
        "download_attachment",
        "empty_trash",
        "get_account",
        "get_attachment",
        "get_contact",
        "get_message",
        "get_thread",
        "list_contacts",
        "list_folders",
        "list_labels",
        "list_messages",
        "remove_label",
        "rename_folder",
        "search_directory",
        "send_draft",
        "update_account",
        "update_contact",
        "update_draft",
        "update_label",
    },
    "calendar": {
        "create_calendar",
        "delete_calendar",
        "freebusy",
        "get_calendar",
        "get_event",
        "get_occurrence",
        "get_profile",
        "list_calendars",
        "list_conflicts",
        "list_events",
        "list_invitations",
        "list_users",
        "share_calendar",
        "suggest",
        "unshare_calendar",
        "update_calendar",
        "update_event",
        "update_profile",
    },
    "expense": {
        "delete_receipt",
        "download_receipt",
        "export_csv",
        "get_me",
        "get_policy",
        "get_report",
        "get_report_by_code",
        "list_categories",
        "list_currencies",
        "list_reports",
        "update_item",
        "update_report",
    },
    "health": {
        "create_food",
        "delete_activity",
        "delete_food",
        "delete_record",
        "get_activity",
        "get_appointment",
        "get_diary",
        "get_food",
        "get_goals",
        "get_medication",
        "get_record",
        "list_activities",
        "list_appointments",
        "list_medications",
        "list_providers",
        "list_records",
        "medication_schedule",
        "nutrition",
        "reschedule_appointment",
        "search_foods",
        "undo_dose",
        "update_entry",
        "update_food",
        "update_goals",
        "update_medication",
    },
    "social": {
        "blocks",
        "conversation",
        "conversations",
        "followers",
        "following",
        "get_post",
        "get_user",
        "mutes",
        "my_profile",
        "notifications",
        "post_likes",
        "replies",
        "search_posts",
        "search_users",
        "timeline",
        "trending",
        "user_posts",
    },
    "todolist": {
        "delete_folder",
        "delete_list",
        "delete_reminder",
        "get_list",
        "get_note",
        "get_profile",
        "get_task",
        "list_folders",
        "list_lists",
        "list_notes",
        "list_reminders",
        "list_tags",
        "list_tasks",
        "list_users",
        "reopen_task",
        "update_folder",
        "update_list",
        "update_profile",
    },
    "helpdesk": {
        "get_requester",
        "get_ticket",
        "list_groups",
        "list_macros",
        "list_organizations",
        "list_requesters",
        "list_sla_targets",
        "list_tickets",
        "list_views",
        "view_tickets",
    },
    "crm": {
        "find_duplicates",
        "get_account",
        "get_activity",
        "get_contact",
        "get_deal",
        "get_lead",
        "get_task",
        "list_accounts",
        "list_activities",
        "list_contacts",
        "list_deals",
        "list_exports",
        "list_leads",
        "list_owners",
        "list_tasks",
        "list_territories",
        "pipeline_report",
        "search",
        "won_lost_report",
    },
    "finance": {
        "export_statement",
        "get_account",
        "get_invoice",
        "get_recurring",
        "get_statement",
        "get_transaction",
        "list_accounts",
        "list_budgets",
        "list_categories",
        "list_contacts",
        "list_invoices",
        "list_merchants",
        "list_recurring",
        "list_transactions",
        "reconcile",
    },
    "inventory": {
        "get_product",
        "get_purchase_order",
        "get_sales_order",
        "get_supplier",
        "get_warehouse",
        "list_alerts",
        "list_low_stock",
        "list_moves",
        "list_products",
        "list_purchase_orders",
        "list_sales_orders",
        "list_stock",
        "list_suppliers",
        "list_users",
        "list_warehouses",
    },
}
"""The operations each service's UI does not do yet (issue 30), by name: a ratchet, so that a
new gap fails and a closed one is struck off here."""


def kb_view(name: str) -> object:
    """The view function of the knowledge base's UI page ``name`` (shared by every app)."""
    app = create_app(get_spec("kb"), Settings(data_dir=Path("/nonexistent")))
    return app.view_functions[f"kb_ui.{name}"]


def test_a_page_is_read_for_links_forms_controls_and_preset_values() -> None:
    parser = uc._PageParser()
    parser.feed(
        '<a href="/pages/4">Deploy</a><form method="get" action="/search">'
        '<input name="q" value="deploy"><input type="checkbox" name="mine">'
        '<select name="space"><option value="">any</option><option value="ENG" selected>'
        "ENG</option></select><button>Search</button></form>"
        '<form method="post" action="/pages/4/delete"><button aria-label="Delete page '
        "'Deploy'\">Delete</button></form>"
        '<form method="post" action="/pages/4/watch"><input type="submit" value="Watch">'
        "</form>"
    )
    assert parser.links == ["/pages/4"]
    search, delete, watch = parser.forms
    assert (search.method, search.action, search.values) == (
        "GET",
        "/search",
        {"q": "deploy", "space": "ENG"},
    )
    assert (delete.method, delete.labels) == ("POST", ["Delete page 'Deploy'"])
    assert watch.labels == ["Watch"]


def test_the_knowledge_base_shows_every_read_and_offers_every_write(tmp_path: Path) -> None:
    result = uc.coverage(get_spec("kb"), tmp_path)
    assert result.gaps == []
    by_name = {o.operation: o for o in result.operations}
    assert by_name["get_page"].declared_by == ["GET /pages/<int:page_id>"]
    assert any(p.page.startswith("/pages/") for p in by_name["get_page"].found)
    deletes = {(p.route, p.control) for p in by_name["delete_page"].found}
    assert ("/pages/<int:page_id>/delete", "Delete page") in deletes
    assert by_name["delete_page"].kind == "write"


def test_an_undeclared_read_and_an_unreached_page_are_gaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kb_view("people_page"), "shows", ())
    monkeypatch.setattr(uc, "NOT_FOLLOWED", (*uc.NOT_FOLLOWED, "/search"))
    gaps = uc.coverage(get_spec("kb"), tmp_path).gaps
    assert gaps == [
        "list_users (GET /api/users): no page shows it",
        "search_pages (GET /api/search): no user reaches a page GET /search by the UI's links "
        "from /",
    ]


def test_a_link_to_a_page_that_fails_is_a_broken_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fails(_ctx: object) -> list[object]:
        raise RuntimeError("the directory is down")

    monkeypatch.setattr("mock_services.kb.ui.spaces.all_users", fails)
    result = uc.coverage(get_spec("kb"), tmp_path)
    assert "/people: 500 for alice, 500 for bob" in " ".join(result.broken_links)
    assert any(link.startswith("/spaces/ENG: 500 for alice") for link in result.broken_links)
    assert "list_users (GET /api/users): no user reaches a page GET /people" in " ".join(
        result.gaps
    )


def test_a_page_naming_a_read_the_api_lacks_fails_the_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kb_view("people_page"), "shows", ("list_everyone",))
    with pytest.raises(
        ValueError,
        match=r"page 'kb_ui.people_page' shows reads its API lacks: "
        r"list_everyone; the API's are diff_versions, get_page, ",
    ):
        create_app(get_spec("kb"), Settings(data_dir=Path("/nonexistent")))


def test_the_command_exits_1_on_a_gap_and_names_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli.main(["ui-coverage", "kb"]) == 0
    assert "kb: 29 API operations, 0 gaps" in capsys.readouterr().out
    monkeypatch.setattr(kb_view("history_page"), "shows", ())
    assert cli.main(["ui-coverage", "kb"]) == 1
    out, err = capsys.readouterr()
    assert "GAP  list_versions" in out and "no page shows it" in out
    assert err.startswith("1 gaps: give each operation a page")


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_each_web_ui_does_what_its_api_does(service: str, tmp_path: Path) -> None:
    result = uc.coverage(get_spec(service), tmp_path)
    gaps = {line.split(" ", 1)[0] for line in result.gaps}
    known = KNOWN_GAPS.get(service, set())
    assert gaps <= known, f"new gaps in {service}'s UI:\n" + "\n".join(
        line for line in result.gaps if line.split(" ", 1)[0] not in known
    )
    assert known <= gaps, f"closed in {service}'s UI, strike off KNOWN_GAPS: {known - gaps}"
