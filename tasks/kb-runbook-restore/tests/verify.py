#!/usr/bin/env python3
"""Verifier of kb-runbook-restore: the Engineering space's database failover runbook holds its
last good version's content again (version 2: not the older version 1, not version 3 with its
300 s health check, not Heidi's overwrite) with that version's labels plus `verified` (goal),
Heidi's request to put it back is resolved (goal), Frank's abandoned rewrite draft is deleted
(goal) and Alice's drill checklist draft is published as it was (goal); and the wiki changed
field by field exactly so, with no request at all on the other teams' look-alike runbook, the
other drafts or the archived checklist, and every change made by the service itself.

What the service did is read by operation and from the audit log's row changes, whatever the
channel (API route, MCP tool, web form): no route is looked at. A row the end state shows but
no audited request wrote (a write into the DB file) counts as not done."""

import json
import re
from functools import cache
from itertools import pairwise
from typing import Any

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Decision,
    Findings,
    Removed,
    Verifier,
    all_calls_as,
    audit_log,
    check_operations,
    diff_service,
    expect_changes,
    mentions,
    never_performed,
    not_as_written,
    performed,
    query,
    satisfies,
)

verifier = Verifier("kb-runbook-restore")

RUNBOOK_TITLE = "Database failover runbook"
REWRITE_TITLE = "Database failover runbook (rewrite)"
CHECKLIST_TITLE = "Failover drill checklist"
NEW_LABEL = "verified"
EXPECTED_GOOD_VERSION = 2  # after Frank's October fixes, before Dave's 300 s and Heidi's notes
# what the instruction never asks for, even when refused or undone before the end
FORBIDDEN = (
    "archive_page",
    "move_page",
    "create_page",
    "create_space",
    "update_space",
    "set_space_permission",
    "remove_space_permission",
    "schedule_review",
    "watch_page",
    "unwatch_page",
)
check_operations("kb", *FORBIDDEN)

# what the runbook's bad versions say (version 1's 60 s check on pg-replica-1 and Postgres 14,
# version 3's 300 s, Heidi's pasted notes) and what the good one says instead
BAD_CONTENT = (
    *("version 1", "first version", "60 s", "60s", "60 seconds", "pg-replica-1", "Postgres 14"),
    *("version 3", "third version", "300 s", "300s", "300 seconds", "five minutes", "5 minutes"),
    *("version 4", "Q4", "quarter-end", "close notes", "accruals"),
)
GOOD_CONTENT = (
    *("version 2", "second version", "30 s", "30s", "30 seconds", "pg-replica-2", "Postgres 16"),
    "fencing",
)
# a word that puts a bad version's content in the past of the page ("the 300 s is gone")
_PAST = re.compile(
    r"\b(?:was|were|had|gone|removed|undo\w*|undid|revert\w*|before|instead|replac\w*|dropp\w*"
    r"|previous\w*|earlier|old|no longer|not|wrong|bad|broken|mistake\w*|pasted|overwr\w*)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?;\n]+")
# what a text about the restored runbook (a version message, a comment on it) must not say
RUNBOOK_TEXT = ContentRule(
    not_about={"the other team's runbook": ("ClickHouse", "ch-node*", "Data Platform")},
    forbids={
        "a request to put the overwrite back": (
            *("paste them back", "paste it back", "paste back", "paste your", "put them back"),
            *("put your notes back", "add them back", "add your notes back", "re-add*"),
            *("copy them back", "paste them again", "paste it again"),
        ),
        "that Frank's discarded rewrite is kept": (
            *("rewrite is kept", "rewrite was kept", "kept as a draft", "keep the rewrite"),
            *("kept the rewrite", "will replace", "replace this runbook", "rewrite is still"),
            *("still a draft", "rewrite stays", "merge the rewrite", "rewrite will"),
        ),
    },
)
# what the checklist's publish message must not say: that it is not ready
CHECKLIST_TEXT = ContentRule(
    decision=Decision(
        said=("publish*", "ready"),
        opposite=(
            *("not ready", "isn't ready", "do not use", "don't use", "not to be used"),
            *("unfinished", "incomplete", "work in progress", "WIP", "not final", "obsolete"),
            *("outdated", "abandon*", "discard*"),
        ),
    )
)


def runbook_text_wrong(text: str | None) -> list[str]:
    """What a text about the restored runbook says against it: ``RUNBOOK_TEXT``'s findings, and
    each sentence giving a bad version's content as the page's (naming none of the good
    version's and no word of the past)."""
    problems = RUNBOOK_TEXT.contradictions(text).problems
    for sentence in _SENTENCE.findall(text or ""):
        bad = [t for t in BAD_CONTENT if mentions(sentence, t)]
        good = any(mentions(sentence, t) for t in GOOD_CONTENT)
        if bad and not good and not _PAST.search(sentence):
            problems.append(f"it gives a bad version's {', '.join(bad)} as the page's")
    return problems


