"""The webmail's pages show what the API's reads answer: the mailbox's search options filter
as the list does, a conversation shows every message of its thread, an attachment shows its
content and downloads its bytes, and the folders, labels, contacts, directory and settings
pages show the caller's own; each control on them has a name of its own."""

from __future__ import annotations

import html
import re
import zlib
from base64 import b64encode
from collections import Counter
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.registry import get_spec
from tests.conftest import seed_dir
from tests.email.conftest import PASSWORDS
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.service_fixtures import ServedService, serve

NEW_YORK = ZoneInfo("America/New_York")


def _alice(service: ApiClient) -> ApiClient:
    return as_browser(service.as_user("alice", PASSWORDS["alice"]))


def _listed_ids(html: str) -> list[int]:
    return [int(i) for i in re.findall(r'<tr class="msg[^"]*" data-id="(\d+)"', html)]


def _message_id(client: ApiClient, subject: str, **filters: str) -> int:
    found = expect(client.get("/api/messages", params={"per_page": 100, **filters}), 200)
    (message,) = [m for m in found["items"] if m["subject"] == subject]
    return int(message["id"])


def test_the_mailbox_search_options_list_what_the_api_lists(service: ApiClient) -> None:
    alice = _alice(service)
    for options in (
        {"from": "northwind"},
        {"unread": "true", "folder": "inbox"},
        {"label": "Newsletters", "sort": "oldest"},
        {"has_attachment": "true"},
        {"to": "bob@", "folder": "sent"},
    ):
        page = alice.get("/", params={**options, "from": options.get("from", "")})
        assert page.status_code == 200, f"{options}: {page.status_code}"
        api = expect(alice.get("/api/messages", params={**options, "per_page": 25}), 200)
        assert _listed_ids(page.text) == [m["id"] for m in api["items"]] != [], options


def test_a_bad_search_option_is_said_on_an_error_page(service: ApiClient) -> None:
    page = _alice(service).get("/", params={"after": "last week"})
    assert page.status_code == 422 and "after" in page.text


def test_the_conversation_page_shows_every_message_of_the_thread(service: ApiClient) -> None:
    alice = _alice(service)
    lunch = _message_id(alice, "Lunch next week?", folder="inbox")
    message_page = alice.get(f"/messages/{lunch}").text
    link = re.search(r'<a href="(/threads/[^"]+)" id="conversation">', message_page)
    assert link is not None, "the message page has no link to its conversation"
    thread = expect(alice.get(f"/api/messages/{lunch}"), 200)["thread_id"]
    api = expect(alice.get(f"/api/threads/{thread}"), 200)
    shown = alice.get(link[1]).text
    ids = [int(i) for i in re.findall(r'class="card thread-message" data-id="(\d+)"', shown)]
    assert ids == [m["id"] for m in api["messages"]] and len(ids) == 2
    assert "Wednesday works! Shall we say 12:30?" in shown  # the draft answering it


def test_an_attachment_page_shows_its_text_and_downloads_its_bytes(service: ApiClient) -> None:
    alice = _alice(service)
    notes = _message_id(alice, "Design review notes", folder="inbox")
    (att,) = expect(alice.get(f"/api/messages/{notes}"), 200)["attachments"]
    content = alice.get(f"/api/messages/{notes}/attachments/{att['id']}/download").content
    page = alice.get(f"/messages/{notes}/attachments/{att['id']}")
    assert page.status_code == 200 and "Move the coupon field below the total." in page.text
    message_page = alice.get(f"/messages/{notes}").text
    assert 'aria-label="Open review-notes.txt"' in message_page
    links = re.findall(r'href="([^"]*)"', message_page)
    assert f"/messages/{notes}/attachments/{att['id']}/download" in links
    assert not [link for link in links if link.startswith("/api")], "a page links to the API"
    download = alice.get(f"/messages/{notes}/attachments/{att['id']}/download")
    assert download.status_code == 200 and download.content == content
    assert download.headers["Content-Type"].startswith("text/plain")
    assert "review-notes.txt" in download.headers["Content-Disposition"]


def _pdf(content: bytes, *, compressed: bool) -> bytes:
    """A one-page PDF whose page shows ``content`` (a content stream), Flate-compressed or not."""
    stream = zlib.compress(content) if compressed else content
    flate = b" /Filter /FlateDecode" if compressed else b""
    head = b"<< /Length %d%s >>" % (len(stream), flate)
    return (
        b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
        b"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
        b"3 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>\nendobj\n"
        b"4 0 obj\n" + head + b"\nstream\n" + stream + b"\nendstream\nendobj\n%%EOF\n"
    )


def test_a_pdf_attachment_page_shows_the_text_of_the_pdf(service: ApiClient) -> None:
    alice = _alice(service)
    shown = rb"BT /F1 11 Tf 56 780 Td (INVOICE No. 58213) Tj T* (TOTAL \(incl. tax\) EUR 609.53) Tj"
    shown += rb" T* [(Paid by ) -250 (Visa)] TJ ET"
    pdfs = {
        "plain.pdf": _pdf(shown, compressed=False),
        "packed.pdf": _pdf(shown, compressed=True),
    }
    attachments = [
        {
            "filename": name,
            "content_type": "application/pdf",
            "content_base64": b64encode(raw).decode(),
        }
        for name, raw in pdfs.items()
    ]
    sent = {"to": ["alice@example.test"], "subject": "Invoice", "attachments": attachments}
    expect(alice.post("/api/messages/send", json=sent), 201)
    received = _message_id(alice, "Invoice", folder="inbox")
    for att in expect(alice.get(f"/api/messages/{received}"), 200)["attachments"]:
        page = alice.get(f"/messages/{received}/attachments/{att['id']}").text
        text = re.search(r'<pre class="body" id="attachment-text">(.*?)</pre>', page, re.S)
        assert text is not None, f"{att['filename']}: the page shows no text of the PDF"
        lines = html.unescape(text[1]).splitlines()
        assert lines == ["INVOICE No. 58213", "TOTAL (incl. tax) EUR 609.53", "Paid by Visa"]


def test_folders_and_labels_pages_show_the_counts_the_api_gives(service: ApiClient) -> None:
    alice = _alice(service)
    folders = alice.get("/folders").text
    for f in expect(alice.get("/api/folders"), 200)["items"]:
        row = re.search(
            rf'<tr data-folder="{f["name"]}">.*?<td>(\d+)</td>\s*<td>(\d+)</td>', folders, re.S
        )
        assert row is not None and (int(row[1]), int(row[2])) == (f["total"], f["unread"]), f
    labels = alice.get("/labels").text
    for lab in expect(alice.get("/api/labels"), 200)["items"]:
        row = re.search(rf'<tr data-label="{lab["name"]}">.*?</td>\s*<td>(\d+)</td>', labels, re.S)
        assert row is not None and int(row[1]) == lab["message_count"], lab
        assert lab["color"] in labels


def test_the_contacts_search_and_directory_find_what_the_api_finds(service: ApiClient) -> None:
    alice = _alice(service)
    page = alice.get("/contacts", params={"q": "northwind"}).text
    assert "Priya Nair" in page and "Bob Chen" not in page
    (priya,) = expect(alice.get("/api/contacts", params={"q": "northwind"}), 200)["items"]
    contact = alice.get(f"/contacts/{priya['id']}").text
    assert "Supplier account manager" in contact and priya["email"] in contact
    directory = alice.get("/directory", params={"q": "car"}).text
    assert "carol@example.test" in directory and "bob@example.test" not in directory


def test_the_settings_page_shows_the_account(service: ApiClient) -> None:
    alice = _alice(service)
    account = expect(alice.get("/api/account"), 200)
    page = alice.get("/settings").text
    assert account["email"] in page and "Product Manager, Example Corp" in page
    assert alice.get("/").text.count('id="settings-link"') == 1


