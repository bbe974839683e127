"""Each email web form makes the change its API route makes: the same operation in the audit
log and the same rows, from the same freshly reset state (``assert_same_change``). The compose
form is posted as its page fills it (recipients, subject, quoted text), what the user types
put in front of the body."""

from __future__ import annotations

import html
from collections.abc import Callable

import pytest

from tests.email.conftest import PASSWORDS
from tests.form_assertions import (
    FormCase,
    Given,
    as_browser,
    assert_action_refused,
    assert_form_does_what_the_api_does,
    assert_form_refused,
    kept_value,
)
from tests.helpers import ApiClient, expect

COMPOSE_FIELDS = ("to", "cc", "bcc", "subject", "body")
TYPED = "Sounds good, see you then."


def _message(folder: str, subject: str) -> Callable[[ApiClient], Given]:
    """The caller's message in ``folder`` with this subject."""

    def setup(client: ApiClient) -> Given:
        found = expect(client.get("/api/messages", params={"folder": folder, "per_page": 100}), 200)
        (message,) = [m for m in found["items"] if m["subject"] == subject]
        return {"id": message["id"]}

    return setup


def _composing(mode: str, folder: str, subject: str) -> Callable[[ApiClient], Given]:
    """The message answered and the compose page's fields as a browser posts them: a
    textarea's first line break after its tag is not part of its text."""
    find = _message(folder, subject)

    def setup(client: ApiClient) -> Given:
        given = find(client)
        page = client.get("/compose", params={"mode": mode, "source": given["id"]})
        assert page.status_code == 200, f"GET /compose: {page.status_code}"
        fields = {name: html.unescape(kept_value(page.text, name)) for name in COMPOSE_FIELDS}
        fields["body"] = TYPED + fields["body"].removeprefix("\n")
        return {**given, "fields": fields}

    return setup