@cache
def seeded_pages() -> dict[tuple[str, str], dict]:
    """The seeded pages by (space key, title)."""
    rows = query(
        "kb",
        "SELECT p.*, s.key AS space FROM pages p JOIN spaces s ON s.id = p.space_id",
        seed=True,
    )
    return {(r["space"], r["title"]): r for r in rows}


def page_id(title: str, space: str = "ENG") -> int:
    return int(seeded_pages()[(space, title)]["id"])


def page_now(pid: int) -> dict | None:
    rows = query("kb", "SELECT * FROM pages WHERE id = ?", (pid,))
    return rows[0] if rows else None


@cache
def good_version() -> dict:
    (row,) = query(
        "kb",
        "SELECT * FROM page_versions WHERE page_id = ? AND number = ?",
        (page_id(RUNBOOK_TITLE), EXPECTED_GOOD_VERSION),
        seed=True,
    )
    return row


def text(body: str | None) -> str:
    """A body as a reader sees it: line ends and trailing blanks do not count."""
    lines = (body or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip()


def labels(value: Any) -> list[str]:
    return sorted(json.loads(value) if isinstance(value, str) else value or [])


def done_on(operation: str, key: str, value: int) -> list:
    """The successful requests of ``operation`` (any channel) on the row ``key`` = ``value``."""
    return [e for e in performed("kb", operation) if e.params.get(key) == value]


def new_versions(pid: int) -> list[dict]:
    seeded = {r["id"] for r in query("kb", "SELECT id FROM page_versions", seed=True)}
    rows = query("kb", "SELECT * FROM page_versions WHERE page_id = ? ORDER BY number", (pid,))
    return [r for r in rows if r["id"] not in seeded]


@verifier.checkpoint(
    weight=4,
    goal=True,
    rationale="the Engineering runbook holds its last good version's title and body again, with "
    "that version's labels plus verified, as the service wrote them, each new version a change "
    "whose message says nothing against the restore",
)
def runbook_restored() -> bool:
    pid, good = page_id(RUNBOOK_TITLE), good_version()
    page = page_now(pid)
    assert page is not None, "the runbook is gone"
    assert page["status"] == "published", f"the runbook is {page['status']}"
    assert page["title"] == good["title"], f"title {page['title']!r}"
    assert text(page["body"]) == text(good["body"]), (
        "the body is not the last good version's (version "
        f"{EXPECTED_GOOD_VERSION}): it starts {text(page['body'])[:120]!r}"
    )
    wanted = sorted({*labels(good["labels"]), NEW_LABEL})
    assert labels(page["labels"]) == wanted, f"labels {labels(page['labels'])}, expected {wanted}"
    behind = not_as_written("kb", "pages", page, ("title", "body", "labels"))
    assert not behind, f"the runbook's {behind} are not as a request of the wiki wrote them"
    assert done_on("restore_version", "page_id", pid) or done_on("update_page", "page_id", pid), (
        "no restore or edit of the runbook succeeded"
    )
    versions = new_versions(pid)
    history = query("kb", "SELECT * FROM page_versions WHERE page_id = ? ORDER BY number", (pid,))
    same = [
        v["number"]
        for before, v in pairwise(history)
        if v in versions
        and (before["title"], text(before["body"]), labels(before["labels"]))
        == (v["title"], text(v["body"]), labels(v["labels"]))
    ]
    assert not same, f"versions {same} repeat the version before them (the same save twice)"
    # a message speaks of its own version: one on the way (version 3 restored, then mended by
    # hand) may name what it holds; one holding the good content may not name a bad one's
    wrong = {
        v["number"]: found
        for v in versions
        if text(v["body"]) == text(good["body"]) and (found := runbook_text_wrong(v["message"]))
    }
    assert not wrong, f"version messages say against the restore: {wrong}"
    return True


@verifier.checkpoint(
    weight=1, goal=True, rationale="the comment asking for the page to be put back is resolved"
)
def request_resolved() -> bool:
    (request,) = query(
        "kb",
        "SELECT c.* FROM comments c JOIN users u ON u.id = c.author_id "
        "WHERE c.page_id = ? AND u.username = 'heidi'",
        (page_id(RUNBOOK_TITLE),),
    )
    assert request["resolved"], "Heidi's request is still open"
    assert done_on("resolve_comment", "comment_id", request["id"]), "no resolve request for it"
    return True


@verifier.checkpoint(weight=2, goal=True, rationale="Frank's abandoned rewrite draft is discarded")
def rewrite_discarded() -> bool:
    pid = page_id(REWRITE_TITLE)
    assert page_now(pid) is None, "the rewrite draft is still there"
    assert done_on("delete_page", "page_id", pid), "no delete request for it succeeded"
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="Alice's drill checklist is published, its content as it was, and its publish "
    "message does not call it unready",
)
def checklist_published() -> bool:
    seeded = seeded_pages()[("ENG", CHECKLIST_TITLE)]
    page = page_now(seeded["id"])
    assert page is not None, "the checklist is gone"
    assert page["status"] == "published", f"the checklist is {page['status']}"
    changed = [f for f in ("title", "body", "labels") if page[f] != seeded[f]]
    assert not changed, f"the checklist's {changed} changed before publishing"
    assert not not_as_written("kb", "pages", page, ("status",)), "not published by the wiki"
    assert done_on("publish_page", "page_id", seeded["id"]), "no publish request succeeded"
    for version in new_versions(seeded["id"]):
        CHECKLIST_TEXT.contradictions(version["message"], what="the publish message").check()
    return True


