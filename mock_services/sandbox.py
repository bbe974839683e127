"""What a task container's root processes do about the agent user: find and end its processes,
keep the verifier's folder out of its reach, keep the services' ports reserved.

Used by ``/opt/mock/warden.py`` (the container's main process, root) and
``/opt/mock/bin/end-agent-session`` (root, first step of every verifier). Standard library only,
and nothing here starts a process: it must work when the agent has used up the container's
process limit, where no fork can succeed.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path

VERIFIER_DIR = Path("/logs/verifier")
TESTS_DIR = Path("/tests")
REWARD_FILES = ("reward.txt", "reward.json")
# Written by end-agent-session once no agent process is left: the verifier phase has begun.
SESSION_ENDED_MARK = Path("/run/mock/agent-session-ended")
_OOM_SCORE_ADJ_MAX = 1000
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR

# What root's verifier runs with, whatever the image set: no variable may lead it to code,
# configuration or a shell start-up file that the agent can write.
ROOT_HOME = Path("/root")
SAFE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Variables from the image that root keeps (the task's identity and data, the locale).
IMAGE_VARIABLES_KEPT = ("MOCK_TASK", "MOCK_DATA_DIR", "LANG", "LC_ALL", "TZ")
# Names that make an interpreter or a shell load code or configuration from a path: dropped
# even when the runner passes them for the verifier.
CODE_LOADING_PREFIXES = (
    "PYTHON", "LD_", "BASH_FUNC_", "PERL", "RUBY", "GEM_", "NODE_", "NPM_CONFIG_", "PIP_",
    "GIT_", "XDG_", "SSL_CERT_", "GCONV_", "MALLOC_",
)  # fmt: skip
CODE_LOADING_NAMES = frozenset(
    {
        "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "CDPATH", "GLOBIGNORE", "PS4", "IFS",
        "INPUTRC", "HISTFILE", "TMPDIR", "VIRTUAL_ENV", "CURL_HOME", "CURL_CA_BUNDLE",
        "REQUESTS_CA_BUNDLE", "WGETRC", "TERMINFO", "LOCPATH", "NLSPATH", "HOSTALIASES",
        "RESOLV_HOST_CONF", "OPENSSL_CONF", "OPENSSL_MODULES", "SHELL", "HOME", "PATH",
        "PWD", "OLDPWD", "USER", "LOGNAME", "MAIL",
    }
)  # fmt: skip


def _proc_pids() -> Iterator[int]:
    with os.scandir("/proc") as entries:
        for entry in entries:
            if entry.name.isdigit():
                yield int(entry.name)


def _status(pid: int) -> dict[str, str]:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:  # the process ended while we looked
        return {}
    return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)


def agent_pids(uid: int) -> list[int]:
    """Live (not zombie) processes with ``uid`` as real, effective, saved or filesystem uid."""
    found = []
    for pid in _proc_pids():
        if pid == os.getpid():
            continue
        status = _status(pid)
        uids = status.get("Uid", "").split()
        if str(uid) in uids and not status.get("State", "").startswith(("Z", "X")):
            found.append(pid)
    return found


def _signal_all(pids: list[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signum)


def end_processes(uid: int, timeout: float = 10.0) -> list[int]:
    """Kill every process of ``uid`` until none is left; returns the survivors.

    Each round first kills them all in one step of the kernel (``kill_every_process_of``): no
    fork outruns it, and it reaches a process that changes pid faster than /proc can be read.
    A process that has ``uid`` only as its effective or filesystem uid is out of that step's
    reach and is killed by its pid.
    """
    deadline = time.monotonic() + timeout
    spare = unused_uid(uid)  # once: under a fork bomb, each read of /proc is slow
    while True:
        kill_every_process_of(uid, spare)
        pids = agent_pids(uid)
        if not pids or time.monotonic() > deadline:
            return pids
        _signal_all(pids, signal.SIGKILL)
        time.sleep(0.02)


def kill_every_process_of(uid: int, spare: int) -> None:
    """``kill(-1, SIGKILL)`` as ``uid``: the kernel signals every process whose real or saved
    uid is ``uid`` while holding the process list, and a fork under way in one of them fails.

    Our real uid becomes ``spare``, one that no process has (``unused_uid``), so that neither
    root's processes are in reach of the kill nor ours in reach of the agent's signals; the
    saved uid stays root's, to take root back at once. Does nothing where the uid cannot be
    set (a remapped range).
    """
    if uid == 0:
        raise ValueError("refusing to end root's processes")
    try:
        os.setresuid(spare, uid, 0)
    except OSError:
        return
    try:
        with contextlib.suppress(ProcessLookupError):
            os.kill(-1, signal.SIGKILL)
    finally:
        os.setresuid(0, 0, 0)


def unused_uid(uid: int) -> int:
    """A uid below 65536, not ``uid``, that no process has as its real, effective or saved uid."""
    used = {uid}
    for pid in _proc_pids():
        used.update(int(value) for value in _status(pid).get("Uid", "").split()[:3])
    return next(candidate for candidate in range(65533, 1000, -1) if candidate not in used)


def raise_oom_score(uid: int) -> int:
    """Make every process of ``uid`` the OOM killer's first choice; returns how many changed.

    Without CAP_SYS_RESOURCE (Docker's default) nobody can lower a service's score, so the
    agent's processes are raised instead; children inherit it at fork.
    """
    changed = 0
    for pid in agent_pids(uid):
        path = Path(f"/proc/{pid}/oom_score_adj")
        with contextlib.suppress(OSError, ValueError):
            if int(path.read_text()) < _OOM_SCORE_ADJ_MAX:
                path.write_text(str(_OOM_SCORE_ADJ_MAX))
                changed += 1
    return changed


def _remove(parent_fd: int, name: str) -> None:
    """Remove one entry of the directory ``parent_fd`` without following any link."""
    info = os.stat(name, dir_fd=parent_fd, follow_symlinks=False)
    if stat.S_ISDIR(info.st_mode):
        shutil.rmtree(name, dir_fd=parent_fd)  # fd-based on Linux: never follows a link
    else:
        os.unlink(name, dir_fd=parent_fd)


def _files_open_for_writing_by_root() -> set[tuple[int, int]]:
    """(device, inode) of every file a root process holds open for writing."""
    held = set()
    for pid in _proc_pids():
        if _status(pid).get("Uid", "").split()[:1] != ["0"]:
            continue
        with contextlib.suppress(OSError):
            for fd in os.listdir(f"/proc/{pid}/fd"):
                with contextlib.suppress(OSError, ValueError):
                    flags = Path(f"/proc/{pid}/fdinfo/{fd}").read_text().split("flags:")[1]
                    if int(flags.split()[0], 8) & _WRITE_FLAGS:
                        info = os.stat(f"/proc/{pid}/fd/{fd}")
                        held.add((info.st_dev, info.st_ino))
    return held


def _owned_root_directory(path: Path, *, empty_if_foreign: bool) -> int:
    """An fd of ``path`` as a root-owned directory writable by root only, made so if needed.

    A symlink or a file in its place is removed first. A directory of another owner (the
    agent's, or a bind mount from a host folder of uid 1000) is taken over in place, never
    removed (a mount point cannot be), and with ``empty_if_foreign`` emptied entry by entry:
    what its owner put there is untrusted.
    """
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISDIR(path.lstat().st_mode):
            path.unlink()
    path.mkdir(mode=0o755, exist_ok=True)
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    info = os.fstat(fd)
    if info.st_uid != 0 or info.st_gid != 0:
        os.fchown(fd, 0, 0)  # first: from here on its owner cannot add entries
        os.fchmod(fd, 0o755)
        if empty_if_foreign:
            _empty(fd)
    elif stat.S_IMODE(info.st_mode) & 0o022:
        os.fchmod(fd, 0o755)
    return fd


def _empty(directory_fd: int) -> None:
    """Remove every entry of the open directory, never following a link."""
    for name in os.listdir(directory_fd):
        with contextlib.suppress(FileNotFoundError):
            _remove(directory_fd, name)


def _prune(directory: Path, keep: Callable[[str, os.stat_result], bool]) -> list[str]:
    """Make ``directory`` (and its parent) root-owned and closed to others, then remove every
    entry that ``keep`` refuses; returns the names removed."""
    if not directory.parent.is_dir():
        return []
    # The parent holds other mounts (/logs/agent): closed to others, never emptied.
    os.close(_owned_root_directory(directory.parent, empty_if_foreign=False))
    fd = _owned_root_directory(directory, empty_if_foreign=True)
    removed = []
    try:
        for name in os.listdir(fd):
            if not keep(name, os.stat(name, dir_fd=fd, follow_symlinks=False)):
                with contextlib.suppress(FileNotFoundError):
                    _remove(fd, name)
                removed.append(name)
    finally:
        os.close(fd)
    return removed


def guard_verifier_dir(directory: Path = VERIFIER_DIR, *, session_ended: bool) -> list[str]:
    """While the agent may run: remove from ``directory`` anything not owned by root and,
    until the agent's session has ended, any reward file whatever its owner.

    Harbor makes ``/logs/verifier`` world-writable for non-root verifiers; ours run as root.
    """
    return _prune(
        directory,
        lambda name, info: info.st_uid == 0 and (session_ended or name not in REWARD_FILES),
    )


def clear_verifier_dir(directory: Path = VERIFIER_DIR) -> list[str]:
    """Empty ``directory`` for the verifier, whatever the owners, except the files a root
    process is writing (the runner's log of the verifier's output). Returns the names removed.
    """
    held = _files_open_for_writing_by_root()
    return _prune(
        directory,
        lambda name, info: (
            stat.S_ISREG(info.st_mode)
            and (info.st_dev, info.st_ino) in held
            and info.st_uid == 0
            and info.st_nlink == 1
            and name not in REWARD_FILES
        ),
    )


def loads_code(name: str) -> bool:
    """Whether a variable of this name can make a program read code or configuration."""
    return name in CODE_LOADING_NAMES or name.startswith(CODE_LOADING_PREFIXES)


def image_environment(pid: int = 1) -> dict[str, str]:
    """The environment the container started with (its main process's): the image's ``ENV``
    and the runner's container-wide variables. Empty where it cannot be read."""
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    pairs = (item.decode(errors="replace").partition("=") for item in raw.split(b"\0") if item)
    return {name: value for name, _, value in pairs}


def verifier_environment(current: dict[str, str], image: dict[str, str]) -> dict[str, str]:
    """The environment root's verifier runs with: ours, plus what the runner passed for the
    verifier (a variable of ``current`` that the image did not set to the same value), never a
    variable that loads code, and of the image's own only ``IMAGE_VARIABLES_KEPT``.

    ``HOME``, ``PATH`` and the user are root's; the agent's (``HOME=/home/node``, a ``PATH``
    through its folders) never reach a root process.
    """
    passed = {
        name: value
        for name, value in current.items()
        if image.get(name) != value and not loads_code(name)
    }
    kept = {name: image[name] for name in IMAGE_VARIABLES_KEPT if name in image}
    root_identity = {
        "HOME": str(ROOT_HOME),
        "PATH": SAFE_PATH,
        "USER": "root",
        "LOGNAME": "root",
        "SHELL": "/bin/bash",
    }
    # For a Python started without -I: no user site, no script folder or cwd on sys.path.
    defaults = {"LANG": "C.UTF-8", "PYTHONNOUSERSITE": "1", "PYTHONSAFEPATH": "1"}
    return {**defaults, **kept, **passed, **root_identity}


def close_tests_dir(directory: Path = TESTS_DIR) -> None:
    """Keep the verifier's ``/tests`` root's alone (0700): no agent process reads the checks a
    runner uploads, nor, in a multi-step task, an earlier step's. Its files are kept."""
    if not directory.is_dir() or directory.is_symlink():
        return
    info = directory.stat()
    if info.st_uid == 0 and info.st_gid == 0 and stat.S_IMODE(info.st_mode) == 0o700:
        return  # the warden's every round: no syscall beyond the stat
    fd = _owned_root_directory(directory, empty_if_foreign=False)
    os.fchmod(fd, 0o700)
    os.close(fd)


def reserve_port(port: int, owner_uid: int, host: str = "127.0.0.1") -> socket.socket:
    """A bound, never-listening socket on ``host:port`` that belongs to ``owner_uid``.

    With SO_REUSEPORT the services of ``owner_uid`` can still bind and listen there (Linux
    allows it only to sockets of the same uid), while the port is never free for another user,
    even while a service restarts. It gets no connections, since it never listens.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    previous = libc.setfsuid(owner_uid)  # a socket belongs to the fsuid that made it
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    finally:
        libc.setfsuid(previous)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock
