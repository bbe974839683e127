"""Output files the agent wrote, read only where the instruction told it to put them, and read
as the untrusted input they are.

A verifier names the path its instruction gives: an absolute one (``/home/node/.openclaw/output/
brief.md``), or one relative to ``/workspace`` (``output/report.json`` is
``/workspace/output/report.json``). No other location is looked at: the right file in the wrong
place is a missing output, as it is for the person who asked for it.

The verifier runs as root and the agent may have left anything at those paths: a link to the
reference answer that the verifier uploads later, a hard link, a FIFO that blocks the reader, a
file of gigabytes. So every path is opened one component at a time without following a link,
and only a regular file of the agent user's, with a single link and a bounded size, is read.
Anything else raises ``UnsafeOutput`` (a ``ValueError``), naming the file and the reason.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import pwd
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_OUTPUT_BYTES = 16 * 1024 * 1024
AGENT_USER_VARIABLE = "MOCK_AGENT_USER"
DEFAULT_AGENT_USER = "node"


class UnsafeOutput(ValueError):
    """An output path that the verifier refuses to read (a link, not a regular file, ...)."""


@dataclass(frozen=True)
class AgentOutput:
    """The bytes of an output file, read once, safely; ``path`` is where they were found."""

    path: Path
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)

    def text(self) -> str:
        try:
            return self.data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{self.path}: not UTF-8 text: {exc}") from None

    def json(self) -> Any:
        try:
            return json.loads(self.text())
        except json.JSONDecodeError as exc:
            raise ValueError(f"{self.path}: not valid JSON: {exc}") from None


def agent_uid() -> int:
    """The uid whose files count as the agent's: ``$MOCK_AGENT_USER`` (a user name, or a uid
    that needs no passwd entry: the local runner's agent on a host without ``node``), else
    ``node`` for a root verifier on a machine that has it (a task image), else the verifier's
    own uid."""
    name = os.environ.get(AGENT_USER_VARIABLE)
    if name and name.isdecimal():
        return int(name)
    if name:
        try:
            return pwd.getpwnam(name).pw_uid
        except KeyError:
            raise UnsafeOutput(f"${AGENT_USER_VARIABLE}={name}: no such user") from None
    if os.getuid() == 0:
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(DEFAULT_AGENT_USER).pw_uid
    return os.getuid()


WORKSPACE = Path("/workspace")
"""What a relative output path is under."""


@contextlib.contextmanager
def workspace_at(folder: Path) -> Iterator[None]:
    """Read relative outputs under ``folder`` instead of ``WORKSPACE`` within the block: to
    score files laid out on a host (the parity harness's artefacts mode)."""
    global WORKSPACE
    saved, WORKSPACE = WORKSPACE, folder
    try:
        yield
    finally:
        WORKSPACE = saved


def output_path(path: str | Path) -> Path:
    """Where the instruction puts an output: ``path`` itself if absolute, else under
    ``WORKSPACE``; a path climbing out with ``..`` is refused."""
    given = Path(path)
    if ".." in given.parts:
        raise UnsafeOutput(f"{path}: expected a path without '..'")
    return given if given.is_absolute() else WORKSPACE / given


def _open_without_links(path: Path) -> int | None:
    """An fd of ``path`` opened component by component, never through a link; None if absent."""
    absolute = Path(os.path.abspath(path))
    fd = os.open("/", os.O_RDONLY | os.O_DIRECTORY)
    try:
        for index, part in enumerate(absolute.parts[1:], start=1):
            last = index == len(absolute.parts) - 1
            try:
                info = os.stat(part, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                return None
            if stat.S_ISLNK(info.st_mode):
                raise UnsafeOutput(f"{path}: {Path(*absolute.parts[: index + 1])} is a link")
            if not last and not stat.S_ISDIR(info.st_mode):
                return None
            flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NOCTTY
            flags |= os.O_NONBLOCK if last else os.O_DIRECTORY  # a FIFO must not block us
            try:
                child = os.open(part, flags, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):  # swapped for a link meanwhile
                    raise UnsafeOutput(f"{path}: changed while it was opened") from None
                raise
            os.close(fd)
            fd = child
        return os.dup(fd)
    finally:
        os.close(fd)


def _checked_read(path: Path, fd: int, owner: int | None, max_bytes: int) -> bytes:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeOutput(f"{path}: not a regular file")
    if info.st_nlink != 1:
        raise UnsafeOutput(f"{path}: has {info.st_nlink} hard links; expected a file of its own")
    if owner is not None and info.st_uid != owner:
        raise UnsafeOutput(f"{path}: owned by uid {info.st_uid}, not the agent's uid {owner}")
    if info.st_size > max_bytes:
        raise UnsafeOutput(f"{path}: {info.st_size} bytes; at most {max_bytes} are read")
    with os.fdopen(os.dup(fd), "rb") as handle:
        return handle.read(max_bytes + 1)[:max_bytes]


def open_output(
    path: Path, *, max_bytes: int = MAX_OUTPUT_BYTES, any_owner: bool = False
) -> AgentOutput | None:
    """The agent's file at ``path`` (absolute), read safely; None when nothing is there.
    ``any_owner`` skips the owner check, for a separate verifier environment, where the
    outputs are artifacts that Harbor uploaded (as root) and the agent cannot reach."""
    fd = _open_without_links(path)
    if fd is None:
        return None
    try:
        owner = None if any_owner else agent_uid()
        return AgentOutput(path, _checked_read(path, fd, owner, max_bytes))
    finally:
        os.close(fd)


def read_input(path: str | Path, *, max_bytes: int = MAX_OUTPUT_BYTES) -> AgentOutput | None:
    """A task input that sits where the agent can write (its folder may hold a FIFO, a link or
    another file in the input's place), read as safely as an output, whoever owns it: never
    blocking, never through a link, a regular file only. None when nothing is there."""
    return open_output(Path(path), max_bytes=max_bytes, any_owner=True)


def read_output(path: str | Path, *, max_bytes: int = MAX_OUTPUT_BYTES) -> AgentOutput | None:
    """The agent's output at ``path`` (see ``output_path``), read safely; None when nothing is
    there. A link or another unsafe thing in its place raises ``UnsafeOutput``."""
    return open_output(output_path(path), max_bytes=max_bytes)


def require_output(path: str | Path) -> AgentOutput:
    found = read_output(path)
    if found is None:
        raise FileNotFoundError(f"{output_path(path)}: not written (the instruction puts it there)")
    return found


def read_json_output(path: str | Path) -> Any:
    return require_output(path).json()


ANSWER_FILE = "output/answer.md"
"""Where an imported task's agent writes its answer (under ``/workspace``)."""
FINAL_URL_FILE = "output/final_url.txt"


def answer_text() -> str | None:
    """The agent's answer file (``/workspace/output/answer.md``), None when absent."""
    found = read_output(ANSWER_FILE)
    return found.text() if found else None


def final_url() -> str | None:
    """The agent's final-URL file, trimmed; None when absent."""
    found = read_output(FINAL_URL_FILE)
    return found.text().strip() if found else None
