"""A kit game as the shell hosts it: the `Pack` made from a kit file (`make_pack(info)`).

What the shared screen may read is `public_view(state)`: draw piles and bag contents as hidden places (their
order and make-up would tell what comes next or what was drawn), face-down hands and secret draws hidden, the
PRNG state dropped. What one player alone may see is `secret_view(state, seat)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.engine.errors import CompanionError
from companion.engine.pack import DataStatus, LightsSpec, PackInfo, Reveal, SavedGameLine, ScreenSpec, SecretView
from companion.kit import actions as act
from companion.kit import components as comp
from companion.kit.definition import KitDefinition
from companion.kit.describe import describe, face_label, seat_name
from companion.kit.odds import roll_odds
from companion.kit.rules import KitRules, legal_actions, setup_mapping
from companion.kit.schema import KitFile, kit_json, read_kit_file, to_definition
from companion.kit.state import KitState
from companion.locale import _

#: What a hidden card or token reads as in the public view.
HIDDEN = "?"


def public_view(state: KitState) -> KitState:
    """The state with every secret hidden: what the shared screen, the lights, exports and logs may read."""
    kit = state.kit
    decks = tuple(
        replace(
            deck,
            draw_pile=(HIDDEN,) * len(deck.draw_pile),
            unseen=(HIDDEN,) * len(deck.unseen),
            hands=deck.hands if spec.face_up else tuple((HIDDEN,) * len(hand) for hand in deck.hands),
        )
        for spec, deck in zip(kit.decks, state.decks)
    )
    bags = tuple(
        replace(
            bag,
            contents=(HIDDEN,) * len(bag.contents),
            out=tuple(comp.Held(HIDDEN, held.seat) for held in bag.out) if spec.secret else bag.out,
            last=_hidden_held(bag.last) if spec.secret else bag.last,
        )
        for spec, bag in zip(kit.bags, state.bags)
    )
    return replace(state, decks=decks, bags=bags, rng=0)


def _hidden_held(held: comp.Held | None) -> comp.Held | None:
    return None if held is None else comp.Held(HIDDEN, held.seat)


def secret_view(state: KitState, seat: int) -> SecretView | None:
    """What `seat` alone may see: its face-down cards and what it drew from secret bags (the latest draw even
    when it went back into the bag). None when it holds nothing hidden."""
    kit = state.kit
    lines: list[str] = []
    for spec, deck in zip(kit.decks, state.decks):
        if spec.face_up or not deck.hands[seat]:
            continue
        for card_id in deck.hands[seat]:
            card = spec.card(card_id)
            if card.text is None:
                lines.append(_("{deck} · {card}").format(deck=spec.name.text(), card=card.name.text()))
            else:
                lines.append(
                    _("{deck} · {card}: {text}").format(
                        deck=spec.name.text(), card=card.name.text(), text=card.text.text()
                    )
                )
    for bag_spec, bag in zip(kit.bags, state.bags):
        if not bag_spec.secret:
            continue
        for held in bag.out:
            if held.seat == seat:
                token = bag_spec.token(held.token).name.text()
                lines.append(_("{bag} · {token}").format(bag=bag_spec.name.text(), token=token))
        last = bag.last
        if last is not None and last.seat == seat and last not in bag.out:
            token = bag_spec.token(last.token).name.text()
            lines.append(_("{bag} · last drawn and put back: {token}").format(bag=bag_spec.name.text(), token=token))
    if not lines:
        return None
    name = seat_name(kit, seat)
    return SecretView(
        seat=seat, seat_name=name, title=_("{player}'s hidden things").format(player=name), lines=tuple(lines)
    )


def reveal(events: tuple[Any, ...], state: KitState) -> Reveal | None:
    """The pop-up for what just happened, public by contract: a face-down card or a secret draw is only said
    to have happened (its owner sees it through the hand-over step)."""
    kit = state.kit
    for event in events:
        if isinstance(event, act.CardDrawn):
            spec = kit.deck(event.deck)[1]
            who = seat_name(kit, event.seat)
            if not event.face_up:
                return Reveal(
                    spec.name.text(), (_("{player} drew a card: only they may look at it.").format(player=who),)
                )
            card = spec.card(event.card)
            lines = (card.text.text(),) if card.text is not None else ()
            if card.confidence == "unknown":
                lines += (_("This card is not described yet: read it from your box."),)
            return Reveal(card.name.text(), lines)
        if isinstance(event, act.DiceRolled):
            group = kit.group(event.group)[1]
            dice = kit.group_dice(event.group)
            faces = " · ".join(face_label(kit, die.faces[i]) for die, i in zip(dice, event.faces))
            return Reveal(group.name.text(), (faces,) + roll_odds(kit, dice, event.faces))
        if isinstance(event, act.TokenDrawn):
            spec_bag = kit.bag(event.bag)[1]
            who = seat_name(kit, event.seat)
            if event.secret:
                return Reveal(
                    spec_bag.name.text(), (_("{player} drew a token: only they may look at it.").format(player=who),)
                )
            return Reveal(spec_bag.name.text(), (spec_bag.token(event.token).name.text(),))
        if isinstance(event, act.MarkerLanded):
            track = kit.track(event.track)[1]
            space = track.space(event.at)
            assert space is not None
            return Reveal(space.name.text(), (space.text.text(),) if space.text is not None else ())
    return None


@dataclass
class KitPack:
    """The `Pack` of one kit file. The table screen is not built yet: `screens` is empty until it lands."""

    info: PackInfo
    model: KitFile
    definition: KitDefinition
    rules: KitRules
    # TODO(table screen): the generic table screen ("table") renders any kit from `definition` and
    # `public_view`, offering `legal_actions` plus the manual corrections of `actions.MANUAL` under Adjust.
    screens: Mapping[str, ScreenSpec] = field(default_factory=dict)
    kept_screens: frozenset[str] = frozenset()
    built_ahead: tuple[str, ...] = ()
    # TODO(lights): a LightScene for `definition.lights` (a track's markers or a counter) once the generic
    # lights land; the data is read and validated today.
    lights: LightsSpec | None = None
    buttons: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    commands: Mapping[str, str] = field(default_factory=dict)
    editor_screen: str | None = None
    problems: tuple[str, ...] = ()

    def load(self) -> None:
        """Reads the file again (after an edit); a game in progress keeps the kit its set-up embeds."""
        if self.info.source is not None:
            self.model = read_kit_file(Path(self.info.source))
            self.definition = to_definition(self.model)

    def warm(self) -> None:
        return None

    def data_status(self) -> DataStatus:
        kit = self.definition
        known, total = comp.known_and_total(kit.decks, kit.dice, kit.bags, kit.tracks)
        return DataStatus(known, total, comp.unknown_slots(kit.decks, kit.dice, kit.bags, kit.tracks))

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        return setup_mapping(kit_json(self.model), players)

    def legal_actions(self, state: KitState) -> tuple[Any, ...]:
        return legal_actions(state)

    def describe(self, action: Any, state: KitState) -> str:
        return describe(action, state)

    def public_view(self, state: KitState) -> KitState:
        return public_view(state)

    def secret_view(self, state: KitState, seat: int) -> SecretView | None:
        return secret_view(state, seat)

    def screen_for(self, state: KitState) -> str:
        return "table"

    def first_screen(self) -> str:
        return "table"

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        over = bool(summary.get("over"))
        round_number = summary.get("round", 1)
        if over:
            return SavedGameLine(_("Game over after round {round}").format(round=round_number), is_over=True)
        player = summary.get("player")
        who = seat_name(self.definition, player) if isinstance(player, int) else "?"
        return SavedGameLine(_("Round {round} · {player} to play").format(round=round_number, player=who))

    def sounds(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        return ("dice",) if any(isinstance(event, act.DiceRolled) for event in events) else ()

    def reveal(self, events: tuple[Any, ...], state: KitState) -> Reveal | None:
        return reveal(events, state)


class KitPackError(CompanionError):
    """A kit's PackInfo that does not lead to a kit file."""


def make_pack(info: PackInfo) -> KitPack:
    """The `Pack` for a kit listed by `catalogue.installed_kits()` (`PackInfo.load` names this function)."""
    if info.source is None:
        raise KitPackError(_("The kit game {name} names no file.").format(name=info.name))
    model = read_kit_file(Path(info.source))
    if model.kit.name != info.name:
        raise KitPackError(
            _("{file} now declares the kit {found}, not {name}.").format(
                file=info.source, found=model.kit.name, name=info.name
            )
        )
    return KitPack(info=info, model=model, definition=to_definition(model), rules=KitRules(info.name))
