"""The command lines' argument parser: an option is matched only as written, never by a prefix
(argparse's default read `validate --task NAME` as `--tasks-dir NAME`)."""

from __future__ import annotations

import argparse
from typing import Any


class ExactOptions(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` without abbreviated options, for subcommands too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
