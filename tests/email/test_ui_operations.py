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
    assert_form_does_what_the_api_does,
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
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def test_a_reply_form_without_the_message_it_answers_sends_nothing(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    form = {"mode": "reply", "to": "bob@example.test", "body": "Hello"}
    answer = browser.post("/compose", data=form, allow_redirects=False)
    entry = browser.audit()[-1]
    assert answer.is_redirect, f"expected a redirect back with the error, got {answer.status_code}"
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
