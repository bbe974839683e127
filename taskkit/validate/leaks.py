"""What an instruction must not show of the reference solution: its meaningful literals, a large
part of ``solve.sh`` verbatim, or a pointer to it.

An honest instruction gives what the user knows (accounts, addresses, references, names, times,
titles they want, output paths) and never what the agent has to work out. A solution hard-codes
both kinds, so only its literals that an instruction has no reason to dictate count: texts of
``MIN_SOLUTION_TEXT`` characters or more (a message it writes, a note, a summary) that are not
URLs or paths, and numbers of ``MIN_SOLUTION_DIGITS`` digits or more (amounts, ids: more than a
port or a year). Shorter answers are the verifier's ``EXPECTED_*`` values, checked apart.
Comparisons are as ``mock_services.verify.normalise`` reads text: whole words, folded.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from mock_services.verify.normalise import fold, leak_forms, leak_text, shows

MIN_SOLUTION_TEXT = 20
MIN_SOLUTION_DIGITS = 5
MIN_SCRIPT_LINE = 16  # shorter lines (``PY``, ``)``, ``fi``) are shared by any two scripts
MIN_COPIED_LINES = 3
COPIED_SHARE = 1 / 3  # this share of solve.sh's meaningful lines in the instruction is a copy
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1[^\n]*\n(.*?)\n\s*\2\s*$", re.DOTALL | re.MULTILINE)
SHELL_STRING = re.compile(r"'([^']*)'|\"((?:[^\"\\]|\\.)*)\"")
PATH_OR_URL = re.compile(r"^\S*(?:://|/)\S*$")
IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")  # a field or tool name: the API's vocabulary
COMMENT_LINE = re.compile(r"^\s*#.*$", re.MULTILINE)
SOLUTION_POINTER = re.compile(
    r"(?<![\w.-])/?solution/|(?<![\w.-])/solution\b|\bsolve\.sh\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Instruction:
    """An instruction's text as the leak checks read it."""

    text: str

    @cached_property
    def forms(self) -> tuple[str, ...]:
        return leak_forms(self.text)

    def shows(self, value: object) -> bool:
        """Whether the instruction shows ``value`` (as ``leak_text`` allows) as whole words."""
        shown = leak_text(value)
        return shown is not None and shows(self.forms, leak_forms(shown))

    def line_of(self, needle: str) -> int | None:
        """The first line that shows ``needle`` as whole words, folded."""
        wanted = leak_forms(needle)
        for number, line in enumerate(self.text.splitlines(), 1):
            if shows(leak_forms(line), wanted):
                return number
        return None


def meaningful(value: object) -> bool:
    """A solution literal an instruction has no reason to dictate (see the module's doc)."""
    if isinstance(value, str):
        text = value.strip()
        common = PATH_OR_URL.match(text) or IDENTIFIER.match(text)
        return len(fold(text)) >= MIN_SOLUTION_TEXT and not common
    if isinstance(value, int | float) and not isinstance(value, bool):
        return sum(c.isdigit() for c in f"{value}") >= MIN_SOLUTION_DIGITS
    return False


def script_literals(text: str, *, python: bool) -> Iterator[object]:
    """The string and number literals of a solution file: Python constants (docstrings and
    f-string pieces left out); of a shell script, its quoted strings, its Python heredocs'
    constants and its other heredocs' lines (text it writes); comment lines left out."""
    if python:
        yield from _python_literals(text)
        return
    for match in HEREDOC.finditer(text):
        body = match[3]
        data = _json_or_none(body)
        if data is not None:
            yield from json_leaves(data)
            continue
        try:
            ast.parse(body)
        except SyntaxError:
            yield from body.splitlines()
            continue
        yield from _python_literals(body)
    for match in SHELL_STRING.finditer(COMMENT_LINE.sub("", HEREDOC.sub("", text))):
        yield match[1] if match[1] is not None else match[2]


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def json_leaves(data: Any) -> Iterator[object]:
    """The strings and numbers of a JSON document, at any depth."""
    if isinstance(data, dict):
        for value in data.values():
            yield from json_leaves(value)
    elif isinstance(data, list):
        for value in data:
            yield from json_leaves(value)
    elif isinstance(data, str | int | float) and not isinstance(data, bool):
        yield data


FENCED_JSON = re.compile(r"```json\s*\n(.*?)\n```", re.DOTALL)


SOURCE_DOCUMENT_HEADING = "\n## Source document: "


def before_source_document(instruction: str) -> str:
    """A dataset build's instruction up to its source document (the whole text otherwise)."""
    return instruction.split(SOURCE_DOCUMENT_HEADING, 1)[0]


def template_values(instruction: str) -> set[str]:
    """The values of the JSON templates the instruction shows (its ```json blocks): a solution
    that fills in such a template repeats them, and they are no answer."""
    found: set[str] = set()
    for block in FENCED_JSON.findall(instruction):
        data = _json_or_none(block)
        if data is not None:
            found |= {str(value) for value in json_leaves(data)}
    return found


def _python_literals(source: str) -> Iterator[object]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skipped |= {id(part) for part in ast.walk(node)}
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))  # a docstring or a bare string: no value of the answer
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in skipped:
            yield node.value


def _without_data_heredocs(text: str) -> str:
    """The script without the bodies of heredocs that are data it writes (a JSON template the
    instruction may show too, its answers aside); Python heredocs stay: they are its code."""
    kept, end = [], 0
    for match in HEREDOC.finditer(text):
        command = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
        if "python" not in command:
            kept.append(text[end : match.start(3)])
            end = match.end(3)
    return "".join(kept) + text[end:]


def script_lines(text: str) -> list[str]:
    """The lines of a script worth comparing, whitespace collapsed (no comments, no short
    lines, no data it writes through a heredoc: its literals are compared one by one)."""
    lines = (" ".join(line.split()) for line in _without_data_heredocs(text).splitlines())
    return [line for line in lines if len(line) >= MIN_SCRIPT_LINE and not line.startswith("#")]


def copied_lines(instruction: str, script: str) -> tuple[int, int]:
    """(lines of ``script`` the instruction holds verbatim, the script's meaningful lines)."""
    collapsed = " ".join(instruction.split())
    lines = script_lines(script)
    return sum(line in collapsed for line in lines), len(lines)


def is_copy(copied: int, total: int) -> bool:
    return copied >= MIN_COPIED_LINES and copied >= COPIED_SHARE * total
