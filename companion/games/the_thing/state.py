"""The game's state: frozen, with its PRNG state (`rng`). Secrets (the set-up deal, a bag draw being looked at)
are plain fields here; `views.public_view` blanks them before anything shared reads the state."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.turns import Turns

HUMAN, ALIEN, HIDDEN = "human", "alien", "hidden"
#: How the bag is handled: on the companion, behind the hand-over step, or kept physical at the table.
BAG_MODES: tuple[str, ...] = ("screen", "physical")
#: Outcomes: "" while playing; "alien" (the Alien side wins, with the humans who escaped before); "escaped"
#: (only the humans who escaped win); "humans" (the take-off stopped: the Human side wins).
OUTCOMES: tuple[str, ...] = ("", "alien", "escaped", "humans")


@dataclass(frozen=True)
class Ufo:
    """The final battle: token values on the UFO's locations (0: taken), the face-down reserve, the tokens each
    side holds (counted only: their values stay the sides' own), the sequence cards activated."""

    board: tuple[int, ...]
    reserve: tuple[int, ...]
    alien_tokens: int = 0
    human_tokens: int = 0
    activated: int = 0
    this_round: int = 0
    spent: int = 0  # tokens spent on sequence cards, out of the game
    strength: int = 0
    unveiled: bool = False
    round: int = 1


@dataclass(frozen=True)
class ThingState:
    players: int
    bag_mode: str
    turns: Turns  # the round, the phase; `turns.first` is the Leader
    leader_token: str  # the place the Leader token lies
    npcs: tuple[str, ...]  # each NPC's place
    places: tuple[str, ...]  # the Location deck's cards; phase 8 shuffles them all, the Cabin's included
    turned: tuple[str, ...]  # the cards turned in the last phase 8, in order
    dog: int  # the dog's space, 0 the leftmost
    dog_spaces: int  # 0: unknown, the players say when the dog reaches the end
    sniper: int  # dog icons of the sniper rifle placed at the track's end (0: none yet)
    weather: int  # the face index rolled this round, -1 before the roll
    weather_faces: int
    deal: tuple[str, ...]  # SECRET: each seat's set-up token, () once all went back into the bag
    seen: tuple[int, ...]  # the seats who looked at their set-up token
    draw_seat: int  # the seat looking at a bag draw, -1 when none
    draw_token: str  # SECRET: that token
    draws: int  # bag draws so far (public)
    vehicles_used: tuple[str, ...]
    escaped: tuple[int, ...]  # humans who escaped: they win, whatever happens after
    out: tuple[int, ...]  # seats out of play (eliminated, escaped, on a vehicle that left)
    roles: tuple[tuple[int, str], ...]  # roles shown to everyone (a test, an escape), in the order shown
    unveiled: int  # Aliens revealed so far (phase 3 is played)
    ufo: Ufo | None
    outcome: str
    crew: tuple[tuple[int, str], ...] = ()  # an escape being boarded: (seat, role shown), in boarding order
    crew_vehicle: str = ""
    rng: int = 0
