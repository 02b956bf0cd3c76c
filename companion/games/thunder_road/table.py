"""The race in lines, for the shell's play screen and the table: whose turn, the dice, the cars, the road."""

from __future__ import annotations

from fractions import Fraction

from companion.engine.pack import Words
from companion.games.thunder_road import EXPANSIONS
from companion.games.thunder_road import words as w
from companion.games.thunder_road.definitions import SIZES, Definitions
from companion.games.thunder_road.describe import win_line
from companion.games.thunder_road.referee import in_play
from companion.games.thunder_road.state import ROUNDS, RaceState
from companion.locale.numbers import percent

T = w.T


def car_state(state: RaceState, car_id: str) -> str:
    car = state.car(car_id)
    if car.eliminated:
        return Words("eliminated", "éliminée", T).text()
    damage = len(car.damage)
    if not car.operable:
        return Words("INOPERABLE (2 damage)", "DYSFONCTIONNELLE (2 dégâts)", T).text()
    text = Words("operable, {damage}", "fonctionnelle, {damage}", T).text().format(damage=w.counted(damage, w.DAMAGE))
    if car.moved:
        text += Words(", moved", ", déplacée", T).text()
    if car_id in state.burning:
        text += Words(", ON FIRE", ", EN FEU", T).text()
    if car.coasts:
        text += Words(", coasted {n}×", ", roue libre {n}×", T).text().format(n=car.coasts)
    return text


#: The expansions the companion runs (the others' options are recorded; their cards stay the players').
RUN = frozenset({"carnage"})


def odds_lines(state: RaceState, defs: Definitions) -> list[str]:
    """The FX dice's odds: the shooting die's chance to hit each size, the direction die's, the unknown ones."""
    lines: list[str] = []
    shooting = defs.dice["shooting"]
    if shooting.known:
        total = len(shooting.faces)
        parts = []
        for size in SIZES:
            hits = sum(1 for face in shooting.faces if size in face.hits)
            parts.append(f"{w.SIZE_NAMES[size].text()} {hits}/{total} ({percent(Fraction(hits, total))})")
        words = (
            Words("Shooting die hits: {parts}", "Le dé de tir touche\u00a0: {parts}", T)
            .text()
            .format(parts=", ".join(parts))
        )
        if shooting.confidence == "reconstruction":
            words += Words(
                " (faces reconstructed: check your die)", " (faces reconstituées\u00a0: vérifiez votre dé)", T
            ).text()
        lines.append(words)
    direction = defs.dice["direction"]
    if direction.known:
        share = Fraction(1, len(direction.faces))
        lines.append(
            Words("Direction die: each direction {p}", "Dé de direction\u00a0: chaque direction {p}", T)
            .text()
            .format(p=percent(share))
        )
    unknown = [d.name.text() for d in defs.dice.values() if not d.known and d.expansion in in_play(state)]
    if unknown:
        lines.append(
            Words("Faces unknown, roll yours: {dice}", "Faces inconnues, lancez les vôtres\u00a0: {dice}", T)
            .text()
            .format(dice=", ".join(unknown))
        )
    return lines


def expansion_lines(state: RaceState) -> list[str]:
    names = dict(EXPANSIONS)
    kept = [names[key].text() for key in state.expansions if key not in RUN]
    if not kept:
        return []
    return [
        Words(
            "Kept by the players (not run by the companion yet): {names}",
            "Tenu par les joueurs (pas encore par le compagnon)\u00a0: {names}",
            T,
        )
        .text()
        .format(names=", ".join(kept))
    ]


