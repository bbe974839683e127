"""Facts read by what they mean: a time, a day and an amount in digits or in words, and
``ContentRule`` taking them in place of spellings."""

from __future__ import annotations

from datetime import date

import pytest

from mock_services.verify import ContentRule
from mock_services.verify.normalise import fold
from mock_services.verify.read_facts import At, On, Sum, worded_numbers, words_value

DUE = date(2026, 4, 30)  # a Thursday


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("fifty", 50),
        ("twenty-one thousand seven hundred and fifty", 21750),
        ("one thousand two hundred seventy-four", 1274),
        ("two million three hundred thousand", 2_300_000),
    ],
)
def test_number_words_say_their_value(words: str, value: int) -> None:
    assert words_value(words) == value


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        # the cents are part of the amount, never a number of their own
        ("one thousand two hundred seventy-four dollars and forty cents", [(1274.4, 6)]),
        ("a touch under twenty-one and a half thousand", [(21500, 3)]),
        ("twenty-one and a half.", [(21.5, 3)]),
        ("signed off at twenty-four grand", [(24000, 3)]),
        ("eleven hundred and ninety covers it", [(1190, 3)]),
        ("one of the two lines", [(1, 1), (2, 1)]),
    ],
)
def test_numbers_in_words_are_read_with_what_completes_them(
    text: str, numbers: list[tuple[float, int]]
) -> None:
    assert [(w.value, w.words) for w in worded_numbers(fold(text))] == numbers


@pytest.mark.parametrize(
    "text",
    ["see you at 11:30", "11.30am", "at 11.30.", "half past eleven in the morning", "11h30"],
)
def test_a_time_in_digits_or_words_is_read(text: str) -> None:
    assert At("11:30").spellings(text), text


@pytest.mark.parametrize(
    "text", ["at 11:00", "half past twelve", "23:30", "eleven thirty pm", "11.30 pm", "111.30"]
)
def test_another_time_is_not_the_fact(text: str) -> None:
    assert At("11:30").spellings(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "due 30 April",
        "due April 30th",
        "paid on April 30th: USD 10.",
        "the 30th of April",
        "due on Thursday the 30th",
        "2026-04-30",
        "04/30/2026",
        "4/30/2026",
        "30/04/2026",
        "30.04.2026",
        "04/30",
        "30/04",
        "the thirtieth of April",
        "April the thirtieth",
    ],
)
def test_a_day_in_any_date_form_is_read(text: str) -> None:
    assert On(DUE).spellings(text), text


@pytest.mark.parametrize(
    "text",
    [
        *("30 May", "April 3", "the 30th of May", "2026-04-03", "Thursday", "04/30/2025"),
        *("04/301", "April 30:15"),
    ],
)
def test_another_day_or_a_weekday_alone_is_not_the_fact(text: str) -> None:
    assert On(DUE).spellings(text) == [], text


def test_a_weekday_is_the_day_only_where_the_fact_says_so() -> None:
    assert On(DUE, weekday=True).spellings("see you Thursday") == ["thursday"]
    assert On(DUE, weekday=True).spellings("see you Friday") == []


@pytest.mark.parametrize(
    "text",
    [
        "USD 1,274.40",
        "$1274.40",
        "1 274.40 paid",
        "one thousand two hundred seventy-four dollars and forty cents",
    ],
)
def test_an_amount_in_digits_or_words_is_read_to_the_cent(text: str) -> None:
    assert Sum(1274.40).spellings(text), text


@pytest.mark.parametrize(
    "text", ["USD 1,274.00", "$1,270", "1,284.40", "one thousand two hundred seventy-four dollars"]
)
def test_another_amount_is_not_the_fact(text: str) -> None:
    assert Sum(1274.40).spellings(text) == [], text


def test_a_thousands_suffix_is_read() -> None:
    assert Sum(21750).spellings("the revised 21.75k") == ["21.75k"]


RULE = ContentRule(facts={"the start": At("11:30"), "the day": On(DUE), "the total": Sum(21750)})


def test_a_rule_reads_facts_by_meaning() -> None:
    text = "Half past eleven on the 30th of April; twenty-one thousand seven hundred and fifty."
    assert RULE.check(text).problems == []


def test_a_rule_names_each_fact_missing_or_denied() -> None:
    problems = RULE.check("Not at 11:30 any more. Due 30 May, USD 21,700.").problems
    assert problems == [
        "it says the start only to deny it (11:30, in digits or words)",
        "it does not say the day (30 April 2026 in any date form)",
        "it does not say the total (21,750.00 in digits or words)",
    ]
