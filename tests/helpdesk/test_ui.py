"""The Helpdesk UI: its pages show what the API answers, every control has its own accessible
name, and a refused form is shown again with the errors by the fields and the input kept."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mock_services import helpdesk
from tests.form_assertions import (
    as_browser,
    assert_action_refused,
    assert_form_refused,
    labels_found_twice,
)
from tests.helpdesk.ticket_form import ticket_form
from tests.helpers import ApiClient, expect, log_in
from tests.service_fixtures import serve

PAGES = [
    ("/", ["TK-1001", "Cannot log in to the CRM", "Your unsolved tickets (4)"]),
    ("/?q=vpn&status=unsolved", ["VPN keeps dropping", "3 tickets"]),
    ("/?q=vpn&status=&priority=&assignee=&group=&tag=", ["VPN keeps dropping"]),
    ("/requesters?q=&organization=Initrode", ["Nina Kowalski", "Sam Li", "2 requesters"]),
    ("/views/breaching", ["Unsolved tickets past an SLA target", "breached"]),
    ("/tickets/TK-1006", ["Log attached: it says", "Send comment", "Merge ticket"]),
    ("/tickets/TK-1013", ["Quick and clear, thanks!", "Save rating"]),
    ("/tickets/TK-1017", ["Merged into", "TK-1016"]),
    ("/tickets/new", ["Zoe Adams &lt;zoe.adams@mail.example&gt;", "Create ticket"]),
    ("/requesters?organization=Initrode", ["Nina Kowalski", "Sam Li", "2 requesters"]),
    ("/requesters/1", ["Maria Gonzalez", "Printer on floor 3 jams"]),
    ("/macros", ["Customer not responding", "{{requester.name}}"]),
    ("/team", ["Technical Escalations", "CUS-1004", "20160 min"]),
]


@pytest.mark.parametrize(("path", "shown"), PAGES, ids=[p for p, _ in PAGES])
def test_each_page_shows_the_desk(alice: ApiClient, path: str, shown: list[str]) -> None:
    page = as_browser(alice).get(path)
    assert page.status_code == 200, page.text[:300]
    for text in shown:
        assert text in page.text, f"{path}: {text!r} not shown"


def test_a_closed_ticket_offers_no_forms_to_change_it(alice: ApiClient) -> None:
    page = as_browser(alice).get("/tickets/TK-1016").text
    assert "Send comment" not in page and "Save ticket" not in page
    assert "Save rating" in page  # a closed ticket may still be rated


def _accessible_names(html: str) -> list[str]:
    """Each field's label text (by ``for`` or wrapping it) and each button's text."""
    html = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.DOTALL)  # icons are decorative
    labels = dict(re.findall(r'<label for="([^"]+)">([^<]+)</label>', html))
    names = [
        labels.get(field_id) or f"unlabelled #{field_id}"
        for field_id in re.findall(r'<(?:input|select|textarea)[^>]*\bid="([^"]+)"', html)
        if field_id not in re.findall(r'<label><input[^>]*\bid="([^"]+)"', html)
    ]
    names += re.findall(r"<label><input[^>]*>\s*([^<]+)</label>", html)
    return names + re.findall(r"<button[^>]*>([^<]+)</button>", html)


@pytest.mark.parametrize("path", ["/", "/tickets/TK-1006", "/tickets/TK-1013", "/requesters"])
def test_every_control_has_its_own_accessible_name(alice: ApiClient, path: str) -> None:
    names = _accessible_names(as_browser(alice).get(path).text)
    assert not [n for n in names if n.startswith("unlabelled")], names
    assert [n for n, count in Counter(names).items() if count > 1] == []


@pytest.mark.parametrize(
    "path", ["/", "/tickets/new", "/tickets/TK-1006", "/tickets/TK-1013", "/requesters"]
)
def test_no_field_label_is_part_of_another_name(alice: ApiClient, path: str) -> None:
    """``get_by_label("Comment")`` finds the reply field alone, not also the rating's: no field
    label is part of another label on its page."""
    assert labels_found_twice(as_browser(alice).get(path).text) == []


def test_no_menu_or_view_link_is_part_of_another(alice: ApiClient) -> None:
    """``get_by_role("link", name=...)`` finds one menu or view link: "New tickets (7)" is not
    also the way to create a ticket, nor is each view the way to all of them."""
    page = re.sub(r"<svg\b.*?</svg>", "", as_browser(alice).get("/").text, flags=re.DOTALL)
    menus = re.findall(r"<header>.*?</header>|<nav aria-label=\"views\".*?</nav>", page, re.DOTALL)
    names = [" ".join(n.split()) for n in re.findall(r"<a [^>]*>([^<]+)</a>", "".join(menus))]
    assert "All tickets" in names and "Create a ticket" in names and len(names) > 10
    assert [(a, b) for a in names for b in names if a != b and a.lower() in b.lower()] == []


def test_a_refused_reply_keeps_what_was_typed(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(alice)
    form = {"body": "   ", "submit_as": "pending", "public": "on"}
    response = browser.post(
        "/tickets/TK-1006/comments",
        data=form,
        headers={"Referer": service.base_url + "/tickets/TK-1006"},
    )
    assert_form_refused(response, errors={"body": "is required"}, kept={"submit_as": "pending"})


def test_the_reply_or_note_switch_says_which_a_comment_is(alice: ApiClient) -> None:
    """The composer's switch sends public=on (a reply) or public=off (an internal note)."""
    browser = as_browser(alice)
    for switch, note in (("on", "Printer driver reinstalled."), ("off", "Checked the logs.")):
        sent = browser.post("/tickets/TK-1006/comments", data={"body": note, "public": switch})
        assert sent.status_code == 200, sent.text[:300]
    ticket = expect(alice.get("/api/tickets/TK-1006"), 200)
    said = [(c["body"], c["public"]) for c in ticket["comments"][-2:]]
    assert said == [("Printer driver reinstalled.", True), ("Checked the logs.", False)]