def table_lines(state: RaceState, defs: Definitions) -> tuple[str, ...]:
    say = w.say
    lines: list[str] = []
    if state.is_over:
        lines.append(win_line(state, state.winner if state.winner is not None else -1, state.won_by or "nobody"))
    else:
        seat = state.turns.current
        left = state.turns.turns_left(ROUNDS) or 0
        lines.append(
            say(
                Words("Round {r}: {team}'s turn, move {m} of 3", "Round {r}\u00a0: tour de {team}, tour {m} sur 3", T),
                r=state.turns.round,
                team=w.team(state.colours, seat),
                m=4 - left,
            )
        )
        if state.turns.round == 1:
            lines.append(
                Words(
                    "Round 1: no shooting; each car's first move ends on a space at the back of the tail tile.",
                    "Premier round\u00a0: pas de tir\u00a0; le premier déplacement de chaque véhicule se fait "
                    "sur une case à "
                    "l'arrière de la tuile de queue.",
                    T,
                ).text()
            )
            if not any(state.used):
                totals = ", ".join(f"{w.team(state.colours, s)} {sum(d)}" for s, d in enumerate(state.dice) if d)
                lines.append(
                    Words(
                        "First player: the lowest total of the set-up roll ({totals}); these dice are round 1's.",
                        "Premier joueur\u00a0: le plus faible total de la mise en place ({totals})\u00a0; ces "
                        "dés servent au "
                        "premier round.",
                        T,
                    )
                    .text()
                    .format(totals=totals)
                )
        dice = state.dice[seat]
        shown = " ".join(f"[{v}]" if i in state.used[seat] else str(v) for i, v in enumerate(dice))
        lines.append(
            say(
                Words(
                    "Movement dice (used in brackets): {dice}",
                    "Dés de déplacement (utilisés entre crochets)\u00a0: {dice}",
                    T,
                ),
                dice=shown,
            )
        )
        spent = state.turns.is_spent(seat, "command")
        lines.append(
            (
                Words("Command: used this round", "Ordre\u00a0: utilisé ce round", T)
                if spent
                else Words("Command: available", "Ordre\u00a0: disponible", T)
            ).text()
        )
        road_die = defs.dice["road"]
        face = (
            road_die.face(state.road_die).label.text()
            if state.road_die
            else Words("on the table", "sur la table", T).text()
        )
        lines.append(
            say(
                Words("Road die ({team}): {face}", "Dé de route ({team})\u00a0: {face}", T),
                team=w.team(state.colours, state.turns.first),
                face=face,
            )
        )
    for seat in range(state.players):
        out = seat in state.turns.out
        head = w.team(state.colours, seat) + (Words(" (out)", " (évincé)", T).text() if out else "")
        each = Words("{car}: {state}", "{car}\u00a0: {state}", T)
        cars = "; ".join(
            each.text().format(car=w.SIZE_NAMES[c.size].text(), state=car_state(state, c.id))
            for c in state.cars_of(seat)
        )
        lines.append(f"{head} — {cars}")
    names = [w.tile_name(t, state.start_tile, defs.tiles[t].name) for t in state.road]
    road = Words(
        "Road: tail {tail}, middle {middle}, lead {lead} (tile {n} of the race)",
        "Route\u00a0: queue {tail}, milieu {middle}, tête {lead} ({n}e tuile de la course)",
        T,
    )
    lines.append(say(road, tail=names[0], middle=names[1], lead=names[2], n=state.laid))
    if state.final:
        lines.append(
            Words(
                "FINAL TILE: the finish line is at the end of the lead tile.",
                "TUILE FINALE\u00a0: la ligne d'arrivée est au bout de la tuile de tête.",
                T,
            ).text()
        )
    elif state.players == 2:
        lines.append(
            Words(
                "Two players: the fifth tile will be the final tile.",
                "À 2 joueurs\u00a0: la cinquième tuile sera la finale.",
                T,
            ).text()
        )
    else:
        lines.append(
            Words(
                "3+ players: the lead tile becomes the final tile as soon as a player is out.",
                "À 3 joueurs ou plus\u00a0: la tuile de tête devient la finale dès qu'un joueur est évincé.",
                T,
            ).text()
        )
    lines.append(
        say(
            Words(
                "Damage pile: {tokens}; hazard tokens: {p} in the pile, {d} discarded",
                "Pile de dégâts\u00a0: {tokens}\u00a0; pions Danger\u00a0: {p} dans la pile, {d} défaussés",
                T,
            ),
            tokens=w.counted(len(state.damage_pile), w.DAMAGE_TOKENS),
            p=state.hazard_pile,
            d=state.hazard_discard,
        )
    )
    lines += odds_lines(state, defs)
    lines += expansion_lines(state)
    return tuple(lines)
