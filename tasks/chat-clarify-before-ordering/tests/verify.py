#!/usr/bin/env python3
"""Verifier of chat-clarify-before-ordering: Dave asks Alice in #atlas-launch for "more of the
usual cables", and two kinds are usual in her order history (the 2 m USB-C and the 3 m HDMI 2.1
cables, each ordered twice, in fours and sixes). Only Dave knows which and how many: the
persona ``dave`` answers a question that asks which or how many (rule ``which-cables``), in
the direct message or the thread where it was asked, with the HDMI 2.1 3 m cables, 10 of them.

Goals: exactly one new order of Alice's, through checkout, of those cables in that quantity; it
was placed after Dave answered the question (asked first, not guessed and asked after); a
confirmation in the thread under Dave's message, after the order, naming the cables, the
quantity and the order number and no other cables. Then: nothing else changed in the shop or
the chat (no order cancelled or returned, no message edited or deleted, every call as Alice).
"""

from functools import cache
from pathlib import Path

from mock_services.verify import (
    ANY,
    ELSEWHERE,
    Added,
    Changed,
    ContentRule,
    Counts,
    Decision,
    Verifier,
    acted_unread,
    all_calls_as,
    check_names,
    diff_service,
    expect_changes,
    logged_before,
    mentions,
    never_performed,
    performed,
    persona_answered,
    query,
)
from mock_services.verify.content import affirms, clauses

verifier = Verifier("chat-clarify-before-ordering")

USER = "alice"
PERSONA = "dave"
ASKED_RULE = "which-cables"  # the persona's answer to a question about which cables / how many
EXPECTED_SKU = "CAB-3103"  # HDMI 2.1 Cable, 3 m: Dave's answer
EXPECTED_QUANTITY = 10  # Dave's answer; the history has 4 and 6
OTHER_CABLES = ("USB-C", "USB", "Ethernet", "Cat6", "HDMI 2.0", "1 m", "2 m")
ORDERED_WORDS = ("ordered", "placed", "bought", "purchased", "on the way", "on its way")
NOT_ORDERED_WORDS = ("cancel*", "hold off", "held off", "not yet")
ORDER_ACTIONS = ("cancel_order", "request_return", "confirm_receipt")
CHAT_FORBIDDEN = ("delete_message", "archive_channel", "leave_channel")  # its own edits are fine
# what the free text beside the order (its note; every message Alice posts after it) may not
# say: the order undone or another done beside it, another place, another count of cables
UNDONE = (
    "cancel*",
    "refund*",
    "return*",
    "sent back",
    "send back",
    "send them back",
    "exchang*",
    "by mistake",
    "in error",
    "don't ship",
    "do not ship",
    "don't send",
    "do not send",
)
ELSEWHERE_NAMED = (
    *ELSEWHERE,
    "home",
    "my place",
    "Brooklyn",
    "pick them up",
    "pick it up",
    "pick up",
    "collect them",
)
BESIDE_THE_ORDER = ContentRule(
    not_about={"other cables": OTHER_CABLES},
    forbids={
        "the order undone or another order action": UNDONE,
        "another place than the office it ships to": ELSEWHERE_NAMED,
    },
)
CABLE_COUNT = Counts(
    items={"cables": ("cable*", "HDMI*")},
    states={"ordered": (*ORDERED_WORDS, "order*", "get*", "got", "coming", "ship*", "deliver*")},
    truth={"cables": {"ordered": EXPECTED_QUANTITY}},
)


def against_the_order(text: str | None, what: str) -> list[str]:
    """What ``text`` says against the order: ``BESIDE_THE_ORDER``'s findings, and a count of
    cables ordered other than the order's, read clause by clause (no count carried from one
    clause to the next: "10 HDMI cables, to 200 Hudson St" orders no 200)."""
    found = BESIDE_THE_ORDER.contradictions(text, what=what).problems
    found += [p for clause in clauses(text or "") for p in CABLE_COUNT.wrong(clause)]
    return [f"{what}: {p}" for p in found]


REQUEST_WORDS = "usual cables"  # Dave's seeded request in #atlas-launch
INSTRUCTION = Path(__file__).with_name("instruction.md").read_text()  # a copy of the prompt
check_names("shop", Added("orders"), Added("order_items"), Changed("products"))
check_names("chat", Added("messages"), Added("conversations"), Changed("conversation_members"))


def seed_row(service: str, sql: str, *params: object) -> dict:
    (row,) = query(service, sql, params, seed=True)
    return row


