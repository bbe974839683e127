"""A notice after a form names the record it acted on, as the page names it ("Deleted your
message in #general (“Lunch at 12?”).", "Applied macro 'Refund issued' to ticket TK-1042.",
"Set 'Kettle' (KIT-4004) to 3 in your cart."): "Message deleted.", "Macro applied." or
"Cart updated." leave a person with several tabs, or an agent reading one page, guessing which.
Read twice: in the code (every ``flash`` of every service's ``ui.py`` whose words are fixed
must name the caller's own one, "Saved your settings."), and in the pages (the notice each
form of the pages the first seeded user reaches leaves when sent as it stands, ``crawled``)."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from mock_services.registry import SERVICE_MODULES
from tests.services.crawled import Visit

SERVICES = Path(__file__).resolve().parents[2] / "mock_services"


def names_a_record(notice: str) -> bool:
    """Whether ``notice`` names a record: a quoted title or name, a channel or a handle, the
    caller's own one ("your settings"), or a name or code after its first word ("Alice
    Martin", "TK-1042"): "Message deleted." names none."""
    if re.search(r"\byour\b|['\"\u201c\u2018#@]", notice, re.IGNORECASE):
        return True
    return any(
        word[:1].isupper() or re.fullmatch(r"\w*\d\w*[A-Z]\w*", word.strip(".,;:()"))
        for word in notice.split()[1:]
    )


def test_a_notice_is_told_to_name_its_record() -> None:
    named = [
        "Deleted your message in #general (“Lunch at 12?”).",
        "Applied macro 'Refund issued' to ticket TK-1042.",
        "Saved your settings.",
        "Cancelled APT-000002.",
        "Cancelled booking 7VKYLF; $321.00 refunded.",
        "Removed Bob Chen from your contacts.",
    ]
    unnamed = ["Message deleted.", "Macro applied.", "Cart updated.", "Marked as read.", "Paused."]
    assert [n for n in named if not names_a_record(n)] == []
    assert [n for n in unnamed if names_a_record(n)] == []


def _fixed_notices(source: Path) -> list[tuple[int, str]]:
    """Each ``flash("...", "ok")`` of ``source`` whose words are fixed, with its line."""
    found = []
    for node in ast.walk(ast.parse(source.read_text())):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "flash"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.lineno, node.args[0].value))
    return found


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_no_fixed_notice_leaves_its_record_unnamed(service: str) -> None:
    unnamed = [
        f"ui.py:{line} {text!r}"
        for line, text in _fixed_notices(SERVICES / service / "ui.py")
        if not names_a_record(text)
    ]
    assert unnamed == [], f"{service}: notices that name no record: {unnamed}"


@pytest.mark.parametrize("service", SERVICE_MODULES)
def test_every_notice_a_form_leaves_names_its_record(
    service: str, visit_of: Callable[[str], Visit]
) -> None:
    unnamed = sorted(
        {
            f"{text!r} after {label!r} on {address}"
            for address, label, kind, text in visit_of(service).notices
            if kind == "ok" and not names_a_record(text)
        }
    )
    assert unnamed == [], f"{service}: notices that name no record:\n" + "\n".join(unnamed)
