"""Reading files an adversary may have written (upstream records, dataset records): paths
confined to a folder, YAML and JSON parsed within size, node, alias and depth limits, and a
per-record time budget. A breach raises ``Refused`` (``OverLimit`` names the limit and value).

The limits bound the work itself, so parsing is finite without threads or signals: the YAML
event stream is checked before anything is composed, and the clock is read between events.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path, PurePath
from typing import Any, BinaryIO

import yaml

# the largest record file of the pinned sources is under 1 MiB; 16 MiB bounds memory and a parse
MAX_FILE_BYTES = 16 * 1024 * 1024
# scalars and collections after YAML aliases are expanded: a billion laughs needs ~10**9;
# WebArena's whole test.raw.json (812 records) has about 30,000
MAX_NODES = 1_000_000
# upstream records use no YAML anchors; a few shared blocks are fine, an alias bomb is not
MAX_ALIASES = 100
# records nest under 10 deep; libyaml slows quadratically with depth and composers recurse
MAX_DEPTH = 64
# parsing and mapping one record; the limits above keep a record far inside it
RECORD_SECONDS = 5.0
# how many YAML events pass between two reads of the clock
EVENTS_PER_CLOCK_READ = 1024
# the piece of an over-long line read at a time while skipping it
READ_CHUNK = 1 << 20
# libyaml's safe loader when PyYAML has it (about 20 times faster), else the pure-Python one
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Refused(Exception):
    """Untrusted input that is not read; the message says what was expected."""


class OverLimit(Refused):
    """Input over one of this module's limits; the message names the limit and its value."""

    def __init__(self, limit: str, value: int | float | str, detail: str) -> None:
        shown = f"{value:,}" if isinstance(value, int) else str(value)
        super().__init__(f"{detail}: over the limit {limit} = {shown}")


class Deadline:
    """A record's time budget, counted from its creation: ``check`` raises ``OverLimit`` once
    it is spent."""

    def __init__(self) -> None:
        self.seconds = RECORD_SECONDS
        self.started = time.monotonic()

    def check(self, stage: str) -> None:
        elapsed = time.monotonic() - self.started
        if elapsed > self.seconds:
            spent = f"{stage}: {elapsed:.1f} s spent"
            raise OverLimit("RECORD_SECONDS", f"{self.seconds:g} s", spent)


def confined(folder: Path, name: str | PurePath, within: str) -> Path:
    """``folder / name`` with symlinks followed; ``Refused`` unless it lies inside ``folder``
    (resolved too). ``within`` says what ``folder`` is, for the message."""
    inside = folder.resolve()
    expected = f"must stay inside {within} {inside}"
    try:
        target = (folder / name).resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise Refused(f"{name} cannot be resolved ({exc}); {expected}") from None
    if not target.is_relative_to(inside):
        raise Refused(f"{name} resolves to {target}; {expected}")
    return target


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """A regular file's UTF-8 text, reading at most ``limit`` + 1 bytes."""
    if not path.is_file():
        raise Refused("not found, or not a regular file")
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OverLimit("MAX_FILE_BYTES", f"{limit:,} bytes", "file size")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def read_lines(path: Path, limit: int = MAX_FILE_BYTES) -> Iterator[str | Refused]:
    """A text file's lines (split at newlines only), reading at most ``limit`` + 1 bytes of
    each; a longer line, or one that is not UTF-8, is yielded as its ``Refused``."""
    with path.open("rb") as handle:
        while line := handle.readline(limit + 1):
            content = line.rstrip(b"\r\n")
            if len(content) > limit:
                _skip_rest_of_line(handle, line)
                yield OverLimit("MAX_FILE_BYTES", f"{limit:,} bytes", "line size")
                continue
            try:
                yield content.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield Refused(f"not UTF-8 text ({exc.reason} at byte {exc.start})")


def _skip_rest_of_line(handle: BinaryIO, read: bytes) -> None:
    """Read past the end of a line of which ``read`` was the start, a chunk at a time."""
    while read and not read.endswith(b"\n"):
        read = handle.readline(READ_CHUNK)


def load_json(text: str | bytes) -> Any:
    """JSON within the size, depth and node limits; a syntax error is ``ValueError``."""
    if len(text) > MAX_FILE_BYTES:
        raise OverLimit("MAX_FILE_BYTES", f"{MAX_FILE_BYTES:,} bytes", "JSON size")
    try:
        data = json.loads(text)
    except RecursionError:
        raise OverLimit("MAX_DEPTH", MAX_DEPTH, "JSON nesting") from None
    _check_tree(data)
    return data


def _check_tree(data: Any) -> None:
    """Depth (nested arrays and objects) and node count of parsed JSON, without recursion."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise OverLimit("MAX_NODES", MAX_NODES, "JSON values")
        if isinstance(value, dict | list):
            if depth + 1 > MAX_DEPTH:
                raise OverLimit("MAX_DEPTH", MAX_DEPTH, "JSON nesting")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


def load_yaml(text: str, deadline: Deadline | None = None) -> Any:
    """YAML within the size, alias, node and depth limits (checked on the event stream before
    anything is composed); a syntax error is ``yaml.YAMLError``."""
    if len(text) > MAX_FILE_BYTES:
        raise OverLimit("MAX_FILE_BYTES", f"{MAX_FILE_BYTES:,} bytes", "YAML size")
    try:
        _check_events(text, deadline or Deadline())
    except yaml.YAMLError as exc:
        # PyYAML 6.0.4's scanner stops at its own nesting limit (1000) while it reads ahead,
        # before our count of the events reaches ours: the same refusal either way
        if "maximum nesting depth" in str(exc):
            raise OverLimit("MAX_DEPTH", MAX_DEPTH, "YAML nesting") from None
        raise
    return yaml.load(text, Loader=YAML_LOADER)


def _check_events(text: str, deadline: Deadline) -> None:
    """Walk the YAML events counting nodes as if every alias were expanded."""
    expanded: dict[str, int] = {}  # anchor -> nodes of its value, aliases expanded
    open_collections: list[tuple[str | None, int]] = []  # (anchor, node count at its start)
    nodes = aliases = 0
    for count, event in enumerate(yaml.parse(text, Loader=YAML_LOADER)):
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise OverLimit("MAX_ALIASES", MAX_ALIASES, "YAML aliases")
            if event.anchor not in expanded:
                raise Refused(f"alias *{event.anchor} is undefined or recursive")
            nodes += expanded[event.anchor]
        elif isinstance(event, yaml.ScalarEvent):
            nodes += 1
            if event.anchor:
                expanded[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            nodes += 1
            open_collections.append((event.anchor, nodes))
            if len(open_collections) > MAX_DEPTH:
                raise OverLimit("MAX_DEPTH", MAX_DEPTH, "YAML nesting")
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, start = open_collections.pop()
            if anchor:
                expanded[anchor] = nodes - start + 1
        if nodes > MAX_NODES:
            raise OverLimit("MAX_NODES", MAX_NODES, "YAML nodes with aliases expanded")
        if count % EVENTS_PER_CLOCK_READ == 0:
            deadline.check("parsing YAML")
