"""Who holds a token: the shared bootstrap token, or a named user looked up by the token's
hash, remembered for a moment so a burst of requests costs one query.

The look-up runs in a thread of its own small pool: the token check must not wait behind
slow uploads (their own pool) nor behind the sync routes (the default pool).
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable

import anyio
import anyio.to_thread

from po_ingest.lib.users import BOOTSTRAP_ADMIN, Caller, Role, token_hash

# A revoked token is refused at most this long after `users revoke`.
REMEMBER_SECONDS = 2.0
_MAX_REMEMBERED = 10_000
_LOOKUP_THREADS = 4


class Callers:
    def __init__(self, bootstrap_token: str, look_up: Callable[[str], Caller | None]):
        self._bootstrap = bootstrap_token.encode()
        self._look_up = look_up
        self._remembered: dict[str, tuple[float, Caller | None]] = {}
        self._threads = anyio.CapacityLimiter(_LOOKUP_THREADS)

    async def caller(self, token: str) -> Caller | None:
        if token and hmac.compare_digest(token.encode(), self._bootstrap):
            return Caller(BOOTSTRAP_ADMIN, Role.ADMIN, bootstrap=True)
        if not token:
            return None
        key = token_hash(token)
        now = time.monotonic()
        remembered = self._remembered.get(key)
        if remembered and now - remembered[0] < REMEMBER_SECONDS:
            return remembered[1]
        caller = await anyio.to_thread.run_sync(self._look_up, token, limiter=self._threads)
        if len(self._remembered) >= _MAX_REMEMBERED:
            self._remembered.clear()
        self._remembered[key] = (now, caller)
        return caller
