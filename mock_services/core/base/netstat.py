"""Who owns a TCP socket on this machine, from ``/proc/net/tcp`` and ``tcp6``.

The kernel lists every socket of the network namespace with the uid of the process that made
it, whoever asks. Services use it to tell their own processes from another user's on the
loopback: a mail is delivered only to a listener of the services' user, and accepted only from
a client socket of that user (no secret travels, so none can be captured).
Standard library only.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

LISTEN = "0A"
_TABLES = (("/proc/net/tcp", socket.AF_INET), ("/proc/net/tcp6", socket.AF_INET6))


@dataclass(frozen=True)
class TcpSocket:
    local: tuple[str, int]
    remote: tuple[str, int]
    state: str
    uid: int
    inode: str


def _address(text: str, family: int) -> tuple[str, int]:
    host, port = text.split(":")
    raw = bytes.fromhex(host)
    # The kernel prints each 32-bit word in host (little-endian) order.
    raw = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    address = ipaddress.ip_address(socket.inet_ntop(family, raw))
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return str(address), int(port, 16)


def tcp_sockets() -> list[TcpSocket]:
    found = []
    for table, family in _TABLES:
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                found.append(
                    TcpSocket(
                        local=_address(fields[1], family),
                        remote=_address(fields[2], family),
                        state=fields[3],
                        uid=int(fields[7]),
                        inode=fields[9],
                    )
                )
    return found


def listeners(port: int) -> list[TcpSocket]:
    return [s for s in tcp_sockets() if s.state == LISTEN and s.local[1] == port]


def client_socket_owner(client: tuple[str, int], server: tuple[str, int]) -> int | None:
    """The uid of the process whose socket at ``client`` is connected to ``server``, or None."""
    for entry in tcp_sockets():
        if entry.local == client and entry.remote == server and entry.state != LISTEN:
            return entry.uid
    return None


def is_loopback(host: str) -> bool:
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host).is_loopback
    return False
