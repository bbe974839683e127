"""The text fold every guard and leak check matches on: invisible characters, compatibility
forms, case, marks and homoglyphs undone; plain ASCII kept; numbers read as they may be written;
the vendored confusables table consistent with the fold."""

from __future__ import annotations

import string
import unicodedata

import pytest

from mock_services.verify.confusables_table import ASCII_PROTOTYPES
from mock_services.verify.normalise import fold, fold_without_confusables, number_readings


@pytest.mark.parametrize(
    "disguised",
    [
        "gr\u200bader",  # zero-width space
        "gr\u200c\u200dad\u2060er",  # zero-width non-joiner, joiner, word joiner
        "\ufeffgr\u00adader",  # byte order mark, soft hyphen
        "gr\u202eader\u202c",  # bidi override and pop
        "gr\u0430d\u0435r",  # Cyrillic a and ie
        "\u0261r\u0251der",  # Latin script g, alpha
        "\u0261\u0433\u03b1\u0501\u0435\u0433",  # every letter a lookalike: g, r, a, d, e, r
        "\uff27\uff32\uff21\uff24\uff25\uff32",  # fullwidth capitals
        "\U0001d420\U0001d42b\U0001d41a\U0001d41d\U0001d41e\U0001d42b",  # mathematical bold
        "GrAdEr",
        "gra\u0301der",  # a combining accent
        "\U000e0067\U000e0072\U000e0061\U000e0064\U000e0065\U000e0072",  # tag characters
    ],
)
def test_disguises_of_a_word_fold_to_it(disguised: str) -> None:
    assert fold(disguised) == "grader"


def test_plain_ascii_is_left_as_it_is() -> None:
    printable = string.ascii_lowercase + string.digits + string.punctuation + " \n\t"
    assert fold(printable) == printable


def test_innocent_text_in_other_scripts_keeps_its_words_apart() -> None:
    assert fold("Stra\u00dfe 12") == "strasse 12"
    assert fold("caf\u00e9 \u2013 men\u00fc") == "cafe \u2013 menu"
    assert fold("a\u00a0b\u2009c") == "a b c"  # no-break and thin spaces are spaces


def test_the_table_is_consistent_with_the_fold() -> None:
    """Keys are what the fold leaves of a character (single, non-ASCII letters or digits);
    values lowercase ASCII letters or digits, which the fold keeps."""
    assert len(ASCII_PROTOTYPES) > 400
    for key, prototype in ASCII_PROTOTYPES.items():
        assert len(key) == 1 and not key.isascii(), key
        assert unicodedata.category(key)[0] in "LN", key
        assert fold_without_confusables(key) == key, key
        assert prototype.isascii() and prototype.isalnum() and prototype == prototype.lower()
    cyrillic = {"\u0430": "a", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c"}
    greek = {"\u03bf": "o", "\u03b1": "a", "\u03bd": "v"}  # nu's own entry beats capital N's
    assert {k: ASCII_PROTOTYPES[k] for k in {**cyrillic, **greek}} == cyrillic | greek


@pytest.mark.parametrize(
    ("written", "reading"),
    [
        ("4200", "4200"),
        ("4,200", "4200"),
        ("4.200", "4200"),
        ("4'200", "4200"),
        ("4\u2019200", "4200"),
        ("4\u2009200", "4200"),
        ("4 2 0 0", "4200"),
        ("42oo", "4200"),
        ("4l00", "4100"),
        ("1,234,567", "1234567"),
    ],
)
def test_numbers_read_as_written_in_one_of_the_readings(written: str, reading: str) -> None:
    assert reading in number_readings(fold(written))


def test_number_readings_leave_words_and_separate_numbers_alone() -> None:
    assert number_readings("hello world") == ("hello world",) * 3
    written, thousands, _ = number_readings("in 2025, 4200 units")
    assert "2025, 4200" in written and "2025, 4200" in thousands  # the comma is no separator
    assert number_readings("solo 1o")[0] == "solo 10"  # o and l only beside a digit