def test_a_refused_new_ticket_shows_each_error_by_its_field(
    service: ApiClient, alice: ApiClient
) -> None:
    form = {"requester_id": "14", "subject": "", "priority": "critical", "tags": "two words"}
    response = as_browser(alice).post(
        "/tickets", data=form, headers={"Referer": service.base_url + "/tickets/new"}
    )
    assert_form_refused(
        response,
        errors={"subject": "is required", "priority": "low", "tags": "not a tag name"},
        kept={"requester_id": "14", "tags": "two words"},
    )


def test_a_workflow_refusal_is_shown_on_the_ticket(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(alice)
    fields = {"subject": "Forgot my password", "status": "solved", "priority": "low"}
    answer = browser.post(
        "/tickets/TK-1016/edit",
        data=fields,
        headers={"Referer": service.base_url + "/tickets/TK-1016"},
    )
    assert_action_refused(answer, 409, "Ticket TK-1016 is closed")


@pytest.mark.browser
def test_an_agent_works_a_ticket_in_the_browser(service: ApiClient, page: Any) -> None:
    """Every control is reached by its role and accessible name, as a browsing agent does."""
    base = service.base_url
    log_in(page, base, "alice", "alice-pass", "/")
    page.get_by_role("link", name="Unassigned tickets (8)").click()
    page.get_by_role("link", name="VPN keeps dropping").click()
    page.get_by_role("button", name="Merge ticket…").click()
    page.get_by_label("Merge into ticket (code, e.g. TK-1001)").fill("TK-1006")
    page.get_by_role("button", name="Yes, merge ticket").click()
    assert "Merged TK-1007 into TK-1006." in page.inner_text("[role=alert]")
    page.get_by_label("Comment", exact=True).fill("The gateway timeout is raised to 2 hours.")
    page.get_by_label("Submit as").select_option("pending")
    page.get_by_role("button", name="Send comment").click()
    assert "Reply sent. TK-1006 is now Pending." in page.inner_text("[role=alert]")
    page.get_by_label("Macro", exact=True).select_option(label="Escalate to Technical Escalations")
    page.get_by_role("button", name="Apply macro").click()

    alice = service.as_user("alice", "alice-pass")
    ticket = expect(alice.get("/api/tickets/TK-1006"), 200)
    assert (ticket["status"], ticket["group"], ticket["priority"], ticket["assignee"]) == (
        "pending",
        "Technical Escalations",
        "high",
        None,
    )
    assert [c["public"] for c in ticket["comments"][-2:]] == [True, False]
    assert expect(alice.get("/api/tickets/TK-1007"), 200)["merged_into"] == "TK-1006"


@pytest.mark.browser
def test_a_merge_asks_first_and_not_merging_changes_nothing(service: ApiClient, page: Any) -> None:
    """A merge closes the ticket for good, so the page asks first; "Don't merge" leaves it open."""
    base = service.base_url
    alice = service.as_user("alice", "alice-pass")
    before = expect(alice.get("/api/tickets/TK-1007"), 200)
    log_in(page, base, "alice", "alice-pass", "/tickets/TK-1007")
    page.get_by_role("button", name="Merge ticket…").click()
    dialog = page.get_by_role("dialog")
    assert "Merge TK-1007 into the ticket named below?" in dialog.inner_text()
    dialog.get_by_label("Merge into ticket (code, e.g. TK-1001)").fill("TK-1006")
    dialog.get_by_role("button", name="Don't merge ticket").click()
    assert not dialog.is_visible()
    after = expect(alice.get("/api/tickets/TK-1007"), 200)
    assert (after["status"], after["merged_into"]) == (before["status"], None)

    page.get_by_role("button", name="Merge ticket…").click()
    dialog.get_by_label("Merge into ticket (code, e.g. TK-1001)").fill("TK-1006")
    dialog.get_by_role("button", name="Yes, merge ticket").click()
    assert "Merged TK-1007 into TK-1006." in page.inner_text("[role=alert]")
    merged = expect(alice.get("/api/tickets/TK-1007"), 200)
    assert (merged["status"], merged["merged_into"]) == ("closed", "TK-1006")


def test_the_filter_forms_as_sent_filter_like_the_api(alice: ApiClient) -> None:
    """A filter form sends every field, those left at "any" blank: they filter nothing."""
    browser = as_browser(alice)
    total = expect(alice.get("/api/tickets", params={"priority": "high"}), 200)["total"]
    blank = {"q": "", "status": "", "assignee": "", "group": "", "tag": ""}
    page = browser.get("/", params={**blank, "priority": "high"})
    assert page.status_code == 200 and f"<p>{total} tickets</p>" in page.text
    everyone = expect(alice.get("/api/requesters"), 200)["total"]
    page = browser.get("/requesters", params={"q": "", "organization": ""})
    assert page.status_code == 200 and f"<p>{everyone} requesters</p>" in page.text


@pytest.mark.parametrize("path", ["/", "/requesters/1"])
def test_ticket_tables_show_when_each_ticket_was_created(alice: ApiClient, path: str) -> None:
    """Which of two tickets came first is read off the table, not from each ticket's page."""
    page = as_browser(alice).get(path).text
    assert "<th>Created</th><th>Updated</th>" in page
    row = re.search(r'<a href="/tickets/TK-1003">.*?</tr>', page, re.DOTALL)
    assert row and re.findall(r"<td>([^<]*)</td>", row.group(0))[-2:] == [
        "Sat 28 Feb 09:30 UTC",
        "Sat 28 Feb 11:00 UTC",
    ]


def test_a_tickets_page_shows_a_year_only_for_another_year(alice: ApiClient) -> None:
    """Created this year reads as the list does, without the year."""
    page = as_browser(alice).get("/tickets/TK-1003").text
    assert "<p>Created Sat 28 Feb 09:30 UTC · updated Sat 28 Feb 11:00 UTC</p>" in page


def test_the_ticket_search_finds_a_ticket_by_its_code_like_the_api(alice: ApiClient) -> None:
    page = as_browser(alice).get("/", params={"q": "TK-1013"}).text
    found = expect(alice.get("/api/tickets", params={"q": "TK-1013"}), 200)["items"]
    assert re.findall(r'<a href="/tickets/(TK-\d+)"', page) == ["TK-1013"]
    assert [t["code"] for t in found] == ["TK-1013"]


def test_tickets_filter_by_requester_and_sla_like_the_api(alice: ApiClient) -> None:
    browser = as_browser(alice)
    for params in ({"requester": "maria.gonzalez@northwind.example"}, {"breaching": "true"}):
        found = expect(alice.get("/api/tickets", params={**params, "per_page": 100}), 200)
        page = browser.get("/", params={**params, "per_page": 100}).text
        listed = re.findall(r'<a href="/tickets/(TK-\d+)"', page)
        assert listed == [t["code"] for t in found["items"]] != [], params
    calm = expect(alice.get("/api/tickets", params={"breaching": "false", "per_page": 1}), 200)
    page = browser.get("/", params={"breaching": "false", "per_page": 1}).text
    assert '<option value="false" selected>' in page
    assert f"<p>{calm['total']} tickets</p>" in page and "breaching=false" in page


def test_merging_a_ticket_into_itself_is_refused_at_its_field(
    service: ApiClient, alice: ApiClient
) -> None:
    response = as_browser(alice).post(
        "/tickets/TK-1006/merge",
        data={"merged_into": "TK-1006"},
        headers={"Referer": service.base_url + "/tickets/TK-1006"},
    )
    assert_form_refused(
        response,
        errors={"merged_into": "TK-1006 is this ticket"},
        kept={"merged_into": "TK-1006"},
    )
    assert "Merged_into" not in response.text


def test_a_refused_solve_comes_back_in_an_open_box(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(alice)
    sent_from = {"Referer": service.base_url + "/tickets/TK-1006"}
    closed = browser.get("/tickets/TK-1006").text
    assert re.search(r'<details class="zd-panel">\s*<summary>Solve with', closed)
    response = browser.post("/tickets/TK-1006/solve", data={"resolution": " "}, headers=sent_from)
    assert_form_refused(response, errors={"resolution": "is required"}, kept={})
    assert re.search(r'<details class="zd-panel" open>\s*<summary>Solve with', response.text)


def _row_of(page: str, code: str) -> str:
    row = page[page.index(f">{code}</td>") :]
    return re.sub(r"<[^>]+>", "|", row[: row.index("</tr>")])


def test_assignees_are_shown_by_name_and_picked_by_username(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(alice)
    listed = browser.get("/", params={"assignee": "alice"}).text
    assert "|Alice Martin|" in _row_of(listed, "TK-1006") and "|alice|" not in listed
    ticket = browser.get("/tickets/TK-1006").text
    assert "assignee: Alice Martin (Tier 1 Support)" in ticket
    assert '<option value="alice" selected>Alice Martin (Tier 1 Support)</option>' in ticket
    assert '<option value="alice" selected>Alice Martin</option>' in listed  # the filter


def test_agents_sharing_a_name_are_told_apart_by_username(tmp_path: Any) -> None:
    """A second Alice Martin: every page names both by display name and username, and the
    picker still sends the username the API takes."""
    seed = json.loads((Path(helpdesk.__file__).parent / "default_seed.json").read_text())
    twin = {**seed["users"][0], "username": "amartin", "email": "amartin@example.test"}
    seed["users"].append(twin)
    seed["tickets"] = [
        {**t, "assignee": "amartin"} if t["id"] == 1024 else t for t in seed["tickets"]
    ]
    with serve("helpdesk", tmp_path, seed) as served:
        browser = as_browser(served.client().as_user("alice", "alice-pass"))
        listed = browser.get("/", params={"status": "unsolved", "per_page": 100}).text
        assert "|Alice Martin (amartin)|" in _row_of(listed, "TK-1024")
        assert "|Alice Martin (alice)|" in _row_of(listed, "TK-1006")
        ticket = browser.get("/tickets/TK-1024").text
        assert "assignee: Alice Martin (amartin)" in ticket
        assert '<option value="amartin" selected>Alice Martin (amartin, Tier 1 Support)' in ticket
        assert '<option value="alice" >Alice Martin (alice, Tier 1 Support)' in ticket
        fields = {"subject": "Projector in room B2 has no signal", "assignee": "alice"}
        answer = browser.post(
            "/tickets/TK-1024/edit",
            data={**fields, "status": "open", "priority": "normal", "type": "incident"},
            headers={"Referer": served.url + "/tickets/TK-1024"},
        )
        assert answer.status_code == 200, answer.text[-500:]
        api = served.client().as_user("alice", "alice-pass")
        assert expect(api.get("/api/tickets/TK-1024"), 200)["assignee"] == "alice"


def test_a_comment_saves_the_properties_changed_beside_it(alice: ApiClient) -> None:
    """Zendesk's one submit: an assignee and a group set in the panel and a comment sent with
    "Send comment" are both saved, not the comment alone."""
    browser = as_browser(alice)
    form = ticket_form(browser.get("/tickets/TK-1001").text)
    form.update(assignee="alice", group="Tier 1 Support", public="on", submit_as="pending")
    form["body"] = "Looking into it now."
    sent = browser.post("/tickets/TK-1001/comments", data=form)
    assert sent.status_code == 200, sent.text[:300]
    ticket = expect(alice.get("/api/tickets/TK-1001"), 200)
    assert (ticket["assignee"], ticket["group"], ticket["status"]) == (
        "alice",
        "Tier 1 Support",
        "pending",
    ), f"expected the panel's assignee and group saved with the comment, got {ticket}"
    assert ticket["comments"][-1]["body"] == "Looking into it now."
    assert "Saved TK-1001. Reply sent. TK-1001 is now Pending." in sent.text


def test_save_ticket_sends_a_typed_comment_too(alice: ApiClient) -> None:
    browser = as_browser(alice)
    form = ticket_form(browser.get("/tickets/TK-1006").text)
    form.update(priority="high", public="off", body="Raised after the call.")
    sent = browser.post("/tickets/TK-1006/edit", data=form)
    assert sent.status_code == 200, sent.text[:300]
    ticket = expect(alice.get("/api/tickets/TK-1006"), 200)
    assert ticket["priority"] == "high"
    assert (ticket["comments"][-1]["body"], ticket["comments"][-1]["public"]) == (
        "Raised after the call.",
        False,
    ), f"expected the typed note sent with Save ticket, got {ticket['comments'][-1]}"


@pytest.mark.browser
def test_one_submit_in_the_browser_and_enter_in_subject_sends_nothing(
    service: ApiClient, page: Any
) -> None:
    """In Chromium: Enter in Subject neither saves nor sends the half-typed comment (the one
    form's default button is a disabled one, as Zendesk's Enter does nothing there); "Send
    comment" then saves the assignee changed in the panel with the reply."""
    log_in(page, service.base_url, "alice", "alice-pass", "/tickets/TK-1001")
    page.get_by_label("Comment").fill("Looking into it now.")
    page.get_by_label("Subject").fill("CRM login fails for the whole sales team")
    page.get_by_label("Subject").press("Enter")
    page.wait_for_timeout(300)  # a submit would have started by now
    alice = service.as_user("alice", "alice-pass")
    ticket = expect(alice.get("/api/tickets/TK-1001"), 200)
    assert (
        ticket["comments"] == [] and ticket["subject"] != "CRM login fails for the whole sales team"
    ), f"Enter in Subject sent the form: {ticket['subject']!r}, {ticket['comments']}"
    page.get_by_label("Assignee").select_option("alice")
    page.get_by_role("button", name="Send comment").click()
    assert "Reply sent" in page.inner_text("[role=alert]")
    ticket = expect(alice.get("/api/tickets/TK-1001"), 200)
    assert (ticket["assignee"], ticket["subject"], ticket["comments"][-1]["body"]) == (
        "alice",
        "CRM login fails for the whole sales team",
        "Looking into it now.",
    )


@pytest.mark.parametrize(
    ("panel", "submit_as", "refused"), [("pending", "pending", False), ("solved", "pending", True)]
)
def test_a_new_status_chosen_twice_must_agree(
    service: ApiClient, alice: ApiClient, panel: str, submit_as: str, refused: bool
) -> None:
    """The one form has two status pickers, the panel's Status and the composer's "Submit as":
    the same choice in both is one choice; two different ones are refused, nothing changed."""
    browser = as_browser(alice)
    form = ticket_form(browser.get("/tickets/TK-1006").text)
    form |= {"status": panel, "submit_as": submit_as, "public": "on", "body": "On it."}
    before = expect(alice.get("/api/tickets/TK-1006"), 200)
    sent = browser.post(
        "/tickets/TK-1006/comments",
        data=form,
        headers={"Referer": service.base_url + "/tickets/TK-1006"},
    )
    after = expect(alice.get("/api/tickets/TK-1006"), 200)
    if refused:
        assert_form_refused(sent, errors={"submit_as": "Choose the new status once"}, kept={})
        assert after == before
    else:
        assert sent.status_code == 200 and "TK-1006 is now Pending" in sent.text, sent.text[:300]
        assert (after["status"], after["comments"][-1]["body"]) == ("pending", "On it.")
