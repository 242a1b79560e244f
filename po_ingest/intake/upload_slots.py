"""Uploads kept apart from the rest of the API: a bounded number at once, each read in a
thread of their own pool, each dropped when its body stops arriving.

A phone on a slow network holds its upload's thread for minutes. On the pool the token check
and the other routes share, 40 of them froze the whole API; here they can only fill their own.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import TypeVar

import anyio
import anyio.from_thread
import anyio.to_thread

T = TypeVar("T")


class UploadsFull(RuntimeError):
    """As many uploads as allowed are arriving already (answered 503 with Retry-After)."""


class BodyStalled(RuntimeError):
    """No byte of the body arrived for the idle timeout (answered 408; nothing is kept)."""


class UploadSlots:
    def __init__(self, capacity: int, idle_seconds: float):
        self.capacity = capacity
        self.idle_seconds = idle_seconds
        self._active = 0  # changed only on the event loop, between awaits
        self._threads = anyio.CapacityLimiter(capacity)

    async def receive(self, body: AsyncIterator[bytes], work: Callable[[Iterator[bytes]], T]) -> T:
        """`work(chunks)` in an upload thread, or UploadsFull when every slot is taken."""
        if self._active >= self.capacity:
            raise UploadsFull(f"{self.capacity} uploads are arriving already; try again shortly")
        self._active += 1
        try:
            return await anyio.to_thread.run_sync(work, self._pull(body), limiter=self._threads)
        finally:
            self._active -= 1

    def _pull(self, body: AsyncIterator[bytes]) -> Iterator[bytes]:
        """The body as a blocking iterator for the upload thread: each chunk is awaited on the
        event loop only when the parser asks for it, so nothing piles up in memory."""

        async def next_chunk() -> bytes | None:
            try:
                with anyio.fail_after(self.idle_seconds):
                    return await anext(body)
            except StopAsyncIteration:
                return None
            except TimeoutError:
                raise BodyStalled(
                    f"no data arrived for {self.idle_seconds:g} s: the upload was dropped"
                ) from None

        while (chunk := anyio.from_thread.run(next_chunk)) is not None:
            if chunk:
                yield chunk
