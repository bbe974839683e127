"""``mock-services``' own subcommands as toolkit commands, read from its parser: ``invoke seed``
and ``invoke serve`` are made from the options ``mock-services`` declares, not declared again."""

from __future__ import annotations

import argparse
import inspect
from collections.abc import Iterable

from mock_services.cli import build_parser
from taskkit.commands import Command, Option, OptionKind

PROGRAM = "mock_services.cli"
INVOKED = ("seed", "serve", "ui-coverage", "screenshots")
"""The subcommands an Invoke task stands for (the others are run as ``mock-services ...``)."""


def option_of(action: argparse.Action, leading: bool = False) -> Option:
    """The declaration of one argparse argument (a ``leading`` one belongs to the program)."""
    positional = not action.option_strings
    kind: OptionKind
    if isinstance(action, argparse._StoreTrueAction):
        kind = "flag"
    elif action.type is int or _returns_int(action.type):
        kind = "int"
    else:
        kind = "text"
    flag = "" if positional else action.option_strings[0]
    derived = "--" + action.dest.replace("_", "-")
    return Option(
        action.dest,
        action.help or "",
        kind=kind,
        # an Invoke positional is always asked for, so the default of an optional one
        # (``ui-coverage [SERVICE]``) holds only on mock-services' own command line
        default=None if kind == "flag" or positional or action.default is None else action.default,
        positional=positional,
        required=bool(action.required) and not positional,
        choices=tuple(action.choices) if action.choices else None,
        parse=action.type if kind == "text" and callable(action.type) else None,
        spelling="" if flag == derived else flag,
        leading=leading,
    )


def _returns_int(parse: object) -> bool:
    """Whether an argparse ``type`` function gives a whole number (a port, a count)."""
    return callable(parse) and inspect.signature(parse).return_annotation in (int, "int")


def commands_from_parser(
    parser: argparse.ArgumentParser, program: str, names: Iterable[str]
) -> list[Command]:
    """Subcommands ``names`` of ``parser`` as commands of ``python -m program``, each with the
    program's own options (written before it) and its own."""
    own = [
        a
        for a in parser._actions
        if not isinstance(a, argparse._SubParsersAction | argparse._HelpAction)
    ]
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    summaries = {choice.dest: choice.help or "" for choice in sub._choices_actions}
    commands = []
    for name in names:
        leading = {a.dest for a in own}  # the program's own, also accepted after the subcommand
        actions = [
            a
            for a in sub.choices[name]._actions
            if not isinstance(a, argparse._HelpAction) and a.dest not in leading
        ]
        summary = summaries[name]
        commands.append(
            Command(
                name,
                summary,
                f"{summary[:1].upper()}{summary[1:]} (mock-services {name}).",
                f"{program}:main",
                tuple([option_of(a, leading=True) for a in own] + [option_of(a) for a in actions]),
                program=program,
            )
        )
    return commands


SERVICE_COMMANDS = commands_from_parser(build_parser(), PROGRAM, INVOKED)
