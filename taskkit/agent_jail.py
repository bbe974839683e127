"""The agent's side of a local trial: ``python -m taskkit.agent_jail SPEC -- COMMAND...``.

Run as root inside the trial's namespaces, it enters a mount namespace of its own, lays tmpfs
over every folder the agent must not see (the host's ``/tmp``, ``/root``, ``/home``, the
repository's checkouts, the task's folder, the verifier's ``/tests``), binds back read-only
only what the agent's commands need (the Python that runs them and the ``mock_services``
package it imports) and read-write the agent's own home, then becomes the agent's
unprivileged uid for good (no setuid binary can raise it again) and executes ``COMMAND``.

The services and the verifier never pass through here: they keep root and the trial's view.
Nothing is started before the exec (the mounts are system calls, not ``mount`` commands).
"""

from __future__ import annotations

import ctypes
import json
import os
import stat
import sys
from pathlib import Path

from pydantic import BaseModel

_CLONE_NEWNS = 0x00020000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV = 1, 2, 4
_MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 32, 4096, 16384, 1 << 18
_PR_SET_NO_NEW_PRIVS = 38


class Keep(BaseModel):
    """A folder bound back over the hidden ones: ``source`` as it is before the hiding."""

    source: str
    target: str
    read_only: bool = True


class JailSpec(BaseModel):
    """What the agent's command runs as and sees."""

    uid: int
    gid: int
    hide: dict[str, int]  # folder -> mode of the empty tmpfs laid over it
    keep: list[Keep]
    cwd: str


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{what}: {os.strerror(error)}")


def _mount(source: str | None, target: str, kind: str | None, flags: int, data: str = "") -> None:
    libc = _libc()
    encoded = [None if v is None else v.encode() for v in (source, target, kind, data or None)]
    _check(libc.mount(*encoded[:3], ctypes.c_ulong(flags), encoded[3]), f"mount {target}")


def hidden_paths(hide: dict[str, int]) -> list[str]:
    """The folders to lay a tmpfs over, outer ones first; one inside another hidden folder is
    hidden with it (it no longer exists once its parent is covered)."""
    chosen: list[str] = []
    for path in sorted(hide, key=lambda p: (p.count("/"), p)):
        if not any(Path(path).is_relative_to(outer) for outer in chosen) and Path(path).is_dir():
            chosen.append(path)
    return chosen


def enter(spec: JailSpec) -> None:
    """Hide, bind back, then become the agent (irreversibly) in ``spec.cwd``."""
    libc = _libc()
    _check(libc.unshare(_CLONE_NEWNS), "unshare")
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE)
    # Held open across the hiding: a kept folder may sit under a hidden one (/home/node).
    held = [(keep, os.open(keep.source, os.O_PATH)) for keep in spec.keep]
    folders = {keep.target for keep, fd in held if stat.S_ISDIR(os.fstat(fd).st_mode)}
    for path in hidden_paths(spec.hide):
        mode = spec.hide[path]
        _mount("tmpfs", path, "tmpfs", _MS_NOSUID | _MS_NODEV, f"mode={mode:o},size=1g")
    for keep, fd in held:
        target = Path(keep.target)
        for parent in reversed(target.parents):
            if not parent.exists():
                parent.mkdir(mode=0o755)
        if not target.exists():
            target.mkdir() if keep.target in folders else target.touch()
        _mount(f"/proc/self/fd/{fd}", str(target), None, _MS_BIND | _MS_REC)
        if keep.read_only:
            _mount(None, str(target), None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY)
        os.close(fd)
    os.setgroups([])
    os.setresgid(spec.gid, spec.gid, spec.gid)
    os.setresuid(spec.uid, spec.uid, spec.uid)
    _check(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(no_new_privs)")
    os.chdir(spec.cwd)


def main(argv: list[str]) -> None:
    if len(argv) < 3 or argv[1] != "--":
        sys.exit("usage: python -m taskkit.agent_jail SPEC_JSON -- COMMAND [ARG...]")
    enter(JailSpec.model_validate(json.loads(argv[0])))
    os.execvp(argv[2], argv[2:])


if __name__ == "__main__":
    main(sys.argv[1:])
