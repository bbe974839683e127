"""Invoke tasks made from ``taskkit.commands``: one per command, its parameters those of the
declaration (Invoke reads a task's signature: ``__signature__`` is built from the options), its
body the same command line run as ``python -m taskkit ...`` (or the command's program)."""

from __future__ import annotations

import ctypes
import inspect
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from invoke import Context, Exit, Task

from taskkit.commands import Command, Option

Run = Callable[[Context, list[str]], None]


def run_module(c: Context, words: list[str]) -> None:
    """Run ``python -m WORDS`` (the program and command line a task stands for)."""
    c.run(shlex.join([sys.executable, "-m", *words]), pty=False)


def run_module_until_stopped(c: Context, words: list[str]) -> None:
    """Run ``python -m WORDS`` with SIGTERM and SIGINT sent to this process passed on to it.
    Invoke's own runner (``run_module``) leaves its child running when it is sent SIGTERM, and
    answers SIGINT by writing Ctrl-C to the child's stdin, which a server never reads: a
    stopped ``invoke view`` left its HTTP server serving. On Linux the child is also sent
    SIGTERM when this process dies of a signal it cannot pass on (``kill -KILL``)."""
    child = subprocess.Popen([sys.executable, "-m", *words], preexec_fn=die_with_parent)

    def forward(signum: int, _frame: object) -> None:
        child.send_signal(signum)

    stops = (signal.SIGTERM, signal.SIGINT)
    previous = {stop: signal.signal(stop, forward) for stop in stops}
    try:
        code = child.wait()
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)
    if code:
        raise Exit(code=code)


PR_SET_PDEATHSIG = 1
"""prctl(2)'s option: the signal the calling process gets when its parent dies."""


def die_with_parent() -> None:
    """In a child before it runs its program: have Linux send it SIGTERM when its parent dies,
    however it dies (the setting outlives ``exec``); elsewhere nothing."""
    if sys.platform != "linux":
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")


def task_default(option: Option) -> Any:
    """The Python default Invoke reads the option's kind from (a flag's False; an int's own
    default as text, or none, so that one not given is not passed on and a value that is not
    a number, ``--port abc``, reaches the command's parser, which refuses it in a line rather
    than Invoke's traceback); none for a positional argument, which Invoke takes as given
    only while it has no value."""
    if option.positional and option.kind != "many":
        return inspect.Parameter.empty
    if option.kind == "flag":
        return False
    if option.kind in ("many", "list"):
        return None
    if option.kind == "int":  # none without a default: 0 would be passed on as a value
        return "" if option.default is None else str(option.default)
    return option.default if option.default is not None else ""


def signature(command: Command) -> inspect.Signature:
    """``(c, <option>=<default>, ...)``: what Invoke parses the task's arguments by."""
    context = inspect.Parameter("c", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    parameters = [
        inspect.Parameter(
            option.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=task_default(option)
        )
        for option in command.options
    ]
    # those without a default (positionals) first, as Python requires; the rest as declared
    parameters.sort(key=lambda p: p.default is not inspect.Parameter.empty)
    return inspect.Signature([context, *parameters])


def toolkit_task(command: Command, run: Run = run_module) -> Task[Any]:
    """The Invoke task of ``command``: long options only (no auto short flag shadows ``-h``),
    its positionals and repeatable options as declared."""

    chosen = run_module_until_stopped if command.serves and run is run_module else run

    def body(c: Context, **values: Any) -> None:
        chosen(c, [command.program, *command.argv(values)])

    body.__name__ = body.__qualname__ = command.task_name
    body.__doc__ = command.doc
    body.__signature__ = signature(command)  # type: ignore[attr-defined]
    return Task(
        body,
        name=command.name,
        positional=[o.name for o in command.options if o.positional and o.kind != "many"],
        iterable=[o.name for o in command.options if o.kind in ("many", "list")],
        help={o.name: o.described for o in command.options},
        auto_shortflags=False,
    )
