"""The webmail's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one sends what the API sends."""

from __future__ import annotations

import html
import re

from tests.form_assertions import as_browser, assert_form_refused, labels_found_twice
from tests.helpers import expect

_MAIL = {"to": ["bob@example.com", "carol@example.com"], "cc": [], "bcc": [],
         "subject": "Lunch on Friday?", "body": "Shall we meet at noon?\n\nAlice"}  # fmt: skip
_MAIL_FORM = {**_MAIL, "to": "bob@example.com; carol@example.com", "cc": "", "bcc": ""}
_COMPARED = ("to", "cc", "bcc", "subject", "body", "folder")


def _sent(mail, who: str) -> list[dict]:  # type: ignore[no-untyped-def]
    found = mail.find(who, folder="sent", q="Lunch on Friday")
    details = [expect(mail.user(who).get(f"/api/messages/{m['id']}"), 200) for m in found]
    return [{k: d[k] for k in _COMPARED} for d in details]


def test_refused_compose_form_shows_the_error_next_to_the_field(mail) -> None:  # type: ignore[no-untyped-def]
    browser = as_browser(mail.admin.as_user("alice", "alice-pass"))
    long_subject = "Lunch " * 100
    response = browser.post(
        "/compose",
        data={**_MAIL_FORM, "subject": long_subject},
        headers={"Referer": mail.admin.base_url + "/compose"},
    )
    assert_form_refused(
        response,
        errors={"subject": "at most 500 characters"},
        kept={"subject": long_subject, "to": _MAIL_FORM["to"], "body": _MAIL["body"]},
    )
    assert mail.find("alice", folder="sent", q="Lunch") == []


def test_compose_form_sends_what_the_api_sends(mail) -> None:  # type: ignore[no-untyped-def]
    expect(mail.user("dave").post("/api/messages/send", json=_MAIL), 201)
    by_api = _sent(mail, "dave")
    sent = as_browser(mail.admin.as_user("alice", "alice-pass")).post("/compose", data=_MAIL_FORM)
    assert sent.status_code == 200 and "Message sent to " in sent.text
    assert _sent(mail, "alice") == by_api != []


def test_a_reply_shows_its_kept_subject_as_one_that_cannot_be_changed(mail) -> None:  # type: ignore[no-untyped-def]
    """A browsing agent typed into the reply's subject, got an error and sent twice: the page
    now says the subject is kept, and shows the field as read-only."""
    alice = as_browser(mail.admin.as_user("alice", "alice-pass"))
    inbox = expect(alice.get("/api/messages", params={"folder": "inbox"}), 200)["items"]
    page = alice.get("/compose", params={"mode": "reply", "source": inbox[0]["id"]}).text
    field = re.search(r'<input id="subject"[^>]*>', page)
    assert field is not None and "readonly" in field.group(0), field
    assert 'id="subject-kept"' in page and "cannot be changed" in page
    fresh = alice.get("/compose").text
    assert 'id="subject-kept"' not in fresh
    assert "readonly" not in (re.search(r'<input id="subject"[^>]*>', fresh) or [""])[0]


def test_a_reply_names_each_field_by_its_name_alone(mail) -> None:  # type: ignore[no-untyped-def]
    """A reply's labels are the plain "Cc", "Bcc", "Subject" and "Message" (its notes sit beside
    them): ``get_by_label("Message")`` finds the body, not the subject whose note named the
    message; only "Cc" is part of "Bcc", as on every mail site (``exact=True`` tells them apart)."""
    alice = as_browser(mail.admin.as_user("alice", "alice-pass"))
    inbox = expect(alice.get("/api/messages", params={"folder": "inbox"}), 200)["items"]
    page = alice.get("/compose", params={"mode": "reply", "source": inbox[0]["id"]}).text
    labels = {
        name: " ".join(re.sub(r"<[^>]*>", " ", text).split())
        for name, text in re.findall(r'<label for="(\w+)">(.*?)</label>', page, re.DOTALL)
    }
    assert {k: labels.get(k) for k in ("cc", "bcc", "subject", "body")} == {
        "cc": "Cc",
        "bcc": "Bcc",
        "subject": "Subject",
        "body": "Message",
    }, labels
    assert labels_found_twice(page) == [("Cc", "Bcc")]


def test_a_bad_address_on_the_compose_form_is_shown_by_its_field(mail) -> None:  # type: ignore[no-untyped-def]
    browser = as_browser(mail.admin.as_user("alice", "alice-pass"))
    response = browser.post(
        "/compose",
        data={**_MAIL_FORM, "cc": "carol@@example"},
        headers={"Referer": mail.admin.base_url + "/compose"},
    )
    assert_form_refused(
        response,
        errors={"cc": "carol@@example"},
        kept={"cc": "carol@@example", "to": _MAIL_FORM["to"], "body": _MAIL["body"]},
    )


def test_notices_name_the_recipients_and_the_messages(mail) -> None:  # type: ignore[no-untyped-def]
    """ "Message sent." named no one and "Trash: 4 messages." no message: the notices now say
    to whom a mail went and which messages a toolbar action moved."""
    browser = as_browser(mail.admin.as_user("alice", "alice-pass"))
    sent = html.unescape(browser.post("/compose", data=_MAIL_FORM).text)
    assert "Message sent to bob@example.com, carol@example.com: “Lunch on Friday?”." in sent
    lunch = mail.find("alice", folder="inbox", q="Lunch")
    trashed = browser.post(
        "/messages/bulk", data={"ids": [m["id"] for m in lunch], "action": "trash"}
    )
    said = html.unescape(trashed.text)
    assert f"Trash: {len(lunch)} message" in said and "“Lunch next week?”" in said, said[:800]
