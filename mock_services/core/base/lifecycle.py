"""One generation of a service at a time: its processes die with their parent, and a server
does not start on a port that another server already answers on.

Standard library only: the server's supervising process imports this without the web stack.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import threading
import time
from pathlib import Path

from mock_services.core.base.netstat import listeners

_PR_SET_PDEATHSIG = 1
PARENT_PID_VARIABLE = "MOCK_SERVER_PID"


class PortInUse(RuntimeError):
    """Another server answers on the port; the message names it where it can be read."""


def die_with_parent(parent_pid: int) -> None:
    """Have the kernel kill this process when its parent dies (call right after a fork in the
    parent's main thread); exit at once if the parent is already gone."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:
        os._exit(1)


def watch_parent(parent_pid: int, interval: float = 0.2) -> threading.Thread:
    """A daemon thread that ends this process once its parent is gone.

    For worker processes whose parent (granian's) we do not fork ourselves, so cannot use
    ``die_with_parent`` (the kernel's parent-death signal follows the forking thread, not the
    process).
    """

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(interval)
        os.kill(os.getpid(), signal.SIGKILL)

    thread = threading.Thread(target=watch, name="parent-watch", daemon=True)
    thread.start()
    return thread


def _answers(host: str, port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=1):
        return True
    return False


def _holders(port: int) -> list[str]:
    """``pid (command line)`` of the processes listening on ``port`` that we may look into."""
    wanted = {f"socket:[{entry.inode}]" for entry in listeners(port)}
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if any(os.readlink(fd) in wanted for fd in (entry / "fd").iterdir()):
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").strip()
                found.append(f"pid {entry.name} ({cmdline.decode(errors='replace')})")
    return found


def ensure_port_free(
    host: str, port: int, remedy: str = "stop it or choose another port with --port"
) -> None:
    """Raise ``PortInUse`` when a server already accepts connections on ``host:port``; its
    message ends with ``remedy``, what works for the command at hand.

    Our servers bind with SO_REUSEPORT, so the kernel would let a second one share the port
    (and its traffic): this is the check that keeps one generation per port.
    """
    if not _answers(host, port):
        return
    holders = _holders(port)
    held_by = "; ".join(holders) if holders else "a process of another user"
    raise PortInUse(f"port {port} on {host} is already served by {held_by}; {remedy}")