def test_every_button_on_the_new_pages_has_a_name_of_its_own(service: ApiClient) -> None:
    alice = _alice(service)
    labelled = _message_id(alice, "Spring fares from $89 - book by Sunday", folder="inbox")
    draft = _message_id(alice, "Ideas for the team newsletter", folder="drafts")
    for path in ("/folders", "/labels", "/contacts", f"/messages/{labelled}", f"/messages/{draft}"):
        html = alice.get(path).text
        names = [
            aria or " ".join(text.split())
            for aria, text in re.findall(
                r'<button\b(?:[^>]*aria-label="([^"]*)")?[^>]*>(.*?)</button>', html, re.S
            )
        ]
        repeated = [name for name, n in Counter(names).items() if n > 1]
        assert names and not repeated, f"{path}: buttons named alike: {repeated}"
    page = alice.get(f"/messages/{labelled}").text
    assert "Remove label 'Newsletters'" in page and "Remove label 'Travel'" in page


def test_a_message_and_its_reply_quote_give_times_in_the_zone_of_the_pages_today(
    tmp_path: Path,
) -> None:
    """In New York the message page and the reply's quote line say EST, as "Today" does."""
    seed_dir(tmp_path, "email", timezone="America/New_York")
    app = create_app(get_spec("email"), Settings.from_env(tmp_path))
    alice = as_browser(ServedService("email", tmp_path, app=app).client().as_user(
        "alice", PASSWORDS["alice"]
    ))  # fmt: skip
    lunch = _message_id(alice, "Lunch next week?", folder="inbox")
    sent_at = expect(alice.get(f"/api/messages/{lunch}"), 200)["date"]
    local = datetime.fromisoformat(sent_at.replace("Z", "+00:00")).astimezone(NEW_YORK)
    page = alice.get(f"/messages/{lunch}").text
    shown = f"{local:%a} {local.day} {local:%b} {local:%H:%M} EST"  # this year's: no year
    assert shown in page and " UTC" not in page, re.findall(r"&gt; · [^<]*", page)
    reply = html.unescape(alice.get("/compose", params={"mode": "reply", "source": lunch}).text)
    quote = f"On {local:%a, %d %b %Y at %H:%M} EST, "
    assert quote in reply, re.findall(r"On [^\n]* wrote:", reply)


def test_mails_that_share_a_minute_show_their_seconds(service: ApiClient) -> None:
    """Two replies sent in a row share a minute on the frozen clock (a second per request): the
    conversation page and the Sent list show seconds, so the latest reads as the latest."""
    alice = _alice(service)
    lunch = _message_id(alice, "Lunch next week?", folder="inbox")
    for body in ("Wednesday works.", "Actually, Thursday?"):
        expect(alice.post(f"/api/messages/{lunch}/reply", json={"body": body}), 201)
    thread = expect(alice.get(f"/api/messages/{lunch}"), 200)["thread_id"]
    shown = alice.get(f"/threads/{thread}").text
    stamps = re.findall(r"\w{3} \d+ \w{3} (\d\d:\d\d:\d\d) [A-Z]{3}", shown)
    assert len(stamps) >= 2 and stamps[-2] < stamps[-1], stamps
    sent = alice.get("/", params={"folder": "sent"}).text
    assert re.findall(r'<td class="date"><time [^>]*>(\d\d:\d\d:\d\d)</time>', sent), sent[-2000:]


