"""Mail as a verifier sees it in the email service's DB: the ids that say where a mail landed,
the expected changes of mail sent through the service, and what a sender wrote in a mail
(its text and its HTML part, without the original a reply or a forward carries below it).

    expect_changes("email", sent_mail("alice", ["bob"], fields={"to_addresses": [BOB]})).check()
    RULE.check(sender_words(reply), what="the reply to Tom").check()
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from html.parser import HTMLParser
from typing import Any

from mock_services.core.seeding.personas import own_words
from mock_services.verify.expect import ANY, Added, Changed
from mock_services.verify.state import query


@cache
def mailbox_ids() -> dict[str, int]:
    """User and folder ids of the email service: ``"alice"``, ``"alice/sent"``,
    ``"bob/inbox"``... (folder names lower-cased), so an expected change can say "in Alice's
    Sent folder" or "a copy in Bob's inbox"."""
    users = {r["username"]: r["id"] for r in query("email", "SELECT id, username FROM users")}
    owners = {uid: name for name, uid in users.items()}
    ids = dict(users)
    for row in query("email", "SELECT id, owner_id, name FROM folders"):
        ids[f"{owners[row['owner_id']]}/{row['name'].lower()}"] = row["id"]
    return ids


def sent_mail(
    sender: str,
    delivered_to: Iterable[str],
    *,
    fields: Mapping[str, Any],
    count: int | None = 1,
    read_by: Iterable[str] | None = None,
) -> list[Added | Changed]:
    """The expected changes of mail that ``sender`` sent (user names, as in ``mailbox_ids``):
    their copy in their Sent folder (a draft or a copy elsewhere is a surprise), one in each
    of ``delivered_to``'s inboxes, each with ``fields`` (headers, subject: literals or
    predicates; the other columns are free); ``count`` copies of each (``None``: any number);
    and the read flags of ``read_by``'s messages (default: the sender's) may change."""
    ids = mailbox_ids()
    copies = [
        Added(
            "messages",
            match={"owner_id": ids[user]},
            fields={"folder_id": ids[f"{user}/{folder}"], **fields},
            others=ANY,
            count=count,
        )
        for user, folder in [(sender, "sent"), *((user, "inbox") for user in delivered_to)]
    ]
    readers = [sender] if read_by is None else list(read_by)
    reads = [
        Changed("messages", match={"owner_id": ids[user]}, fields={"is_read": ANY}, count=None)
        for user in readers
    ]
    return [*copies, *reads]


def sender_words(mail: Mapping[str, Any]) -> str:
    """The body of ``mail`` (a row of the email service's ``messages``) as its sender wrote it
    (``own_words``): without the original a reply quotes below it (as the web UI's reply form
    fills in, and ``quote: true`` appends) or a forward carries, where that is a true copy of
    the mail it answers. A mail with an HTML part says what that part says too (a reader whose
    client shows HTML reads only it): its lines the text body does not hold follow it."""
    parent = mail.get("in_reply_to") or (mail.get("reference_ids") or [None])[-1]
    answered = _answered_lines(parent)
    text = own_words(mail.get("body") or "", answered).rstrip()
    held = {line.strip() for line in text.splitlines()}
    shown = own_words(html_text(mail.get("body_html") or ""), answered).splitlines()
    more = [line.strip() for line in shown if line.strip() and line.strip() not in held]
    return "\n\n".join(filter(None, (text, "\n".join(more))))


class _HtmlText(HTMLParser):
    """The text an HTML part shows, a line per block (paragraph, break, list item, cell)."""

    BLOCKS = frozenset(
        {"p", "br", "div", "li", "tr", "td", "th", "blockquote", "pre", "ul", "ol", "table", "hr"}
        | {f"h{level}" for level in range(1, 7)}
    )
    HIDDEN = frozenset({"script", "style", "head", "title"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_text(html: str) -> str:
    """What an HTML part shows as text: tags dropped, entities decoded, a line per block,
    scripts and styles left out."""
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(line for line in lines if line)


def _answered_lines(message_id: str | None) -> set[str]:
    """The stripped lines of the mail whose Message-ID is ``message_id`` (any copy): none for
    a mail that answers none, so any quote in it is the sender's own words."""
    if not message_id:
        return set()
    rows = query("email", "SELECT body FROM messages WHERE message_id = ?", (message_id,))
    return {line.strip() for row in rows for line in (row["body"] or "").splitlines()}
