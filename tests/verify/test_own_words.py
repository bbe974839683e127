"""``own_words``: what a person wrote in a mail, without what it quotes; given the answered
mail's lines, only a true copy of them is left out."""

from __future__ import annotations

from mock_services.core.seeding.personas import own_words

REPLY = "Yes, Thursday.\n\nOn Mon, 2 Mar 2026, Bob <bob@x.test> wrote:\n> Thursday?\n>\n> Bob"
FORWARD = "FYI\n\n---------- Forwarded message ---------\nFrom: Bob\nSubject: Plan\n\nThursday?"


def test_without_the_answered_mail_every_quote_is_left_out() -> None:
    assert own_words(REPLY) == "Yes, Thursday.\n"
    assert own_words(FORWARD) == "FYI\n"


def test_a_true_copy_of_the_answered_mail_is_left_out() -> None:
    original = {"Thursday?", "", "Bob"}
    assert own_words(REPLY, original) == "Yes, Thursday.\n"
    assert own_words(FORWARD, original) == "FYI\n"
    assert own_words(REPLY.replace("\n", "\r\n"), original) == "Yes, Thursday.\n"


def test_a_quote_or_forward_with_a_line_of_its_own_is_read_whole() -> None:
    original = {"Thursday?", "", "Bob"}
    made_up = REPLY + "\n> and 40 tents"
    assert own_words(made_up, original) == made_up
    assert "40 tents" in own_words(FORWARD + "\n40 tents", original)
    # a mail that answers none: its quote is its sender's own words
    assert own_words(REPLY, set()) == REPLY
