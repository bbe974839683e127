"""Every ``invoke ...``, ``python -m taskkit ...`` and ``mock-services ...`` command named in
the tracked Markdown files exists, with the flags shown: invoke commands are parsed against the
collection in ``tasks.py`` (invoke's own parser, core options included), ``python -m taskkit``
commands by the argparse parser of ``taskkit/cli.py`` (both made from ``taskkit/commands.py``),
``mock-services`` commands by the argparse parser of ``mock_services/cli.py``; nothing runs.

Read from fenced code blocks (line continuations joined, ``# comments`` dropped, ``&&`` chains
split) and inline code spans. The docs' notation is expanded: ``[--opt]`` is tried with the
option, ``a|b|c`` as each alternative, ``...`` dropped, ``N`` as a number. An inline span of just
the program (``mock-services``) or the program and a command (``invoke new-task``) names it, so
it may leave out its required arguments; everything else must parse as written.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from invoke import Collection, Program
from invoke.exceptions import ParseError
from invoke.parser import Parser, ParserContext

import tasks
from mock_services.cli import build_parser as mock_services_parser
from taskkit.cli import build_parser as taskkit_parser
from taskkit.commands import COMMANDS as TOOLKIT_COMMANDS

ROOT = Path(__file__).resolve().parents[2]
TASKKIT = "python -m taskkit"
PROGRAMS = ("invoke", "mock-services", TASKKIT)
SPAN = re.compile(r"`([^`\n]+)`")


@dataclass(frozen=True)
class DocCommand:
    where: str  # file:line
    argv: tuple[str, ...]
    mention: bool  # an inline span of only the program, or it and a command name


def _commands_in(text: str) -> list[list[str]]:
    """The program invocations in a shell line: ``a && mock-services list # x`` -> one."""
    if not any(f"{program} " in text or text.endswith(program) for program in PROGRAMS):
        return []
    words = _program_words(shlex.split(text, comments=True))
    chains = [list(g) for sep, g in itertools.groupby(words, lambda w: w in ("&&", ";")) if not sep]
    return [chain for chain in chains if chain[0] in PROGRAMS]


def _program_words(words: list[str]) -> list[str]:
    """``python -m taskkit`` as one word, the program's name."""
    joined: list[str] = []
    for word in words:
        if word == "taskkit" and joined[-2:] == ["python", "-m"]:
            joined[-2:] = [TASKKIT]
        else:
            joined.append(word)
    return joined


def _expand(words: list[str]) -> list[tuple[str, ...]]:
    """The concrete argvs a documented command stands for (see the module docstring)."""
    choices = []
    for word in words:
        word = word.strip("[]")
        if word in ("", "...", "…"):
            continue
        if "|" in word and not word.startswith("-"):
            choices.append(word.split("|"))
        else:
            choices.append(["2" if word == "N" else word])
    return list(itertools.product(*choices))