def _listed(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _action(action: str, **fields: str) -> Callable[[Given], tuple[str, dict[str, str]]]:
    return lambda g: (f"/messages/{g['id']}/action", {"action": action, **fields})


def _named(kind: str, name: str) -> Callable[[ApiClient], Given]:
    """The caller's folder, label or contact (``kind``) with this name."""

    def setup(client: ApiClient) -> Given:
        found = expect(client.get(f"/api/{kind}", params={"per_page": 100}), 200)["items"]
        (item,) = [i for i in found if i["name"] == name]
        return {"id": item["id"]}

    return setup


def _inbox_pair(client: ApiClient) -> Given:
    """Two of the caller's inbox messages, the ones a bulk action ticks."""
    wanted = ("Price update from April", "Lunch next week?")
    found = expect(client.get("/api/messages", params={"folder": "inbox", "per_page": 100}), 200)
    return {"ids": [m["id"] for m in found["items"] if m["subject"] in wanted]}


CONTACT_EDIT = {
    "name": "Dave Okafor",
    "email": "dave@example.test",
    "phone": "+1 555 0103",
    "company": "Example Corp",
    "notes": "Prefers afternoons",
}

CASES = [
    FormCase(
        "message_action-read",
        "update_flags",
        api=lambda g: ("PATCH", f"/api/messages/{g['id']}", {"read": True}),
        form=_action("read"),
        setup=_message("inbox", "Lunch next week?"),
    ),
    FormCase(
        "message_action-unread",
        "update_flags",
        api=lambda g: ("PATCH", f"/api/messages/{g['id']}", {"read": False}),
        form=_action("unread"),
        setup=_message("inbox", "Price update from April"),
    ),
    FormCase(
        "message_action-star",
        "update_flags",
        api=lambda g: ("PATCH", f"/api/messages/{g['id']}", {"starred": True}),
        form=_action("star"),
        setup=_message("inbox", "Price update from April"),
    ),
    FormCase(
        "message_action-unstar",
        "update_flags",
        api=lambda g: ("PATCH", f"/api/messages/{g['id']}", {"starred": False}),
        form=_action("unstar"),
        setup=_message("inbox", "Design review notes"),
    ),
    FormCase(
        "message_action-move",
        "move_message",
        api=lambda g: ("POST", f"/api/messages/{g['id']}/move", {"folder": "Projects"}),
        form=_action("move", folder="Projects"),
        setup=_message("inbox", "Price update from April"),
    ),
    FormCase(
        "message_action-trash",
        "trash_message",
        api=lambda g: ("DELETE", f"/api/messages/{g['id']}", {}),
        form=_action("trash"),
        setup=_message("inbox", "Price update from April"),
    ),
    FormCase(
        "message_action-restore",
        "restore_message",
        api=lambda g: ("POST", f"/api/messages/{g['id']}/restore", {}),
        form=_action("restore"),
        setup=_message("trash", "Last chance: 30% off headphones"),
    ),
    FormCase(
        "message_action-delete_forever",
        "delete_forever",
        api=lambda g: ("DELETE", f"/api/messages/{g['id']}/forever", {}),
        form=_action("delete_forever"),
        setup=_message("trash", "Last chance: 30% off headphones"),
    ),
    FormCase(
        "message_action-add_label",
        "add_label",
        api=lambda g: ("POST", f"/api/messages/{g['id']}/labels", {"name": "Urgent"}),
        form=_action("add_label", label="Urgent"),
        setup=_message("inbox", "Price update from April"),
    ),
    FormCase(
        "compose-new",
        "send_message",
        api=lambda g: (
            "POST",
            "/api/messages/send",
            {
                "to": ["bob@example.test", "priya.nair@northwind.example"],
                "cc": ["carol@example.test"],
                "bcc": ["dave@example.test"],
                "subject": "Offsite agenda",
                "body": "Agenda attached.\n\n-- \nAlice",
            },
        ),
        form=lambda g: (
            "/compose",
            {
                "mode": "new",
                "to": "bob@example.test, priya.nair@northwind.example",
                "cc": "carol@example.test",
                "bcc": "dave@example.test",
                "subject": "Offsite agenda",
                "body": "Agenda attached.\n\n-- \nAlice",
            },
        ),
    ),
    FormCase(
        "compose-reply",
        "reply",
        api=lambda g: (
            "POST",
            f"/api/messages/{g['id']}/reply",
            {"body": g["fields"]["body"], "bcc": ["carol@example.test"]},
        ),
        form=lambda g: (
            "/compose",
            {
                **g["fields"],
                "bcc": "carol@example.test",
                "mode": "reply",
                "source": str(g["id"]),
            },
        ),
        setup=_composing("reply", "inbox", "Lunch next week?"),
    ),
    FormCase(
        "compose-reply_all",
        "reply_all",
        api=lambda g: (
            "POST",
            f"/api/messages/{g['id']}/reply-all",
            {"body": g["fields"]["body"], "cc": ["dave@example.test"]},
        ),
        form=lambda g: (
            "/compose",
            {
                **g["fields"],
                "cc": "dave@example.test",
                "mode": "reply_all",
                "source": str(g["id"]),
            },
        ),
        setup=_composing("reply_all", "inbox", "Q2 planning offsite"),
    ),
    FormCase(
        "compose-forward",
        "forward",
        api=lambda g: (
            "POST",
            f"/api/messages/{g['id']}/forward",
            {
                "to": ["priya.nair@northwind.example", "bob@example.test"],
                "body": g["fields"]["body"],
            },
        ),
        form=lambda g: (
            "/compose",
            {
                **g["fields"],
                "to": "priya.nair@northwind.example, bob@example.test",
                "mode": "forward",
                "source": str(g["id"]),
            },
        ),
        setup=_composing("forward", "inbox", "Design review notes"),
    ),
    FormCase(
        "remove_label",
        "remove_label",
        api=lambda g: ("DELETE", f"/api/messages/{g['id']}/labels/Urgent", None),
        form=lambda g: (f"/messages/{g['id']}/labels/remove", {"label": "Urgent"}),
        setup=_message("inbox", "Design review notes"),
    ),
    FormCase(
        "bulk_action-add_label",
        "bulk_action",
        api=lambda g: (
            "POST",
            "/api/messages/bulk",
            {"ids": g["ids"], "action": "add_label", "label": "Travel"},
        ),
        form=lambda g: (
            "/messages/bulk",
            {
                "ids": g["ids"],
                "back": "/?folder=inbox",
                "action": "add_label",
                "folder": "",
                "label": "Travel",
            },
        ),
        setup=_inbox_pair,
    ),
    FormCase(
        "bulk_action-move",
        "bulk_action",
        api=lambda g: (
            "POST",
            "/api/messages/bulk",
            {"ids": g["ids"], "action": "move", "folder": "Projects"},
        ),
        form=lambda g: (
            "/messages/bulk",
            {"ids": g["ids"], "action": "move", "folder": "Projects", "label": ""},
        ),
        setup=_inbox_pair,
    ),
    FormCase(
        "empty_trash",
        "empty_trash",
        api=lambda g: ("POST", "/api/trash/empty", None),
        form=lambda g: ("/trash/empty", {}),
    ),
    FormCase(
        "draft_create",
        "create_draft",
        api=lambda g: (
            "POST",
            "/api/drafts",
            {"to": ["dave@example.test"], "subject": "Agenda", "body": "First item:\n"},
        ),
        form=lambda g: (
            "/drafts",
            {
                "to": "dave@example.test",
                "cc": "",
                "bcc": "",
                "subject": "Agenda",
                "body": "First item:\n",
            },
        ),
    ),
    FormCase(
        "draft_edit",
        "update_draft",
        api=lambda g: (
            "PATCH",
            f"/api/drafts/{g['id']}",
            {
                "to": ["bob@example.test"],
                "cc": [],
                "bcc": [],
                "subject": "Newsletter ideas",
                "body": "- customer stories\n",
            },
        ),
        form=lambda g: (
            f"/drafts/{g['id']}/edit",
            {
                "to": "bob@example.test",
                "cc": "",
                "bcc": "",
                "subject": "Newsletter ideas",
                "body": "- customer stories\n",
            },
        ),
        setup=_message("drafts", "Ideas for the team newsletter"),
    ),
    FormCase(
        "draft_send",
        "send_draft",
        api=lambda g: ("POST", f"/api/drafts/{g['id']}/send", None),
        form=lambda g: (f"/drafts/{g['id']}/send", {}),
        setup=_message("drafts", "Re: Lunch next week?"),
    ),
    FormCase(
        "draft_delete",
        "delete_draft",
        api=lambda g: ("DELETE", f"/api/drafts/{g['id']}", None),
        form=lambda g: (f"/drafts/{g['id']}/delete", {}),
        setup=_message("drafts", "Ideas for the team newsletter"),
    ),
    FormCase(
        "folder_create",
        "create_folder",
        api=lambda g: ("POST", "/api/folders", {"name": "Taxes"}),
        form=lambda g: ("/folders", {"name": "Taxes"}),
    ),
    FormCase(
        "folder_rename",
        "rename_folder",
        api=lambda g: ("PATCH", f"/api/folders/{g['id']}", {"name": "Orders"}),
        form=lambda g: (f"/folders/{g['id']}/rename", {"name": "Orders"}),
        setup=_named("folders", "Receipts"),
    ),
    FormCase(
        "folder_delete",
        "delete_folder",
        api=lambda g: ("DELETE", f"/api/folders/{g['id']}?move_messages_to_inbox=true", None),
        form=lambda g: (f"/folders/{g['id']}/delete", {"move_messages_to_inbox": "true"}),
        setup=_named("folders", "Projects"),
    ),
    FormCase(
        "label_create",
        "create_label",
        api=lambda g: ("POST", "/api/labels", {"name": "Receipts", "color": "#795548"}),
        form=lambda g: ("/labels", {"name": "Receipts", "color": "#795548"}),
    ),
    FormCase(
        "label_edit",
        "update_label",
        api=lambda g: ("PATCH", f"/api/labels/{g['id']}", {"name": "Trips", "color": None}),
        form=lambda g: (f"/labels/{g['id']}/edit", {"name": "Trips", "color": ""}),
        setup=_named("labels", "Travel"),
    ),
    FormCase(
        "label_delete",
        "delete_label",
        api=lambda g: ("DELETE", f"/api/labels/{g['id']}", None),
        form=lambda g: (f"/labels/{g['id']}/delete", {}),
        setup=_named("labels", "Urgent"),
    ),
    FormCase(
        "contact_create",
        "create_contact",
        api=lambda g: (
            "POST",
            "/api/contacts",
            {"name": "Erin Wu", "email": "erin@example.test", "company": "Acme"},
        ),
        form=lambda g: (
            "/contacts",
            {
                "name": "Erin Wu",
                "email": "erin@example.test",
                "phone": "",
                "company": "Acme",
                "notes": "",
            },
        ),
    ),
    FormCase(
        "contact_edit",
        "update_contact",
        api=lambda g: ("PATCH", f"/api/contacts/{g['id']}", {**CONTACT_EDIT, "company": None}),
        form=lambda g: (f"/contacts/{g['id']}/edit", {**CONTACT_EDIT, "company": ""}),
        setup=_named("contacts", "Dave Okafor"),
    ),
    FormCase(
        "contact_delete",
        "delete_contact",
        api=lambda g: ("DELETE", f"/api/contacts/{g['id']}", None),
        form=lambda g: (f"/contacts/{g['id']}/delete", {}),
        setup=_named("contacts", "Priya Nair"),
    ),
    FormCase(
        "settings",
        "update_account",
        api=lambda g: (
            "PATCH",
            "/api/account",
            {"display_name": "Alice M. Martin", "signature": "Alice\nProduct"},
        ),
        form=lambda g: (
            "/settings",
            {"display_name": "Alice M. Martin", "signature": "Alice\nProduct"},
        ),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def test_a_reply_form_without_the_message_it_answers_sends_nothing(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    form = {"mode": "reply", "to": "bob@example.test", "body": "Hello"}
    answer = browser.post("/compose", data=form, allow_redirects=False)
    entry = browser.audit()[-1]
    assert_action_refused(answer, 422, "reply", kept={"body": "Hello"})
    assert (entry["operation"], entry["status"], entry["changes"]) == ("reply", 422, []), (
        f"expected the reply refused (422, nothing sent), got {entry}"
    )


def test_a_query_beside_a_posted_form_cannot_misname_what_the_form_does(
    service: ApiClient,
) -> None:
    """The audit log reads a form's choice and target where its handler does, in the body: a
    query saying "star message 1" beside a form that trashes message 2 is ignored."""
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    inbox = expect(browser.get("/api/messages", params={"folder": "inbox", "per_page": 2}), 200)
    first, second = (m["id"] for m in inbox["items"])
    answer = browser.post(
        f"/messages/{second}/action?action=star&message_id={first}",
        data={"action": "trash"},
        allow_redirects=False,
    )
    assert answer.status_code == 303, f"expected the trash to go through, got {answer.status_code}"
    entry = browser.audit()[-1]
    assert (entry["operation"], entry["params"]) == ("trash_message", {"message_id": second}), (
        f"expected trash_message of message {second}, got {entry['operation']} {entry['params']}"
    )


LONG = "x" * 101
REFUSED = [
    # (page the form is on, form's action, fields, refused field and its message, kept field)
    ("/settings", "/settings", {"display_name": "", "signature": "Cheers"},
     ("display_name", "is required"), "signature"),
    ("/folders", "/folders", {"name": LONG}, ("name", "at most 100 characters"), "name"),
    ("/labels", "/labels", {"name": "Receipts", "color": "#" * 21},
     ("color", "at most 20 characters"), "name"),
    ("/contacts", "/contacts", {"name": "", "email": "erin@example.test", "phone": "",
     "company": "Acme", "notes": ""}, ("name", "is required"), "email"),
    ("/contacts", "/contacts", {"name": "Erin Wu", "email": "erin", "phone": "", "company": "",
     "notes": ""}, ("email", "'erin' is not a valid email address"), "name"),
    ("/drafts/new", "/drafts", {"to": "dave@, bob@example.test", "cc": "", "bcc": "",
     "subject": "Agenda", "body": "Notes"}, ("to", "'dave@' is not a valid email address"),
     "subject"),
    ("/drafts/new", "/drafts", {"to": "dave@example.test", "cc": "", "bcc": "",
     "subject": "s" * 501, "body": "Notes"}, ("subject", "at most 500 characters"), "to"),
]  # fmt: skip


@pytest.mark.parametrize(
    "shown, action, fields, error, kept", REFUSED, ids=[f"{r[0]}-{r[3][0]}" for r in REFUSED]
)
def test_a_refused_form_comes_back_with_the_message_and_what_was_typed(
    service: ApiClient,
    shown: str,
    action: str,
    fields: dict[str, str],
    error: tuple[str, str],
    kept: str,
) -> None:
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    before = browser.audit()
    answer = browser.post(action, data=fields, headers={"Referer": service.base_url + shown})
    assert_form_refused(answer, errors=dict([error]), kept={kept: fields[kept]})
    entry = browser.audit(before[-1]["id"] if before else 0)[-1]
    assert (entry["status"], entry["changes"]) == (422, []), f"expected nothing changed: {entry}"


def test_a_refused_contact_edit_comes_back_on_the_contact_page(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    (dave,) = _named("contacts", "Dave Okafor")(browser).values()
    answer = browser.post(
        f"/contacts/{dave}/edit",
        data={**CONTACT_EDIT, "name": ""},
        headers={"Referer": f"{service.base_url}/contacts/{dave}"},
    )
    assert_form_refused(
        answer, errors={"name": "is required"}, kept={"notes": "Prefers afternoons"}
    )
    contact = expect(browser.get(f"/api/contacts/{dave}"), 200)
    assert contact["name"] == "Dave Okafor" and contact["notes"] == "Prefers mornings"


def test_a_refused_draft_edit_keeps_what_was_typed(service: ApiClient) -> None:
    """A refused address in the draft's form is shown by its field; the draft is unchanged."""
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    draft = _message("drafts", "Ideas for the team newsletter")(browser)["id"]
    typed = {"to": "bob@example.test", "cc": "carol@", "bcc": "", "subject": "Ideas",
             "body": "- customer stories\n- a new line"}  # fmt: skip
    answer = browser.post(
        f"/drafts/{draft}/edit",
        data=typed,
        headers={"Referer": f"{service.base_url}/messages/{draft}"},
    )
    assert_form_refused(
        answer,
        errors={"cc": "'carol@' is not a valid email address"},
        kept={"to": typed["to"], "subject": "Ideas", "body": typed["body"]},
    )
    saved = expect(browser.get(f"/api/messages/{draft}"), 200)
    assert (saved["to"], saved["subject"]) == ([], "Ideas for the team newsletter")


def test_the_move_form_of_a_message_chooses_no_folder_for_the_user(service: ApiClient) -> None:
    """Pressing Move without choosing a folder moves nothing: the select starts on "choose a
    folder", which the form refuses next to the select; a folder chosen is kept."""
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    message = _message("inbox", "Lunch next week?")(browser)["id"]
    page = browser.get(f"/messages/{message}").text
    start = page.index('id="move-folder"')
    select = page[start : page.index("</select>", start)]
    assert "selected" not in select
    assert select.split("<option", 2)[1].startswith(' value="">choose a folder')
    answer = browser.post(
        f"/messages/{message}/action",
        data={"action": "move", "folder": ""},
        headers={"Referer": f"{service.base_url}/messages/{message}"},
    )
    assert_form_refused(answer, errors={"folder": "is required"}, kept={"folder": ""})
    assert expect(browser.get(f"/api/messages/{message}"), 200)["folder"] == "inbox"
