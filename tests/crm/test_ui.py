"""The CRM web UI: every page renders for a logged-in user with a distinct accessible name
for each control (what a browsing agent reads), lists filter, refused forms show why."""

from __future__ import annotations

import html
import re
from collections import Counter
from html.parser import HTMLParser
from types import SimpleNamespace
from typing import Any

import pytest

from mock_services.core.web.ui import people_names
from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect, log_in

PAGES = [
    "/",
    "/?tier=vip&status=active",
    "/accounts/CUS-001",
    "/accounts/CUS-021",
    "/contacts",
    "/contacts/1",
    "/contacts/37",
    "/leads",
    "/leads/1",
    "/leads/18",
    "/deals",
    "/deals?stage=",
    "/deals/1",
    "/activities",
    "/activities/2",
    "/tasks",
    "/tasks/1",
    "/duplicates",
    "/duplicates?kind=accounts",
    "/reports",
    "/reports?start=2026-02-01&end=2026-02-28",
    "/reports?include_closed=true&start=2026-02-01&end=2026-02-28&owner=kenji",
    "/search?q=acme",
    "/team",
]


class Controls(HTMLParser):
    """Each visible control's accessible name: its label (by ``for`` or around it), else its
    ``aria-label``; a button's text."""

    def __init__(self) -> None:
        super().__init__()
        self.labels: dict[str, str] = {}
        self.controls: list[tuple[str, str | None, str | None]] = []  # (tag, id, aria-label)
        self.buttons: list[str] = []
        self._label_for: str | None = None
        self._label_text: list[str] = []
        self._button: list[str] | None = None
        self._wrapped: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "label":
            self._label_for, self._label_text, self._wrapped = a.get("for"), [], []
        elif tag in ("input", "select", "textarea") and a.get("type") not in ("hidden", "submit"):
            self.controls.append((tag, a.get("id"), a.get("aria-label")))
            if self._label_for is None and self._label_text is not None:
                self._wrapped.append(a.get("id"))
        elif tag == "button":
            self._button = []

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)
        if self._label_text is not None:
            self._label_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            text = " ".join("".join(self._label_text).split())
            for target in [self._label_for, *self._wrapped]:
                if target:
                    self.labels[target] = text
            self._label_for, self._label_text, self._wrapped = None, None, []  # type: ignore[assignment]
        elif tag == "button" and self._button is not None:
            self.buttons.append(" ".join("".join(self._button).split()))
            self._button = None

    def names(self) -> list[str]:
        return [self.labels.get(i or "", "") or aria or "" for _, i, aria in self.controls]


@pytest.mark.parametrize("path", PAGES)
def test_every_control_has_a_distinct_accessible_name(alice: ApiClient, path: str) -> None:
    html = as_browser(alice).get(path).text
    assert "<h1" in html, html[:500]
    parsed = Controls()
    parsed.feed(html)
    names = parsed.names()
    unlabelled = [c for c, n in zip(parsed.controls, names, strict=True) if not n]
    assert not unlabelled, f"{path}: unlabelled controls {unlabelled}"
    twice = [n for n, k in Counter(names).items() if k > 1]
    assert not twice, f"{path}: controls sharing a name: {twice}"
    twice = [n for n, k in Counter(parsed.buttons).items() if k > 1]
    assert not twice, f"{path}: buttons sharing a name: {twice}"


@pytest.mark.parametrize("path", ["/accounts/CUS-001", "/", "/deals", "/activities"])
def test_a_number_field_carries_its_limits_as_attributes(alice: ApiClient, path: str) -> None:
    """``min``/``max``/``step`` reach the browser as attributes, not as escaped quote marks
    that leave the field without limits."""
    html = as_browser(alice).get(path).text
    assert "&#34;" not in html and "&quot;" not in html.replace('value="', "")
    assert not re.search(r'\b(min|max|step)="&', html)
    assert re.search(r'<input [^>]*type="number"[^>]* min="\d', html)
    if path == "/accounts/CUS-001":
        assert re.search(r'name="satisfaction"[^>]* min="0" max="5" step="0.1">', html)