def documented_commands() -> list[DocCommand]:
    files = subprocess.run(
        ["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    found = []
    for name in files:
        fenced, pending = False, ""
        for number, line in enumerate((ROOT / name).read_text().splitlines(), 1):
            where = f"{name}:{number}"
            if line.lstrip().startswith("```"):
                fenced, pending = not fenced, ""
                continue
            if fenced:
                pending += line.rstrip()
                if pending.endswith("\\"):
                    pending = pending[:-1] + " "
                    continue
                shell, pending = pending.strip(), ""
                found += [
                    DocCommand(where, argv, mention=False)
                    for chain in _commands_in(shell)
                    for argv in _expand(chain)
                ]
                continue
            for span in SPAN.findall(line):
                if not span.startswith(PROGRAMS):
                    continue
                for chain in _commands_in(span):
                    found += [
                        DocCommand(where, argv, mention=len(chain) <= 2) for argv in _expand(chain)
                    ]
    return found


def parse_invoke(args: tuple[str, ...]) -> str | None:
    """None when invoke parses ``invoke ARGS`` against tasks.py, and each int option's value
    is a number (invoke passes it on as text, and the command's parser refuses ``--jobs
    many``), else the error."""
    core = ParserContext(args=Program().core_args())
    parser = Parser(initial=core, contexts=Collection.from_module(tasks).to_contexts())
    try:
        parsed = parser.parse_argv(list(args))
    except (ParseError, ValueError) as exc:
        return str(exc)
    for context in parsed[1:]:
        command = TOOLKIT_COMMANDS.get(context.name or "")
        values = context.as_kwargs
        for option in command.options if command is not None else []:
            value = values.get(option.name)
            if option.kind == "int" and value not in (None, "") and not _is_int(value):
                return f"argument {option.flag}: invalid int value: {value!r}"
    return None


def _is_int(value: object) -> bool:
    try:
        int(str(value))
    except ValueError:
        return False
    return True


def parse_mock_services(args: tuple[str, ...]) -> str | None:
    """None when mock-services' argparse accepts ``ARGS``, else its error."""
    return _parse_argparse(mock_services_parser(), args)


def parse_taskkit(args: tuple[str, ...]) -> str | None:
    """None when ``python -m taskkit``'s argparse accepts ``ARGS``, else its error."""
    return _parse_argparse(taskkit_parser(), args)


def _parse_argparse(parser: argparse.ArgumentParser, args: tuple[str, ...]) -> str | None:
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        try:
            parser.parse_args(list(args))
        except SystemExit as exc:
            return errors.getvalue().strip().splitlines()[-1] if exc.code else None
    return None


PARSERS = {"invoke": parse_invoke, "mock-services": parse_mock_services, TASKKIT: parse_taskkit}
MISSING_ARGUMENTS = ("did not receive required positional arguments", "arguments are required")
COMMANDS = documented_commands()


def test_the_docs_name_the_front_door_commands() -> None:
    """The collector finds commands in fences and in spans, and expands the notation."""
    named = {" ".join(c.argv) for c in COMMANDS}
    assert {
        "mock-services serve all",  # a fence, after `pip install ... &&`
        "mock-services seed all --from tasks/<task>/environment/seed.json",
        "invoke bench services --quick",  # `invoke bench services|images|...|all [--quick]`
        "invoke bench reliability",
        "invoke oracle --docker",
        "python -m taskkit validate --rules",
        "python -m taskkit --root OUT oracle --task ID --agent null --wrong",  # [--opt] kept
        "invoke build-images --registry R --push",
    } <= named
    long_one = [c for c in COMMANDS if c.argv[:2] == ("invoke", "new-task") and len(c.argv) > 10]
    assert long_one, "the three-line `invoke new-task ... \\` example was not joined"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: f"{c.where} {' '.join(c.argv)}")
def test_a_documented_command_parses_as_written(command: DocCommand) -> None:
    program, *args = command.argv
    error = PARSERS[program](tuple(args))
    if error and command.mention and any(m in error for m in MISSING_ARGUMENTS):
        error = None  # `invoke new-task` in prose names the command
    assert error is None, f"{command.where}: `{' '.join(command.argv)}`: {error}"


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (("bench", "nonsense-flag", "--quick", "--bogus"), "No idea what '--bogus' is!"),
        (("export",), "No idea what 'export' is!"),
        (("oracle", "--jobs", "many"), "argument --jobs: invalid int value: 'many'"),
    ],
)
def test_the_invoke_check_refuses_what_invoke_refuses(argv: tuple[str, ...], error: str) -> None:
    assert error in (parse_invoke(argv) or "")


def test_the_taskkit_check_refuses_what_argparse_refuses() -> None:
    assert "unrecognized arguments: --dockers" in (parse_taskkit(("oracle", "--dockers")) or "")
    assert "invalid choice: 'kubernetes'" in (
        parse_taskkit(("oracle", "--runner", "kubernetes")) or ""
    )


def test_the_mock_services_check_refuses_what_argparse_refuses() -> None:
    assert "invalid choice: 'serv'" in (parse_mock_services(("serv", "all")) or "")
    assert "unrecognized arguments: --nope" in (parse_mock_services(("list", "--nope")) or "")


@pytest.mark.parametrize("name", sorted(Collection.from_module(tasks).task_names))
def test_invoke_help_shows_every_flag_by_name(name: str) -> None:
    """A flag's help line starts with its own names: never a bare ``--, --no-pytest``."""
    program = Program(namespace=Collection.from_module(tasks), name="invoke", binary="invoke")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        program.run(["invoke", "--help", name], exit=False)
    options = [line.strip() for line in out.getvalue().splitlines() if line.startswith("  -")]
    assert options or "Options:\n  none" in out.getvalue(), out.getvalue()
    assert not [o for o in options if re.match(r"--[ ,]", o)], out.getvalue()
