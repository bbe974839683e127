"""A record's page offers its edit, merge, delete and complete forms only to whoever may use
them, its owner or a manager (`people.may_change`, the rule the API refuses by), as a lead's
page offers "Convert lead"; anyone else reads one line naming the owner as people read them.
Alice, a rep, was offered "Edit deal" and "Delete deal '…'" on Bob's deal 30 and, on saving,
told "Deal 30 belongs to another account; only its owner bob or a manager may change it": in a
CRM, another account reads as another company, and bob is a username."""

from __future__ import annotations

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect, expect_error
from tests.page_words import shown_text


def _not_alices(alice: ApiClient, listing: str, key: str) -> object:
    """The key of a record of ``listing`` that alice does not own."""
    rows = expect(alice.get(f"/api/{listing}", params={"per_page": 100}), 200)["items"]
    return next(r[key] for r in rows if r["owner"] != "alice")


@pytest.mark.parametrize(
    ("listing", "key", "offered", "line"),
    [
        ("deals", "id", ("Edit deal", "Delete deal"), "edit or delete this deal"),
        (
            "accounts",
            "code",
            ("Save account", "Delete account"),
            "edit, merge or delete this account",
        ),
        (
            "contacts",
            "id",
            ("Save contact", "Delete contact"),
            "edit, merge or delete this contact",
        ),
        ("activities", "id", ("Delete activity",), "delete this activity"),
        (
            "tasks",
            "id",
            ("Save task", "Delete task", "Mark task done"),
            "complete, edit or delete this task",
        ),
    ],
)
def test_a_record_another_rep_owns_offers_no_forms_and_names_its_owner(
    service: ApiClient, listing: str, key: str, offered: tuple[str, ...], line: str
) -> None:
    alice_api = service.as_user("alice", "alice-pass")
    record = _not_alices(alice_api, listing, key)
    owner = expect(alice_api.get(f"/api/{listing}/{record}"), 200)["owner"]
    owners = expect(alice_api.get("/api/owners"), 200)["items"]
    name = next(o["display_name"] for o in owners if o["username"] == owner)
    text = shown_text(as_browser(alice_api).get(f"/{listing}/{record}").text)
    assert not [o for o in offered if o in text], text[:1500]
    managers = [o["display_name"] for o in owners if o["role"] == "manager"]
    who = (
        f"its owner and manager, {name},"
        if managers == [name]
        else f"its owner, {name}, or a manager ({' or '.join(managers)})"
    )
    assert f"Only {who} may {line}." in text, text[:1500]
    assert f" {owner} " not in f" {text} ".replace(f"({owner})", ""), text[:1500]
    carol = as_browser(service.as_user("carol", "carol-pass"))  # a manager
    manager = shown_text(carol.get(f"/{listing}/{record}").text)
    assert all(o in manager for o in offered if o != "Mark task done"), manager[:1500]
    assert "Only its owner" not in manager


def test_the_refusal_names_the_owner_and_no_other_account(alice: ApiClient) -> None:
    """The API's 403 (and the page's notice, which shows it) names the owner by name."""
    deal = _not_alices(alice, "deals", "id")
    owner = expect(alice.get(f"/api/deals/{deal}"), 200)["owner"]
    refused = expect_error(alice.patch(f"/api/deals/{deal}", json={"notes": "x"}), 403)["message"]
    assert "another account" not in refused
    assert f" {owner} " not in refused and "or a manager (Carol Diaz) may change it" in refused, (
        refused
    )


def test_the_board_offers_a_move_only_on_the_deals_one_may_move(service: ApiClient) -> None:
    """The pipeline board's cards: a "Move <deal>" form on alice's own deals, and on another
    rep's one line naming its owner and the stage in words instead of a form whose move the
    API refuses (403); a manager may move every card."""
    alice_api = service.as_user("alice", "alice-pass")
    deals = expect(alice_api.get("/api/deals", params={"per_page": 100}), 200)["items"]
    mine = next(d for d in deals if d["owner"] == "alice")
    other = next(d for d in deals if d["owner"] != "alice")
    owners = expect(alice_api.get("/api/owners"), 200)["items"]
    name = next(o["display_name"] for o in owners if o["username"] == other["owner"])
    alice = as_browser(alice_api)
    board = alice.get("/deals/board").text
    assert f'aria-label="Move {mine["name"]}"' in board
    assert f'aria-label="Move {other["name"]}"' not in board
    card = shown_text(board.split(f'data-deal="{other["id"]}"', 1)[1].split("</li>", 1)[0])
    stage = other["stage"].replace("_", " ").capitalize()
    assert f"Stage: {stage}" in card, card
    assert f"Only its owner, {name}, or a manager (Carol Diaz) may move this deal." in card, card
    manager = as_browser(service.as_user("carol", "carol-pass")).get("/deals/board").text
    assert f'aria-label="Move {other["name"]}"' in manager
    moved = shown_text(alice.post(f"/deals/{mine['id']}/move", data={"stage": "closed_won"}).text)
    assert f"Moved deal '{mine['name']}' to Closed won." in moved, moved[:800]