def test_pages_need_login(service: ApiClient) -> None:
    response = service.get("/deals", allow_redirects=False)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_lists_filter_like_the_api(alice: ApiClient) -> None:
    browser = as_browser(alice)
    html = browser.get("/", params={"tier": "vip", "status": "active", "owner": ""}).text
    assert "6 accounts" in html and "Wayne Enterprises" in html and "Initech" not in html
    assert "Fabrikam: maintenance contract" in browser.get("/deals", params={"open": "true"}).text
    assert "2 contacts" in browser.get("/contacts", params={"account": "CUS-001"}).text


def test_a_number_filter_left_blank_filters_nothing(alice: ApiClient) -> None:
    """The activities' filter form sends its contact and deal ids blank when not chosen: the
    page drops them (and every other blank) from the address and filters by the rest."""
    calls = expect(alice.get("/api/activities", params={"kind": "call", "per_page": 1}), 200)
    browser = as_browser(alice)
    sent = {"kind": "call", "account": "", "contact_id": "", "deal_id": "", "owner": ""}
    moved = browser.get("/activities", params=sent, allow_redirects=False)
    assert (moved.status_code, moved.headers["Location"]) == (302, "/activities?kind=call")
    page = browser.get("/activities", params=sent)
    assert page.status_code == 200 and f'<p id="count">{calls["total"]} activit' in page.text


def test_the_reports_page_shows_the_quarter(alice: ApiClient) -> None:
    html = as_browser(alice).get("/reports").text
    assert 'value="2026-01-01"' in html and 'value="2026-03-31"' in html
    assert "Win rate: 60%" in html


def test_the_reports_page_counts_closed_deals_and_one_owner_when_asked(alice: ApiClient) -> None:
    browser = as_browser(alice)
    html = browser.get("/reports").text
    assert "Open pipeline by stage" in html and "Closed won</td>" not in html
    pipeline = expect(
        alice.get("/api/reports/pipeline", params={"group_by": "owner", "include_closed": "true"}),
        200,
    )
    alices = next(r for r in pipeline["rows"] if (r["key"], r["currency"]) == ("alice", "USD"))
    html = browser.get("/reports", params={"include_closed": "true"}).text
    assert "Pipeline, closed deals included, by stage" in html and "Closed won</td>" in html
    assert f"<td>Alice Martin</td><td>{alices['count']}</td>" in html
    assert (
        'id="pipeline-include-closed" name="include_closed" type="checkbox" value="true" checked'
        in html
    )
    period = {"start": "2026-02-01", "end": "2026-02-28"}
    everyone = expect(alice.get("/api/reports/won-lost", params=period), 200)["deals"]
    kenjis = expect(alice.get("/api/reports/won-lost", params={**period, "owner": "kenji"}), 200)
    html = browser.get("/reports", params={**period, "owner": "kenji"}).text
    assert '<option value="kenji" selected>' in html
    assert _deals_listed(html) == [d["id"] for d in kenjis["deals"]] != []
    assert len(everyone) > len(kenjis["deals"])
    anyone = browser.get("/reports", params={**period, "owner": ""}).text
    assert _deals_listed(anyone) == [d["id"] for d in everyone]


def _deals_listed(html: str) -> list[int]:
    """The deals the won-and-lost card lists, in its order."""
    card = html[html.index("<h2>Won and lost</h2>") : html.index("<h2>Exported reports</h2>")]
    return [int(found) for found in re.findall(r'<li><a href="/deals/(\d+)">', card)]


def test_a_refused_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(alice)
    form = {"name": "Acme 2", "account": "CUS-001", "close_date": "next week", "amount": "5"}
    response = browser.post("/deals", data=form, headers={"Referer": service.base_url + "/deals"})
    assert_form_refused(response, errors={"close_date": "date"}, kept={"name": "Acme 2"})


