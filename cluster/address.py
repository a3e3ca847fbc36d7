"""A ``--cluster`` address: its form checked before anything is sent, then a Dask scheduler
looked for there, within :data:`CONNECT_SECONDS`, before a client is made.

Whatever answers at the address - nothing, a port that accepts and stays silent, a web server,
an SSH server, random bytes - the answer is one line: Dask's own client, given such an address,
may wait for ever, report a failed allocation of exabytes, or print a traceback when the
interpreter exits.  So a scheduler is asked who it is first, on a connection of our own with a
deadline, and only a scheduler gets a client.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from game.i18n import _

CONNECT_SECONDS = 10.0
"""How long to try to connect to the scheduler before saying it cannot be reached."""
ANSWER_SECONDS = 15.0
"""How long the scheduler has to connect and say who it is: a port that accepts and stays silent
is given up after this (the whole command's answer stays within 30 s)."""
SCHEMES = ("tcp", "tls")
"""The protocols a scheduler in another process can be reached by (``tls`` with Dask's TLS settings)."""
EXAMPLE = "tcp://lab-server:8786"
_HOST_PORT = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):([0-9]{1,5})$")


class AddressError(ValueError):
    """An address that cannot be a Dask scheduler's, or where none answers: one line for people."""


def check_address(address: str) -> str:
    """``address`` if it has the form of a scheduler's (``tcp://HOST:PORT``, or ``tls://``; a bare
    ``HOST:PORT`` means ``tcp://``), with ``tcp://`` added if it had no protocol; else
    :class:`AddressError` saying what is wrong."""
    text = address.strip()
    if not text:
        raise AddressError(_("--cluster needs the address of a Dask scheduler, such as {example}").format(
            example=EXAMPLE))
    scheme, separator, place = text.partition("://")
    if not separator:
        scheme, place = "tcp", text
    if scheme not in SCHEMES:
        raise AddressError(_("--cluster {address}: the {scheme}:// protocol cannot reach a Dask scheduler here; "
                             "give tcp://HOST:PORT, such as {example}").format(
            address=address, scheme=scheme, example=EXAMPLE))
    found = _HOST_PORT.match(place)
    if found is None or not 0 < int(found.group(2)) < 65536:
        if re.fullmatch(r"[A-Za-z0-9.-]+", place):
            raise AddressError(_("--cluster {address}: no port; give tcp://{host}:PORT (a scheduler listens on "
                                 "8786 unless told otherwise)").format(address=address, host=place))
        raise AddressError(_("--cluster {address}: not the address of a Dask scheduler; give tcp://HOST:PORT, "
                             "such as {example}").format(address=address, example=EXAMPLE))
    return f"{scheme}://{place}"


def find_scheduler(address: str) -> None:
    """:class:`AddressError` unless a Dask scheduler answers at ``address`` (checked by
    :func:`check_address`) within :data:`ANSWER_SECONDS`."""
    arguments = _connection_arguments(address)
    try:
        reply = asyncio.run(asyncio.wait_for(_identity(address, arguments), ANSWER_SECONDS))
    except (TimeoutError, asyncio.TimeoutError):
        raise AddressError(_("no Dask scheduler answers at {address} (waited {seconds} s)").format(
            address=address, seconds=f"{ANSWER_SECONDS:.0f}")) from None
    except OSError as problem:
        raise AddressError(_("cannot reach the Dask scheduler at {address}: {problem}").format(
            address=address, problem=one_line(problem))) from None
    except Exception:  # noqa: BLE001 - whatever else answers (its bytes read as Dask's make no sense)
        raise AddressError(_("no Dask scheduler answers at {address}: what answers there speaks another "
                             "protocol").format(address=address)) from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise AddressError(_("no Dask scheduler answers at {address}: it is a {kind}").format(
            address=address, kind=reply.get("type", "?") if isinstance(reply, dict) else type(reply).__name__))


async def _identity(address: str, arguments: dict[str, Any]) -> Any:
    """What the server at ``address`` says it is, asked as Dask's client asks."""
    import distributed.comm.core  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)

    connect: Any = distributed.comm.core.connect
    comm = await connect(address, timeout=CONNECT_SECONDS, **arguments)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


def _connection_arguments(address: str) -> dict[str, Any]:
    """Dask's security settings for ``address`` (for ``tls://``: its certificates, which must be set)."""
    import distributed.security  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)

    security: Any = distributed.security.Security
    arguments: dict[str, Any] = security().get_connection_args("client")
    if address.startswith("tls://") and arguments.get("ssl_context") is None:
        raise AddressError(_("--cluster {address}: tls:// needs Dask's TLS settings (the distributed.comm.tls "
                             "certificates in Dask's configuration); give a tcp:// address or set them").format(
            address=address))
    return arguments


def one_line(problem: BaseException) -> str:
    """An error's words on one line, at most 300 characters (its type's name if it has none)."""
    text = " ".join(str(problem).split()) or type(problem).__name__
    return text[:300]
