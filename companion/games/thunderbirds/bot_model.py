"""What the bot (and so the simulation) assumes about cards the app does not know: `UnknownCardModel`."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.thunderbirds.definitions import Definitions, DisasterCard, SchemeCard
from companion.locale import domain

_, ngettext = domain("thunderbirds")


@dataclass(frozen=True)
class TokenNeed:
    """`count` tokens of `kind` (None: any kind), discarded by characters standing in one of `regions`."""

    kind: str | None
    count: int
    regions: tuple[str, ...]


@dataclass(frozen=True)
class UnknownCardModel:
    """The assumptions the bot (and so the simulation) makes where a card's content is not known.

    The rules let players confirm any unknown requirement, so without a model a scheme whose tokens are unknown
    could be "foiled" for free. Instead:

    - a scheme's regions are those printed; a scheme with none known gets one region chosen from its id (stable);
    - a scheme whose tokens are unknown needs `unknown_scheme_tokens[level]` tokens of any kinds;
    - a token whose kind is illegible may be of any kind; a token whose region is illegible is discarded by a
      character in one of the scheme's regions (so are the assumed ones); pods and Thunderbirds whose places are
      not known are not required;
    - a disaster card nobody knows is a no-dice card (as the known ones are): one action, no dice, no reward,
      by a character in an Earth region chosen from its id;
    - F.A.B. cards and character abilities with unknown effects are never played (they do nothing here).

    Event cards with unknown effects and the unknown ends of lasting effects are the simulation's business
    (see `simulate.py`).
    """

    unknown_scheme_tokens: Mapping[int, int]

    def scheme_regions(self, scheme: SchemeCard, defs: Definitions) -> tuple[str, ...]:
        if scheme.regions:
            return tuple(scheme.regions)
        regions = sorted(defs.board.region_ids)
        return (regions[zlib.crc32(scheme.id.encode()) % len(regions)],)

    def scheme_tokens(self, scheme: SchemeCard, defs: Definitions) -> tuple[TokenNeed, ...]:
        regions = self.scheme_regions(scheme, defs)
        if scheme.tokens is None:
            return (TokenNeed(None, self.unknown_scheme_tokens.get(scheme.level, 3), regions),)
        return tuple(
            TokenNeed(req.kind, req.count, (req.region,) if req.region is not None else regions)
            for req in scheme.tokens
        )

    def disaster_region(self, card: DisasterCard, defs: Definitions) -> str:
        if card.region is not None:
            return card.region
        earth = sorted(r.id for r in defs.board.regions if r.domain == "earth")
        return earth[zlib.crc32(card.id.encode()) % len(earth)]

    def describe(self) -> tuple[str, ...]:
        """The assumptions, in the current language, for printing beside simulated results."""
        counts = ", ".join(f"{_roman(level)}: {count}" for level, count in sorted(self.unknown_scheme_tokens.items()))
        return (
            _(
                "A scheme whose tokens are unknown needs this many tokens of any kinds ({counts}), discarded by "
                "characters in its regions; a scheme with no known region gets one chosen from its id."
            ).format(counts=counts),
            _(
                "An illegible token kind may be any kind; an illegible token region is one of the scheme's regions; "
                "pods and Thunderbirds whose places are not known are not required."
            ),
            _(
                "An unknown disaster card is a no-dice card: one action by a character in an Earth region chosen "
                "from its id, no reward."
            ),
            _("F.A.B. cards and character abilities whose effects are unknown are never played."),
        )


def _roman(level: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(level, str(level))


DEFAULT_MODEL = UnknownCardModel(unknown_scheme_tokens={1: 2, 2: 3, 3: 3, 4: 4})
