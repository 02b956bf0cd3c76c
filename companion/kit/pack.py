"""A kit game as the shell hosts it: the `Pack` made from a kit file (`make_pack(info)`).

What the shared screen may read is `public_view(state)`: draw piles and bag contents as hidden places (their
order and make-up would tell what comes next or what was drawn), face-down hands and secret draws hidden, the
PRNG state dropped. What one player alone may see is `secret_view(state, seat)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.engine.errors import CompanionError
from companion.engine.pack import (
    BasicPack,
    DataStatus,
    LightsSpec,
    PackInfo,
    Reveal,
    SavedGameLine,
    ScreenSpec,
    SecretView,
    Sound,
)
from companion.kit import actions as act
from companion.kit import components as comp
from companion.kit.catalogue import EXAMPLES_DIR
from companion.kit.definition import KitDefinition
from companion.kit.describe import face_label, seat_name
from companion.kit.edit import Loc, edit_kit, user_copy
from companion.kit.odds import roll_odds
from companion.kit.rules import KitRules, setup_mapping
from companion.kit.schema import KitFile, kit_json, read_kit_file, to_definition
from companion.kit.state import KitState
from companion.locale import domain

_, ngettext = domain("kit")

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
            lines: tuple[str, ...] = (card.text.text(),) if card.text is not None else ()
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


#: The kit's screens: the generic table screen, the manual corrections (Adjust) and the data editor, loaded when
#: first shown.
SCREENS: Mapping[str, ScreenSpec] = MappingProxyType(
    {
        "table": ScreenSpec("companion.kit.ui.screens.table:KitTableScreen", "kv/kit/table.kv"),
        "adjust": ScreenSpec("companion.kit.ui.screens.adjust:KitAdjustScreen", "kv/kit/adjust.kv"),
        "editor": ScreenSpec("companion.kit.ui.screens.editor:KitEditorScreen", "kv/kit/editor.kv"),
    }
)
#: A physical button's command -> the table screen's buttons it presses (the first shown and enabled wins).
BUTTONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "undo": ("undo",),
        "confirm": ("reveal:ok", "popup:cancel"),
        "end_turn": ("act:NextPlayer",),
        "roll": ("act:Roll:",),
    }
)


def seat_names(state: KitState) -> tuple[str, ...]:
    return tuple(seat_name(state.kit, seat) for seat in range(state.players))


def table_lines(view: KitState) -> tuple[str, ...]:
    """The public position in a few lines (the plain play screen, and what the conformance tests compare a
    secret with): the round and phase, whose turn, the tracks, the counters, the decks' and bags' counts."""
    kit = view.kit
    lines = []
    phase = kit.phases[view.phase].name.text() if kit.phases else ""
    turn = _("Round {round} · {player} to play").format(round=view.round, player=seat_name(kit, view.current))
    lines.append(_("{head}: {detail}").format(head=turn, detail=phase) if phase else turn)
    for spec, track in zip(kit.tracks, view.tracks):
        places = ", ".join(
            _("{marker} on {space}").format(marker=marker_name(kit, spec, marker), space=at)
            for marker, at in track.positions
        )
        lines.append(_("{head}: {detail}").format(head=spec.name.text(), detail=places))
    for counter_spec, counter in zip(kit.counters, view.counters):
        if counter_spec.per_player:
            values = ", ".join(
                _("{player} {value}").format(player=seat_name(kit, seat), value=value)
                for seat, value in enumerate(counter.values)
            )
        else:
            values = str(counter.values[0])
        lines.append(_("{head}: {detail}").format(head=counter_spec.name.text(), detail=values))
    for deck_spec, deck in zip(kit.decks, view.decks):
        lines.append(
            _("{head}: {detail}").format(
                head=deck_spec.name.text(),
                detail=ngettext("{count} card to draw", "{count} cards to draw", len(deck.draw_pile)).format(
                    count=len(deck.draw_pile)
                ),
            )
        )
    for bag_spec, bag in zip(kit.bags, view.bags):
        lines.append(
            _("{head}: {detail}").format(
                head=bag_spec.name.text(),
                detail=ngettext("{count} token inside", "{count} tokens inside", len(bag.contents)).format(
                    count=len(bag.contents)
                ),
            )
        )
    return tuple(lines)


def marker_name(kit: KitDefinition, track: comp.TrackSpec, marker: str) -> str:
    """A marker's name: its player's for a per-player track ("p2" is the second seat), else its own."""
    if track.per_player and marker.startswith("p") and marker[1:].isdigit():
        return seat_name(kit, int(marker[1:]) - 1)
    for spec in track.markers:
        if spec.id == marker:
            return spec.name.text()
    return marker


def secret_choices(state: KitState, seat: int) -> tuple[tuple[str, Any], ...]:
    """What a player may do with what only they see, behind the hand-over step: discard a face-down card, put a
    token of a secret bag back (the buttons name the card or token, so they never show on the shared screen)."""
    kit = state.kit
    choices: list[tuple[str, Any]] = []
    for spec, deck in zip(kit.decks, state.decks):
        if spec.face_up:
            continue
        for card_id in dict.fromkeys(deck.hands[seat]):
            card = spec.card(card_id).name.text()
            choices.append((_("Discard {card}").format(card=card), act.Discard(spec.id, card_id, seat)))
    for bag_spec, bag in zip(kit.bags, state.bags):
        if not bag_spec.secret:
            continue
        for held in dict.fromkeys(bag.out):
            if held.seat == seat:
                token = bag_spec.token(held.token).name.text()
                choices.append(
                    (
                        _("Put {token} back into {bag}").format(token=token, bag=bag_spec.name.text()),
                        act.ReturnToBag(bag_spec.id, held.token, seat),
                    )
                )
    return tuple(choices)


class KitPack(BasicPack):
    """The `Pack` of one kit file: the generic table screen renders it, its lights follow `[lights]`."""

    screens = SCREENS
    kept_screens = frozenset({"table"})
    table_screen = "table"
    #: The data editor: what a café completes from its box (dice faces, cards, tokens), saved in its own copy.
    editor_screen = "editor"
    ui = "companion.kit.ui.hooks:KitUi"
    buttons = BUTTONS

    def __init__(self, info: PackInfo, model: KitFile, definition: KitDefinition, rules: KitRules) -> None:
        super().__init__(info, rules)
        self.model = model
        self.definition = definition
        # The lights and the demo are per kit: their factories are found by the kit's name (see `bound`).
        self.lights = LightsSpec(bound("companion.kit.lights", "scene", info.name)) if definition.lights else None
        self.commands = MappingProxyType(
            {
                "demo": bound("companion.kit.ui.demo", "main", info.name),
                "check-data": bound("companion.kit.cli", "check_data", info.name),
            }
        )

    def load(self) -> None:
        """Reads the file again (after an edit); a game in progress keeps the kit its set-up embeds."""
        if self.info.source is not None:
            self.model = read_kit_file(Path(self.info.source))
            self.definition = to_definition(self.model)

    def edit(self, changes: Sequence[tuple[Loc, Any]]) -> Path:
        """Writes `changes` into this kit's own file in the user's kits folder, keeping its comments: a shipped
        example is copied there first, and the copy replaces it in the game list. Refused with `KitEditError`
        (or `KitAddError` for a copy that cannot be made), every file as it was, when the kit would not be valid.
        The kit is read again after; saved games keep the kit they started with. On the worker."""
        from companion.engine import registry

        source = Path(str(self.info.source))
        copied = EXAMPLES_DIR.resolve() in source.resolve().parents
        path = user_copy(source) if copied else source
        try:
            edit_kit(path, changes)
        except Exception:
            if copied:
                path.unlink()  # the copy made just now, and nothing else
            raise
        if copied:
            self.info = replace(self.info, source=str(path))
            registry.rescan()
        self.load()
        return path

    def data_status(self) -> DataStatus:
        kit = self.definition
        known, total = comp.known_and_total(kit.decks, kit.dice, kit.bags, kit.tracks)
        return DataStatus(known, total, comp.unknown_slots(kit.decks, kit.dice, kit.bags, kit.tracks))

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        return setup_mapping(kit_json(self.model), players)

    def public_view(self, state: KitState) -> KitState:
        """A kit with nothing a seat hides shows its state as it is (as every game without secrets does: the
        screens never show a draw pile's order); one with face-down cards or a secret bag hides them."""
        return public_view(state) if state.kit.hides_information else state

    def seats(self, state: KitState) -> tuple[str, ...]:
        return seat_names(state)

    def secret_view(self, state: KitState, seat: int) -> SecretView | None:
        view = secret_view(state, seat)
        if view is None:
            return None
        return replace(view, choices=secret_choices(state, seat))

    def table_lines(self, view: KitState) -> tuple[str, ...]:
        return table_lines(view)

    def screen_for(self, state: KitState) -> str:
        return "table"

    def first_screen(self) -> str:
        return "table"

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        over = bool(summary.get("over"))
        round_number = summary.get("round", 1)
        count = int(summary.get("players") or 0)
        players = ngettext("{count} player", "{count} players", count).format(count=count)
        phase = ""
        for spec in self.definition.phases:
            if spec.id == summary.get("phase"):
                phase = spec.name.text()
        if over:
            return SavedGameLine(players, "", _("Game over after round {round}").format(round=round_number), True)
        player = summary.get("player")
        who = seat_name(self.definition, player) if isinstance(player, int) else "?"
        status = _("Round {round} · {player} to play").format(round=round_number, player=who)
        return SavedGameLine(players, phase, status)

    def sounds(self, events: tuple[Any, ...]) -> tuple[Sound, ...]:
        return ("dice",) if any(isinstance(event, act.DiceRolled) for event in events) else ()

    def reveal(self, events: tuple[Any, ...], state: KitState) -> Reveal | None:
        return reveal(events, state)

    def help(self) -> tuple[str, ...]:
        return (
            _(
                "The companion keeps this game's components: decks, dice, bags, tracks, counters, the turn order, "
                "the phases and the timer. The rules are yours: it refuses only what the components make impossible."
            ),
            _(
                "The sections along the top of the table screen show each kind of component; every change is "
                "saved at once, appears in the history and can be undone."
            ),
            _(
                "A card drawn face down or a token drawn in secret is shown only to its owner: hand them the screen "
                "when the companion asks, or later from the menu."
            ),
            _("When the table and the screen disagree, the menu's Adjust puts the screen right."),
        )


def bound(module: str, function: str, kit: str) -> str:
    """ "module:function__kit": a per-kit factory the shell finds by name (a kit's lights and commands are the
    same code for every kit, bound to one kit's definition by the module's `__getattr__`)."""
    return f"{module}:{function}__{kit}"


def unbound(attribute: str, function: str) -> str | None:
    """The kit name in `function__kit`, or None when `attribute` is not such a name."""
    prefix = f"{function}__"
    return attribute[len(prefix) :] if attribute.startswith(prefix) and len(attribute) > len(prefix) else None


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
    return KitPack(info, model, to_definition(model), KitRules(info.name))
