"""Each phone's key in the room's class: the same student in every lesson of the class.

A room opened for a class (``class --class NAME``) has a **tag** for it (made on this computer
from the name: :func:`store.students.class_tag`; the phones never learn the name).  The
phone page fetches the tag (``class.json``), keeps a random key for it in the browser's storage,
and sends it with its ``join`` (and its ``resume``); a phone without one gets a new key in its
``welcome``.  The room keeps each phone's key under the phone's secret (its token), so a key
follows its student from a seat to a watcher's place and back after a reload.

A key another phone of the room holds now is not taken twice (a copied key is a second student:
it gets a new key), and a key that does not look like one (:data:`~.protocol.STUDENT_KEY`) is
replaced.  Thread-safe: the server's thread assigns keys, the app's reads them.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Collection

from .protocol import student_key

MOST_KEPT = 4096
"""Keys remembered at most; beyond, the oldest of a phone that holds no place now goes (a flood of
joins cannot grow the room without end)."""
KEY_BYTES = 18
"""A new key's random bytes (24 characters of URL-safe base64)."""


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


class StudentKeys:
    """The students' keys of one room, by the secret of their place."""

    def __init__(self, tag: str = "") -> None:
        self.tag = tag
        """The class's tag (``""``: the room has no class, and no phone gets a key)."""
        self._keys: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, token: str, offered: str, held: Collection[str]) -> str:
        """The key of the phone whose place has secret ``token`` (``offered``: the key it sent,
        ``held``: the secrets of every place taken now); ``""`` without a class."""
        if not self.tag or not token:
            return ""
        with self._lock:
            known = self._keys.get(token)
            if known is not None:
                return known
            offered = student_key(offered)
            taken = {key for other, key in self._keys.items() if other in held and other != token}
            key = offered if offered and offered not in taken else new_key()
            self._keys[token] = key
            self._forget_oldest(held)
            return key

    def _forget_oldest(self, held: Collection[str]) -> None:
        while len(self._keys) > MOST_KEPT:
            gone = next((token for token in self._keys if token not in held), None)
            if gone is None:
                return
            del self._keys[gone]

    def key_of(self, token: str) -> str:
        """The key of the place with secret ``token`` (``""``: none)."""
        with self._lock:
            return self._keys.get(token, "") if token else ""