def test_a_snippet_is_cut_at_a_word_with_an_ellipsis(service: ApiClient) -> None:
    """The list previews a body as Gmail does: its first words on one line, cut at the end of
    a word with "…" (never mid-word, as a cut at 90 characters left "Let&#39;s disc")."""
    page = _alice(service).get("/").text
    rows = re.findall(r'data-id="(\d+)".*?<span class="snippet">\S ([^<]*)</span>', page, re.S)
    assert rows
    cut = 0
    for message_id, snippet in rows:
        body = expect(service.as_user("alice", PASSWORDS["alice"]).get(
            f"/api/messages/{message_id}"), 200)["body"]  # fmt: skip
        flat = " ".join(body.split())
        said = html.unescape(snippet)
        assert len(said) <= 90 and "\n" not in said
        if said != flat:
            cut += 1
            assert said.endswith("…")
            kept = said[:-1]
            assert flat.startswith(kept) and flat[len(kept)] == " ", (kept, flat)
    assert cut, "no snippet long enough to be cut"


def test_every_page_has_one_main_heading_an_h1(service: ApiClient) -> None:
    """A screen reader's "next h1" lands on the message's subject, the contact's name or the
    page's title: each page has exactly one h1, its main heading."""
    alice = _alice(service)
    message = expect(alice.get("/api/messages", params={"per_page": 1}), 200)["items"][0]
    contact = expect(alice.get("/api/contacts"), 200)["items"][0]
    pages = ["/", f"/messages/{message['id']}", f"/threads/{message['thread_id']}",
             f"/contacts/{contact['id']}", "/contacts", "/folders", "/labels", "/directory",
             "/settings", "/compose", "/drafts/new"]  # fmt: skip
    for path in pages:
        page = alice.get(path)
        assert page.status_code == 200, path
        assert len(re.findall(r"<h1\b", page.text)) == 1, path


def test_copies_of_one_mail_are_told_apart_and_only_a_shared_minute_shows_seconds(
    tmp_path: Path,
) -> None:
    """Three copies of one mail had identical checkbox and link names ("Select “Offsite agenda”
    from Carol Diaz (28 Feb)"), so a copy could only be picked by its place; and once two rows
    shared a minute every mail of today showed its seconds ("05:00:00"). Copies are numbered
    "(2 of 3 alike)", and only a row that shares its minute with another shows seconds."""
    copy = {"owner": "alice", "folder": "inbox", "from_address": "carol@example.test",
            "from_name": "Carol Diaz", "to": ["alice@example.test"], "subject": "Offsite agenda",
            "body": "Strategy in the morning.", "date": "-2d 11:30", "read": False}  # fmt: skip
    today = {**copy, "subject": "Standup notes", "date": "-0d 08:00"}
    seed = get_spec("email").default_seed()
    seed["messages"] += [copy, copy, copy, today]
    with serve("email", tmp_path, seed) as email:
        page = html.unescape(_alice(email.client()).get("/").text)
    boxes = [b for b in re.findall(r'<label for="select-\d+" class="sr-only">([^<]*)</label>', page)
             if "Offsite agenda" in b]  # fmt: skip
    assert len(boxes) == 3 and len(set(boxes)) == 3, boxes
    assert all(b.endswith(f"({n} of 3 alike)") for n, b in enumerate(boxes, 1)), boxes
    links = re.findall(r'aria-label="(Offsite agenda \(\d of 3 alike\))">Offsite agenda</a>', page)
    assert len(set(links)) == 3, links
    assert not re.findall(r'<td class="date"><time [^>]*>(\d\d:\d\d:\d\d)</time>', page), page


def test_a_messages_heading_is_its_subject_alone(service: ApiClient) -> None:
    """The h1 read "The Weekly Byte #113: Faster Python builds Newsletters": the label chip
    was inside the heading. The labels now sit beside it."""
    alice = _alice(service)
    found = expect(alice.get("/api/messages", params={"per_page": 100}), 200)["items"]
    labelled = next(m for m in found if m["labels"])
    page = alice.get(f"/messages/{labelled['id']}").text
    heading = re.search(r'<h1 id="subject">(.*?)</h1>', page, re.S)
    assert heading and html.unescape(heading[1]).strip() == labelled["subject"], heading