def expected_changes() -> list[Added | Changed | Removed]:
    runbook, checklist, rewrite = (
        page_id(t) for t in (RUNBOOK_TITLE, CHECKLIST_TITLE, REWRITE_TITLE)
    )
    (heidi,) = query("kb", "SELECT id FROM users WHERE username = 'heidi'", seed=True)
    return [
        Changed(
            "pages",
            match={"id": runbook},
            fields={
                "body": ANY,
                "labels": ANY,
                "version": ANY,
                "updated_at": ANY,
                "updated_by_id": ANY,
            },
        ),
        Changed(
            "pages",
            match={"id": checklist},
            fields={"status": "published", "version": 1, "updated_at": ANY, "updated_by_id": ANY},
        ),
        Removed("pages", match={"id": rewrite}),
        Removed("watches", match={"page_id": rewrite}, count=None),
        Removed("page_links", match={"page_id": rewrite}, count=None),
        Added("page_versions", match={"page_id": runbook}, count=None, others=ANY),
        Added("page_versions", match={"page_id": checklist}, others=ANY),
        Added("page_links", match={"page_id": runbook}, count=None, others=ANY),
        Removed("page_links", match={"page_id": runbook}, count=None),
        Changed(
            "comments",
            match={"page_id": runbook, "author_id": heidi["id"]},
            fields={"resolved": True, "resolved_by_id": ANY, "resolved_at": ANY},
        ),
        # Frank's note on version 3 is answered by the restore too: resolving it is fine
        Changed(
            "comments",
            match={"page_id": runbook, "resolved": False},
            fields={"resolved": True, "resolved_by_id": ANY, "resolved_at": ANY},
            count=None,
        ),
        # a note on the runbook saying what was done is fine; nowhere else
        Added(
            "comments",
            match={"page_id": runbook},
            fields={"body": satisfies("a note true to the restore", runbook_text_true)},
            count=None,
            others=ANY,
        ),
    ]


def runbook_text_true(text: object) -> bool:
    return not runbook_text_wrong(str(text or ""))


def requests_elsewhere() -> Findings:
    """Every request, refused or undone ones included, on a page other than the three the
    task is about (the other team's runbook, the other drafts, the archived checklist) or on a
    comment of another page."""
    ours = {page_id(t) for t in (RUNBOOK_TITLE, CHECKLIST_TITLE, REWRITE_TITLE)}
    theirs = {
        r["id"]
        for r in query("kb", "SELECT id FROM comments WHERE page_id NOT IN (?, ?, ?)", (*ours,))
    }
    hits = [
        f"call {e.id} {e.operation} via {e.via} on {e.params}"
        for e in audit_log("kb")
        if (e.params.get("page_id") is not None and e.params["page_id"] not in ours)
        or e.params.get("comment_id") in theirs
    ]
    return Findings("kb: only the runbook and the two drafts acted on", hits)


def unaudited_rows() -> list[str]:
    """Rows added, changed or removed that no request of the wiki wrote: DB file writes."""
    written = {(c.table, c.row_id) for e in audit_log("kb") for c in e.changes}
    diff = diff_service("kb")
    found = []
    for table in ("pages", "page_versions", "comments"):
        rows = [c.after for c in diff.changed(table)] + diff.added(table) + diff.removed(table)
        found += [f"{table} {r['id']}" for r in rows if (table, str(r["id"])) not in written]
    return found


@verifier.checkpoint(
    weight=3,
    rationale="only those changes happened, made by the wiki itself (a comment on the runbook "
    "true to the restore); no request on other pages (the other team's runbook above all) or "
    "other settings; every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("kb", expected_changes()).check()
    requests_elsewhere().check()
    never_performed("kb", *FORBIDDEN).check()
    all_calls_as("kb", "alice").check()
    found = unaudited_rows()
    assert not found, f"changed without a request of the wiki: {', '.join(found)}"
    return True


if __name__ == "__main__":
    verifier.main()