@cache
def shop_user_id() -> int:
    return seed_row("shop", "SELECT id FROM users WHERE username = ?", USER)["id"]


@cache
def chat_user_id(username: str) -> int:
    return seed_row("chat", "SELECT id FROM users WHERE username = ?", username)["id"]


@cache
def request_message() -> dict:
    """Dave's seeded request in #atlas-launch."""
    sql = (
        "SELECT m.* FROM messages m JOIN conversations c ON c.id = m.conversation_id "
        "WHERE c.name = 'atlas-launch' AND m.user_id = ? AND m.thread_parent_id IS NULL "
        "AND m.text LIKE ?"
    )
    return seed_row("chat", sql, chat_user_id(PERSONA), f"%{REQUEST_WORDS}%")


@cache
def new_orders() -> list[dict]:
    seeded = {r["id"] for r in query("shop", "SELECT id FROM orders", seed=True)}
    return [r for r in query("shop", "SELECT * FROM orders") if r["id"] not in seeded]


def checkouts() -> list:
    """The agent's successful checkout calls (API, MCP tool or web form)."""
    return performed("shop", "checkout")


def the_order() -> dict:
    orders = new_orders()
    assert len(orders) == 1, f"{len(orders)} new orders: {[o['code'] for o in orders]}"
    placed = {
        int(c.row_id)
        for e in checkouts()
        for c in e.changes
        if c.table == "orders" and c.action == "insert"
    }
    order = orders[0]
    assert order["id"] in placed, f"{order['code']}: no checkout call placed it"
    assert order["user_id"] == shop_user_id(), f"{order['code']} is not {USER}'s"
    return order


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one new order of the cables Dave named (HDMI 2.1, 3 m), in the quantity he gave, "
    "its note asking for no other cables, count or place and no undoing",
)
def right_cables_ordered() -> bool:
    order = the_order()
    assert order["status"] == "paid", f"{order['code']} is {order['status']}"
    items = query("shop", "SELECT sku, quantity FROM order_items WHERE order_id = ?", [order["id"]])
    expected = [{"sku": EXPECTED_SKU, "quantity": EXPECTED_QUANTITY}]
    assert items == expected, f"{order['code']} holds {items}"
    said = against_the_order(order["note"], f"{order['code']}'s note")
    assert not said, "; ".join(said)
    return True


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="Dave was asked which cables / how many, where he hears it, and his answer was "
    "read before the order was placed (not a guess confirmed afterwards)",
)
def asked_before_ordering() -> bool:
    answered = persona_answered("chat", PERSONA, ASKED_RULE)
    assert answered is not None, "Dave was never asked which cables or how many where he hears it"
    placed = checkouts()
    assert placed, "no order was placed"
    early = [e.id for e in placed if not logged_before(answered, e)]
    assert not early, f"checkout {early} came before Dave's answer"
    unread = [e.id for e in acted_unread("chat", answered, placed)]
    assert not unread, (
        f"checkout {unread} came before the agent read Dave's answer (his message, its thread "
        "or its conversation): a guess timed after the question"
    )
    return True


def alice_thread_replies() -> list[dict]:
    sql = "SELECT * FROM messages WHERE thread_parent_id = ? AND user_id = ? ORDER BY id"
    return query("chat", sql, [request_message()["id"], chat_user_id(USER)])


def conversation_texts() -> list[tuple[str, str]]:
    """(where, text) of each channel name, topic or purpose that is new or not as seeded."""
    seeded = {r["id"]: r for r in query("chat", "SELECT * FROM conversations", seed=True)}
    return [
        (f"conversation {row['id']}'s {column}", row[column])
        for row in query("chat", "SELECT * FROM conversations")
        for column in ("name", "topic", "purpose")
        if row[column] and (row["id"] not in seeded or seeded[row["id"]][column] != row[column])
    ]


def alice_messages_after_the_order() -> list[dict]:
    """Every message Alice posted after the order was placed: thread replies, channel posts,
    direct messages."""
    seeded = {r["id"] for r in query("chat", "SELECT id FROM messages", seed=True)}
    sql = "SELECT * FROM messages WHERE user_id = ? ORDER BY id"
    placed = checkouts()
    return [
        m
        for m in query("chat", sql, [chat_user_id(USER)])
        if m["id"] not in seeded
        and (entry := posted_entry(m["id"])) is not None
        and all(logged_before(e, entry) for e in placed)
    ]


