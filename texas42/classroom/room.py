"""The addresses a room's devices can reach this computer at, and their QR codes.

The teacher's guide reads ``room.json`` (the build writes an empty one,
book/_ext/offline_app.py); the server answers it with :func:`room_info` of these addresses.
Standard library only, plus ``segno`` for the QR codes (left out without it).
"""

from __future__ import annotations

import array
import ipaddress
import socket
import struct
from collections.abc import Iterable
from typing import Any

#: The file the teacher's page reads for the addresses to share.
ROOM_FILE = "room.json"


def _linux_ipv4_addresses() -> list[str]:
    """Every interface's IPv4 address (Linux ``SIOCGIFADDR``); empty elsewhere."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        return []
    found: list[str] = []
    siocgifaddr = 0x8915
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return found
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(sock.fileno(), siocgifaddr, request)
            except OSError:
                continue  # no IPv4 address on this interface
            found.append(socket.inet_ntoa(array.array("B", answer[20:24]).tobytes()))
    return found


def _resolver_ipv4_addresses() -> list[str]:
    """The host name's addresses, and the one the default route leaves from (no packet
    is sent: a UDP socket's connect only picks the route)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("10.255.255.255", 1))
            found.append(str(sock.getsockname()[0]))
    except OSError:
        pass
    return found


def share_addresses(host: str) -> list[str]:
    """The IPv4 addresses other devices can use: every non-loopback address of the
    machine when bound to all interfaces, else the bound address if it is not loopback."""
    if host not in ("0.0.0.0", ""):
        return [] if ipaddress.ip_address(host).is_loopback else [host]
    seen: dict[str, None] = {}
    for address in _linux_ipv4_addresses() + _resolver_ipv4_addresses():
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            seen.setdefault(address, None)
    return list(seen)


def qr_code(url: str) -> Any:
    """The QR code of ``url``: byte mode, error correction M (segno), or None without it."""
    try:
        import segno  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return segno.make(url, error="m", micro=False, boost_error=False)


def qr_svg(url: str) -> str | None:
    """``url``'s QR code as an inline SVG (dark on light, its quiet zone included)."""
    code = qr_code(url)
    if code is None:
        return None
    svg: str = code.svg_inline(scale=6, border=4, dark="#000", light="#fff", omitsize=False)
    return svg


def room_info(urls: Iterable[str]) -> dict[str, Any]:
    """What ``room.json`` holds: each address to share with its QR code."""
    return {"served": True, "addresses": [{"url": url, "qr": qr_svg(url)} for url in urls]}