def test_a_refused_action_is_shown_and_changes_nothing(service: ApiClient, bob: ApiClient) -> None:
    browser = as_browser(bob)
    response = browser.post(
        "/deals/1/edit",
        data={"name": "Mine now", "stage": "closed_won"},
        headers={"Referer": service.base_url + "/deals/1"},
    )
    assert_action_refused(response, 403, "only its owner, Alice Martin, or a manager (Carol Diaz)")
    assert 'id="edit-save"' not in response.text, "a form bob may not use is offered again"
    alice = service.as_user("alice", "alice-pass")
    assert expect(alice.get("/api/deals/1"), 200)["stage"] == "negotiation"


@pytest.mark.parametrize("back", ["//evil.example/x", "/\\evil.example", "https://evil.example/"])
def test_a_form_goes_back_only_to_a_page_of_this_site(alice: ApiClient, back: str) -> None:
    form = {"kind": "note", "subject": "Aside", "account": "CUS-001", "back": back}
    answer = as_browser(alice).post("/activities", data=form, allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/activities/")


@pytest.mark.browser
def test_a_rep_moves_a_deal_in_the_browser(service: ApiClient, page: Any) -> None:
    """A deal found through the list's filter and moved a stage on, every control reached by
    its role and accessible name, as a browsing agent does; the API sees the move."""
    base = service.base_url
    log_in(page, base, "alice", "alice-pass", "/deals")
    page.get_by_label("Filter by deal name").fill("Contoso")
    page.get_by_role("button", name="Filter deals").click()
    page.get_by_role("link", name="Contoso: analytics expansion").click()
    page.get_by_label("Stage", exact=True).select_option("negotiation")
    page.get_by_role("button", name="Save deal").click()
    assert page.inner_text("#deal-stage") == "Negotiation"
    deal = expect(service.as_user("alice", "alice-pass").get("/api/deals/17"), 200)
    assert deal["stage"] == "negotiation", deal


@pytest.mark.browser
def test_a_merge_asks_first_and_dont_changes_nothing(service: ApiClient, page: Any) -> None:
    """Merging deletes the duplicate, so its button only opens a question: "Don't ..." leaves
    both leads as they were, the dialog's own button merges (carol, a manager, may)."""
    carol = service.as_user("carol", "carol-pass")
    base = service.base_url
    log_in(page, base, "carol", "carol-pass", "/duplicates?kind=leads")
    which = (
        "Olivia Reyes · Olivia.Reyes@QuantumLeap.io · Quantum Leap Labs into "
        "Olivia Reyes · olivia.reyes@quantumleap.io · Quantum Leap Labs"
    )
    opener = page.get_by_role("button", name=f"Merge {which}…")
    opener.click()
    dialog = page.get_by_role("dialog", name=f"Merge lead {which}?", exact=False)
    assert "This cannot be undone." in dialog.inner_text()
    dialog.get_by_role("button", name=f"Don't merge {which}").click()
    assert not dialog.is_visible()
    expect(carol.get("/api/leads/8"), 200)

    opener.click()
    dialog.get_by_role("button", name=f"Yes, merge {which}").click()
    assert "Merged lead Olivia Reyes into Olivia Reyes." in page.inner_text("[role=alert]")
    assert carol.get("/api/leads/8").status_code == 404
    expect(carol.get("/api/leads/1"), 200)


ACME = {"/contacts/1": "Jane Doe", "/accounts/CUS-001": "Acme Corporation"}
PLANT_DEAL = {"/deals/1": "Acme: plant analytics rollout"}


@pytest.mark.parametrize(
    ("path", "links"),
    [
        ("/deals/1", {"/contacts/1": "Jane Doe"}),
        ("/activities/2", ACME | PLANT_DEAL),
        ("/tasks/1", ACME | PLANT_DEAL),
        (
            "/leads/18",
            {
                "/contacts/24": "Richard Hendricks",
                "/accounts/CUS-018": "Pied Piper",
                "/deals/21": "Pied Piper: compression pilot",
            },
        ),
    ],
)
def test_a_page_names_the_records_it_refers_to(
    alice: ApiClient, path: str, links: dict[str, str]
) -> None:
    """A deal's contact, what an activity or a task is about and what a lead was converted into
    are shown by name, linked to their pages, not as "contact 1", "account CUS-001", "deal 21"."""
    html = as_browser(alice).get(path).text
    for href, name in links.items():
        assert f'<a href="{href}">{name}</a>' in html, (path, href)
    assert not re.search(r">(contact|account|deal) [\w-]+</a>", html), path


def test_a_contact_page_shows_when_the_contact_was_created(alice: ApiClient) -> None:
    """A date of last year says its year (today is in 2026)."""
    assert expect(alice.get("/api/contacts/1"), 200)["created_at"] == "2025-11-02T10:00:00Z"
    assert "created Sun 2 Nov 2025 10:00 UTC" in as_browser(alice).get("/contacts/1").text


def _form(html: str, marker: str) -> str:
    """The form of ``html`` from ``marker`` (an attribute of its ``<form>`` tag) to its end."""
    start = html.index(marker)
    return html[start : html.index("</form>", start)]


def test_a_deal_pages_activity_form_names_the_contact_it_is_logged_against(
    alice: ApiClient,
) -> None:
    """The deal's contact is chosen (an activity logged on a deal is with its contact unless
    told), and another contact at the account may be picked instead."""
    browser = as_browser(alice)
    form = _form(browser.get("/deals/1").text, 'aria-label="Log an activity"')
    assert '<label for="activity-contact_id">Logged against contact</label>' in form
    assert re.search(r'<option value="1" selected>Jane Doe</option>', form), form
    assert re.search(r'<option value="2" >Raj Patel</option>', form), form
    sent = {"kind": "call", "subject": "Call with Raj", "deal_id": "1", "contact_id": "2"}
    logged = browser.post("/activities", data=sent | {"back": "/deals/1"})
    assert logged.status_code == 200 and "Call with Raj" in logged.text
    calls = expect(alice.get("/api/activities", params={"contact_id": 2, "deal_id": 1}), 200)
    assert [a["subject"] for a in calls["items"]] == ["Call with Raj"]


def test_a_contacts_merge_form_offers_the_duplicate_by_name(
    service: ApiClient, alice: ApiClient
) -> None:
    """The merge dialog picks the contact merged in from a list of names, the ones the
    duplicates page pairs with this contact first, and sends its id as the API takes it. Plain
    options named by their group: Playwright's accessibility snapshot leaves an
    ``<optgroup>``'s options out, so an agent saw an empty picker."""
    browser = as_browser(service.as_user("carol", "carol-pass"))
    form = _form(browser.get("/contacts/1").text, 'action="/contacts/1/merge"')
    assert '<label for="merge-duplicate_id">Duplicate contact</label>' in form
    assert "<optgroup" not in form
    shown = [html.unescape(t) for t in re.findall(r"<option value=\"\d+\" >([^<]*)</option>", form)]
    likely = "Likely duplicate (same email jane.doe@acme.com) · "
    assert shown[0] == f"{likely}Jane Doe · Jane.Doe@ACME.com · ACME Corp.", shown
    assert "Other contact · Raj Patel · raj.patel@acme.com · Acme Corporation" in shown[1:]
    assert not re.search(r"\(contact \d+\)", form), "an option shows an id"
    assert 'value="1"' not in form
    merged = browser.post("/contacts/1/merge", data={"duplicate_id": "28"})
    assert merged.status_code == 200 and "Merged Jane Doe into Jane Doe." in merged.text
    assert alice.get("/api/contacts/28").status_code == 404


def test_the_new_deals_contact_picker_is_plain_options_named_by_account(
    service: ApiClient,
) -> None:
    """The New deal form's contacts were grouped by account in ``<optgroup>``s, which
    Playwright's accessibility snapshot leaves out: each is a plain option, "Account · Name"."""
    page = as_browser(service.as_user("alice", "alice-pass")).get("/deals").text
    picker = re.search(r'<select id="new-contact_id" name="contact_id">(.*?)</select>', page, re.S)
    assert picker is not None and "<optgroup" not in picker[1]
    shown = [
        html.unescape(t) for t in re.findall(r'<option value="\d+" >([^<]*)</option>', picker[1])
    ]
    assert shown and all(" · " in name for name in shown), shown
    accounts = [name.split(" · ", 1)[0] for name in shown]
    assert accounts == sorted(accounts), accounts


def test_notices_name_the_record_not_its_number(alice: ApiClient) -> None:
    """After a save or a delete, the notice names what changed ("Saved task 'Send the
    quote'."), as HubSpot does, never "Saved task 3."."""
    browser = as_browser(alice)
    task = expect(alice.get("/api/tasks", params={"per_page": 1}), 200)["items"][0]
    saved = browser.post(f"/tasks/{task['id']}/edit", data={"subject": "Send the quote"})
    assert saved.status_code == 200 and "Saved task &#39;Send the quote&#39;." in saved.text
    deleted = browser.post(f"/tasks/{task['id']}/delete")
    assert deleted.status_code == 200 and "Deleted task &#39;Send the quote&#39;." in deleted.text
    assert not re.search(r"(Saved|Deleted) task \d", deleted.text)


def test_owners_are_offered_and_shown_by_their_names(alice: ApiClient) -> None:
    """Owner pickers and filters list people by name (the username stays the value), and a
    record's owner reads as a name; the deal form's amount reads as money, not 24000.0."""
    browser = as_browser(alice)
    deals = browser.get("/deals").text
    picker = re.search(r'<select id="new-owner".*?</select>', deals, re.S)
    assert picker and re.search(r'<option value="carol"\s*>Carol Diaz</option>', picker[0])
    filtered = re.search(r'<select id="filter-owner".*?</select>', deals, re.S)
    assert filtered and re.search(r'<option value="kenji"\s*>Kenji Sato</option>', filtered[0])
    mine = {"per_page": 1, "owner": "alice"}  # another rep's deal offers no edit form
    deal = expect(alice.get("/api/deals", params=mine), 200)["items"][0]
    page = browser.get(f"/deals/{deal['id']}").text
    assert f'value="{deal["amount"]:.2f}"' in page
    report = browser.get("/reports").text
    assert re.search(r'<option value="alice"\s*>Alice Martin</option>', report)


def test_two_owners_of_one_name_are_told_apart_by_username() -> None:
    team = [SimpleNamespace(username=u, display_name=n) for u, n in
            [("akim", "Alex Kim"), ("alexk", "Alex Kim"), ("bob", "Bob Chen")]]  # fmt: skip
    assert people_names(team) == {
        "akim": "Alex Kim (akim)",
        "alexk": "Alex Kim (alexk)",
        "bob": "Bob Chen",
    }


def _options(form: str, name: str) -> list[tuple[str, str]]:
    """The (value, text) of each option of the form's select named ``name``."""
    chosen = re.search(rf'<select id="[^"]*" name="{name}">(.*?)</select>', form, re.S)
    assert chosen is not None, f"no list {name!r}"
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', chosen[1])


@pytest.mark.parametrize(
    ("path", "label"), [("/tasks", "New task"), ("/activities", "Log an activity")]
)
def test_tasks_and_activities_link_records_by_name_not_typed_ids(
    alice: ApiClient, path: str, label: str
) -> None:
    """ "About contact id" and "About deal id" were number boxes: the forms pick a contact, a
    deal and an account by name, as HubSpot's association pickers do, and still send ids."""
    page = as_browser(alice).get(path).text
    assert " id</label>" not in page and "account code</label>" not in page
    form = _form(page, f'aria-label="{label}"')
    contacts = expect(alice.get("/api/contacts", params={"per_page": 100}), 200)["items"]
    offered = _options(form, "contact_id")
    assert offered[0] == ("", "no contact") and len(offered) == len(contacts) + 1
    names = [text for _value, text in offered]
    assert len(set(names)) == len(names), Counter(names).most_common(2)
    jane = next(c for c in contacts if c["id"] == 1)
    assert any(value == "1" and text.startswith(f"{jane['name']} · ") for value, text in offered)
    deals = _options(form, "deal_id")
    deal = expect(alice.get("/api/deals/1"), 200)
    assert ("1", f"{deal['name']} · {deal['account_name']}") in deals
    accounts = _options(form, "account")
    codes = [
        a["code"]
        for a in expect(alice.get("/api/accounts", params={"per_page": 100}), 200)["items"]
    ]
    assert accounts[0] == ("", "no account") and sorted(v for v, _ in accounts[1:]) == sorted(codes)


def test_contact_and_deal_pages_create_tasks_and_a_contacts_activity_names_a_deal(
    alice: ApiClient,
) -> None:
    """Contact pages had no task form and their activity form could not link a deal."""
    browser = as_browser(alice)
    contact_page = browser.get("/contacts/1").text
    activity = _form(contact_page, 'aria-label="Log an activity"')
    assert '<label for="activity-deal_id">Logged against deal</label>' in activity
    task_form = _form(contact_page, 'aria-label="New task"')
    assert '<input type="hidden" name="contact_id" value="1">' in task_form
    deal_ids = [v for v, _ in _options(task_form, "deal_id") if v]
    assert "1" in deal_ids, deal_ids
    made = browser.post(
        "/tasks",
        data={
            "subject": "Send the contract",
            "deal_id": "1",
            "contact_id": "1",
            "back": "/contacts/1",
        },
    )
    assert made.status_code == 200 and made.url.endswith("/contacts/1")
    task = next(
        t
        for t in expect(alice.get("/api/tasks", params={"per_page": 100}), 200)["items"]
        if t["subject"] == "Send the contract"
    )
    assert (task["contact_id"], task["deal_id"]) == (1, 1)
    deal_form = _form(browser.get("/deals/1").text, 'aria-label="New task"')
    assert '<input type="hidden" name="deal_id" value="1">' in deal_form
    assert '<label for="task-subject">Task subject</label>' in deal_form


@pytest.mark.parametrize("path", ["/contacts", "/deals"])
def test_the_account_filter_picks_an_account_by_name(alice: ApiClient, path: str) -> None:
    """ "Filter by account code" was a box that asked for a typed code: the contacts and deals
    lists pick the account by its name, as the task and activity filters do, and still send
    its code, so the filter answers as the API's."""
    browser = as_browser(alice)
    page = browser.get(path).text
    assert "account code</label>" not in page
    form = _form(page, 'aria-label="Filter ')
    offered = _options(form, "account")
    accounts = expect(alice.get("/api/accounts", params={"per_page": 100}), 200)["items"]
    assert offered[0] == ("", "any")
    assert sorted(offered[1:]) == sorted((a["code"], a["name"]) for a in accounts)
    code = accounts[0]["code"]
    chosen = browser.get(path, params={"account": code}).text
    assert f'<option value="{code}" selected>' in chosen
    api = expect(alice.get(f"/api{path}", params={"account": code, "per_page": 100}), 200)
    assert f'<p id="count">{api["total"]} ' in chosen


def test_closed_lost_without_a_reason_is_refused_where_the_reason_is_asked(
    service: ApiClient, alice: ApiClient
) -> None:
    """On the deal's page the refusal sits at Reason lost, named by its label; on the board,
    whose card has no such field, the notice says where to give one; nothing changes."""
    browser = as_browser(alice)
    page = browser.get("/deals/1").text
    form = dict(re.findall(r'name="(name|amount|currency|close_date)" value="([^"]*)"', page))
    form |= {"stage": "closed_lost", "lost_reason": ""}
    on_page = browser.post(
        "/deals/1/edit", data=form, headers={"Referer": service.base_url + "/deals/1"}
    )
    assert_form_refused(on_page, errors={"lost_reason": "needs its lost reason"}, kept={})
    assert ">Reason lost</a>" in on_page.text, "expected the summary to name the field's label"
    on_board = browser.post(
        "/deals/1/move",
        data={"stage": "closed_lost"},
        headers={"Referer": service.base_url + "/deals/board"},
    )
    assert_action_refused(
        on_board,
        409,
        "'Acme: plant analytics rollout' needs a lost reason to be moved to Closed lost: "
        "open it, choose Closed lost and say why under Reason lost.",
    )
    assert expect(alice.get("/api/deals/1"), 200)["stage"] != "closed_lost"
