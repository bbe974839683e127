"""A command whose reader stopped reading (``mock-services list | head``) ends quietly."""

from __future__ import annotations

import os
import sys

CLOSED_PIPE_EXIT = 141
"""What a shell reports for a command ended by SIGPIPE (128 + 13)."""


def reader_gone() -> int:
    """Point stdout at /dev/null (Python's flush at exit would raise again) and return the
    exit code of a command whose output pipe was closed."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return CLOSED_PIPE_EXIT