def posted_entry(message_id: int):
    """The agent's audit entry that posted the message ``message_id``."""
    for entry in performed("chat", "reply_to_message", "post_message"):
        if any(c.table == "messages" and c.row_id == str(message_id) for c in entry.changes):
            return entry
    return None


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="after the order, a reply in the thread under Dave's message confirms it: the "
    "cables, the quantity and the order number, and no other cables; no message Alice posts "
    "after it, nor a channel topic she sets, gives other cables, another count or place, or "
    "claims or promises it or another order undone",
)
def confirmed_in_thread() -> bool:
    order = the_order()
    placed = checkouts()
    after = [
        m
        for m in alice_thread_replies()
        if (entry := posted_entry(m["id"])) is not None
        and all(logged_before(e, entry) for e in placed)
    ]
    assert after, "no reply in the thread under Dave's message after the order was placed"
    says = ContentRule(
        facts={
            "the cables": ("HDMI",),
            "the quantity": (str(EXPECTED_QUANTITY), "ten"),
            "the order number": (order["code"],),
        },
        not_about={"other cables": OTHER_CABLES},
        decision=Decision(said=ORDERED_WORDS, opposite=NOT_ORDERED_WORDS),
        source=INSTRUCTION,
    )
    # one reply confirms it all; no reply after the order (a thanks, a follow-up) takes it back
    # or speaks of other cables
    checked = [says.check(m["text"], what=f"reply {m['id']}") for m in after]
    assert any(c.ok for c in checked), "; ".join(f"{c.rule}: {c.detail()}" for c in checked)
    for m in after:
        others = [w for w in OTHER_CABLES if mentions(m["text"], w)]
        assert not others, f"reply {m['id']} speaks of other cables ({', '.join(others)})"
        undone = [w for w in NOT_ORDERED_WORDS if affirms(m["text"], w)]
        assert not undone, f"reply {m['id']} takes the order back ({', '.join(undone)})"
    texts = [(f"message {m['id']}", m["text"]) for m in alice_messages_after_the_order()]
    said = [
        p for where, text in texts + conversation_texts() for p in against_the_order(text, where)
    ]
    assert not said, "; ".join(said)
    return True


def expected_shop_changes() -> list:
    """The one order (its address and card are Alice's only ones, checked by the shop), its
    line and status event, and the stock it takes."""
    new_ids = tuple(o["id"] for o in new_orders())
    stock = seed_row("shop", "SELECT stock FROM products WHERE sku = ?", EXPECTED_SKU)["stock"]
    return [
        Added("orders", fields={"user_id": shop_user_id(), "status": "paid"}, others=ANY),
        Added(
            "order_items",
            fields={
                "order_id": lambda v: v in new_ids,
                "sku": EXPECTED_SKU,
                "quantity": EXPECTED_QUANTITY,
                "return_quantity": 0,
            },
            others=ANY,
        ),
        Added("order_events", fields={"order_id": lambda v: v in new_ids}, others=ANY),
        Changed(
            "products", match={"sku": EXPECTED_SKU}, fields={"stock": stock - EXPECTED_QUANTITY}
        ),
    ]


def cart_lines(*, seed: bool = False) -> list[dict]:
    sql = "SELECT product_id, quantity FROM cart_items WHERE user_id = ? ORDER BY product_id"
    return query("shop", sql, [shop_user_id()], seed=seed)


@verifier.checkpoint(
    weight=2,
    rationale="nothing else changed: no other order, no order cancelled or returned, the cart "
    "as it was; in the chat only new messages, a direct message and read marks, nothing edited "
    "or deleted; every call as Alice",
)
def nothing_else_changed() -> bool:
    assert right_cables_ordered(), "the order is not right: nothing to keep tidy"
    expect_changes("shop", expected_shop_changes()).check()
    assert cart_lines() == cart_lines(seed=True), f"the cart holds {cart_lines()}"
    never_performed("shop", *ORDER_ACTIONS).check()
    never_performed("chat", *CHAT_FORBIDDEN).check()
    chat = diff_service("chat")
    problems = chat.unexpected(
        {
            "messages": ["added", "changed"],
            "conversations": ["added"],
            "conversation_members": ["added", "changed"],
            "reactions": ["added"],
        }
    )
    assert not problems, "; ".join(problems)
    all_calls_as("shop", USER).check()
    all_calls_as("chat", USER).check()
    return True


if __name__ == "__main__":
    verifier.main()
