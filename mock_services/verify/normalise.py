"""How a guard or a leak check reads text before it matches anything: one fold for every match.

``fold`` undoes the tricks that keep a word legible to a model but hide it from a regex: tag
characters (read as the ASCII they encode), compatibility forms (fullwidth, mathematical
letters, ligatures: NFKC), invisible characters (format characters such as zero-width spaces,
joiners, soft hyphens, bidi controls; controls; fillers), case, combining marks, and letters of
other scripts that look like ASCII ones (Unicode TR39 confusables, ``confusables_table``).
``number_readings`` adds the ways a number can be written: separators, letters for digits.
``leak_forms`` and ``shows`` match a value in a text as whole words in any one reading (``erin``
is not in ``volunteering``, ``420`` not in ``4200``), for every leak check.
"""

from __future__ import annotations

import re
import unicodedata

from mock_services.verify.confusables_table import ASCII_PROTOTYPES

TAG_TO_ASCII = {code: code - 0xE0000 for code in range(0xE0020, 0xE007F)}
INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn", "Me"})
INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # fillers, braille blank
CONFUSABLES = str.maketrans(ASCII_PROTOTYPES)
DIGIT_LOOKALIKES = str.maketrans("oli", "011")
DIGITS_WITH_LOOKALIKES = re.compile(r"\b(?=[oli]*\d)[\doli]+\b")
THOUSANDS_SEPARATOR = re.compile(r"(?<=\d)[ ,.'\u2019](?=\d{3}(?!\d))")
DIGIT_SEPARATORS = re.compile(r"(?<=\d)[\s,.'\u2019]+(?=\d)")
WORD_SEPARATORS = re.compile(r"[\W_]+")
MIN_TEXT = 4  # a shorter text ("5-1", "yes") is too common to call a leak
MIN_DIGITS = 3  # and so is a number of fewer digits


def visible(character: str) -> bool:
    """Whether a character shows, or separates words: not a format character, a combining
    mark, a control other than whitespace, or a filler."""
    category = unicodedata.category(character)
    if category in INVISIBLE_CATEGORIES or character in INVISIBLE_LETTERS:
        return False
    return category != "Cc" or character.isspace()


def fold_without_confusables(text: str) -> str:
    """``fold`` but for the confusables mapping (the form its table's keys are in)."""
    text = unicodedata.normalize("NFKC", text.translate(TAG_TO_ASCII)).casefold()
    text = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in text if visible(c)))


def fold(text: str) -> str:
    """``text`` as a guard or leak check compares it; plain lowercase ASCII stays as it is."""
    return fold_without_confusables(text).translate(CONFUSABLES)


def readings(text: str) -> tuple[str, str]:
    """``text`` folded two ways: invisible characters dropped ("gr\u200bader" is "grader") and
    read as spaces ("dear\u200bjudge" is "dear judge"); a guard matches either."""
    spaced = "".join(
        " " if unicodedata.category(c) == "Cf" or c in INVISIBLE_LETTERS else c for c in text
    )
    return fold(text), fold(spaced)


def digits_for_lookalikes(text: str) -> str:
    """Letters o, l and i read as digits in a run that also holds a digit (``42oo`` is 4200);
    ``text`` is folded."""
    return DIGITS_WITH_LOOKALIKES.sub(lambda m: m[0].translate(DIGIT_LOOKALIKES), text)


def number_readings(text: str) -> tuple[str, str, str]:
    """A folded text three ways: as written, thousands separators dropped (``4,200``,
    ``4.200``, ``4'200``), every separator between digits dropped (``4 2 0 0``)."""
    text = digits_for_lookalikes(text)
    return text, THOUSANDS_SEPARATOR.sub("", text), DIGIT_SEPARATORS.sub("", text)


def leak_text(value: object) -> str | None:
    """A value as a text could show it, or None when too short to call a leak (under
    ``MIN_TEXT`` characters, a number under ``MIN_DIGITS`` digits, a bool)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    if isinstance(value, float):
        value = f"{value:f}".rstrip("0").rstrip(".")
    if isinstance(value, int):
        value = str(value)
    if value.replace(".", "").lstrip("-").isdigit():
        return value if sum(c.isdigit() for c in value) >= MIN_DIGITS else None
    return value if len(WORD_SEPARATORS.sub("", fold(value))) >= MIN_TEXT else None


def leak_forms(text: str) -> tuple[str, ...]:
    """The readings of ``text`` a leak check compares (``number_readings`` of its fold), words
    separated by single spaces, padded so that a match is of whole words."""
    return tuple(f" {WORD_SEPARATORS.sub(' ', r).strip()} " for r in number_readings(fold(text)))


def shows(text_forms: tuple[str, ...], value_forms: tuple[str, ...]) -> bool:
    """Whether a text shows a value (both as ``leak_forms``) in any one reading, as whole words."""
    return any(v in t for v, t in zip(value_forms, text_forms, strict=True))
