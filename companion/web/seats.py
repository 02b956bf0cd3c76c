"""The codes that open a seat's private view: one per game and seat, made by the host, never guessable.

Each code has two forms: a long one (32 random bytes, `secrets.token_urlsafe`) in the QR code's address, and a
short one to type (8 letters and digits without look-alikes, about 40 bits, `secrets.choice`): wrong attempts are
slowed (`Throttle`), so 40 bits are out of reach. Codes are kept by their SHA-256 digest, so a lookup compares no
secret byte by byte. A code opens its own game's seat only: it stops working when another game is opened
(`keep_game`), or when the host revokes it.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

#: The short code's letters: no 0/O, 1/I/L, so a code read aloud or typed from the screen is typed right.
SHORT_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
SHORT_LENGTH = 8


@dataclass(frozen=True)
class SeatCode:
    game_id: int
    seat: int
    token: str  # in the QR code's address: /seat/<token>
    short: str  # typed on /join


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def normalise_short(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


class SeatCodes:
    """The codes in force. Thread-safe: the host makes and revokes them on the app's thread, the server reads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_seat: dict[tuple[int, int], SeatCode] = {}
        self._by_token: dict[bytes, SeatCode] = {}
        self._by_short: dict[bytes, SeatCode] = {}

    def code_for(self, game_id: int, seat: int) -> SeatCode:
        """The seat's code, made on first demand and kept until revoked or another game is opened."""
        with self._lock:
            found = self._by_seat.get((game_id, seat))
            if found is None:
                short = "".join(secrets.choice(SHORT_ALPHABET) for _ in range(SHORT_LENGTH))
                found = SeatCode(game_id, seat, secrets.token_urlsafe(32), short)
                self._by_seat[(game_id, seat)] = found
                self._by_token[_digest(found.token)] = found
                self._by_short[_digest(short)] = found
            return found

    def find(self, token: str) -> SeatCode | None:
        with self._lock:
            return self._by_token.get(_digest(token))

    def find_short(self, typed: str) -> SeatCode | None:
        with self._lock:
            return self._by_short.get(_digest(normalise_short(typed)))

    def revoke(self, game_id: int, seat: int) -> None:
        """The seat's code stops working (its phone is dropped at once); a new one is made when next asked."""
        with self._lock:
            found = self._by_seat.pop((game_id, seat), None)
            if found is not None:
                self._by_token.pop(_digest(found.token), None)
                self._by_short.pop(_digest(found.short), None)

    def keep_game(self, game_id: int | None) -> None:
        """Only `game_id`'s codes stay in force: a code expires with its game."""
        with self._lock:
            for key in [key for key in self._by_seat if key[0] != game_id]:
                found = self._by_seat.pop(key)
                self._by_token.pop(_digest(found.token), None)
                self._by_short.pop(_digest(found.short), None)

    def in_force(self, code: SeatCode) -> bool:
        with self._lock:
            return self._by_seat.get((code.game_id, code.seat)) is code


class Throttle:
    """Slows wrong codes: after `free` wrong attempts from one address, each next attempt must wait twice as long
    as the last (up to `longest` seconds); every address together may fail `overall` times a minute."""

    def __init__(
        self, free: int = 3, longest: float = 60.0, overall: int = 60, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.free, self.longest, self.overall, self.clock = free, longest, overall, clock
        self._lock = threading.Lock()
        self._failures: dict[str, tuple[int, float]] = {}  # address -> (wrong attempts, when the next is allowed)
        self._recent: list[float] = []

    def wait_for(self, address: str) -> float:
        """Seconds before `address` may try a code again (0: now)."""
        now = self.clock()
        with self._lock:
            self._recent = [t for t in self._recent if now - t < 60.0]
            if len(self._recent) >= self.overall:
                return max(0.0, 60.0 - (now - self._recent[0]))
            count, allowed = self._failures.get(address, (0, 0.0))
            return max(0.0, allowed - now)

    def failed(self, address: str) -> None:
        now = self.clock()
        with self._lock:
            count, _allowed = self._failures.get(address, (0, 0.0))
            count += 1
            delay = 0.0 if count < self.free else min(self.longest, 2.0 ** (count - self.free))
            self._failures[address] = (count, now + delay)
            self._recent.append(now)
            if len(self._failures) > 10_000:  # a flood of addresses never grows memory without end
                self._failures.pop(next(iter(self._failures)))

    def succeeded(self, address: str) -> None:
        with self._lock:
            self._failures.pop(address, None)
