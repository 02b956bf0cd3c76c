"""The race in lines, for the shell's play screen and the table: whose turn, the dice, the cars, the road."""

from __future__ import annotations

from companion.engine.pack import Words
from companion.games.thunder_road import words as w
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.describe import win_line
from companion.games.thunder_road.state import ROUNDS, RaceState

T = w.T


def car_state(state: RaceState, car_id: str) -> str:
    car = state.car(car_id)
    if car.eliminated:
        return Words("eliminated", "éliminée", T).text()
    damage = len(car.damage)
    if not car.operable:
        return Words("INOPERABLE (2 damage)", "DYSFONCTIONNELLE (2 dégâts)", T).text()
    text = Words("operable, {n} damage", "fonctionnelle, {n} dégât", T).text().format(n=damage)
    if car.moved:
        text += Words(", moved", ", déplacée", T).text()
    if car.coasts:
        text += Words(", coasted {n}×", ", roue libre {n}×", T).text().format(n=car.coasts)
    return text


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
                Words("Round {r}: {team}'s turn, move {m} of 3", "Round {r} : tour de {team}, tour {m} sur 3", T),
                r=state.turns.round,
                team=w.team(state.colours, seat),
                m=4 - left,
            )
        )
        if state.turns.round == 1:
            lines.append(Words("Round 1: no shooting.", "Premier round : pas de tir.", T).text())
        dice = state.dice[seat]
        shown = " ".join(f"[{v}]" if i in state.used[seat] else str(v) for i, v in enumerate(dice))
        lines.append(
            say(Words("Movement dice: {dice} ([used])", "Dés de déplacement : {dice} ([utilisés])", T), dice=shown)
        )
        spent = state.turns.is_spent(seat, "command")
        lines.append(
            (
                Words("Command: used this round", "Ordre : utilisé ce round", T)
                if spent
                else Words("Command: available", "Ordre : disponible", T)
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
                Words("Road die ({team}): {face}", "Dé de route ({team}) : {face}", T),
                team=w.team(state.colours, state.turns.first),
                face=face,
            )
        )
    for seat in range(state.players):
        out = seat in state.turns.out
        head = w.team(state.colours, seat) + (Words(" (out)", " (évincé)", T).text() if out else "")
        cars = "; ".join(f"{w.SIZE_NAMES[c.size].text()}: {car_state(state, c.id)}" for c in state.cars_of(seat))
        lines.append(f"{head} — {cars}")
    names = [defs.tiles[t].name.text() for t in state.road]
    road = Words(
        "Road: tail {tail}, middle {middle}, lead {lead} (tile {n} of the race)",
        "Route : queue {tail}, milieu {middle}, tête {lead} ({n}e tuile de la course)",
        T,
    )
    lines.append(say(road, tail=names[0], middle=names[1], lead=names[2], n=state.laid))
    if state.final:
        lines.append(
            Words(
                "FINAL TILE: the finish line is at the end of the lead tile.",
                "TUILE FINALE : la ligne d'arrivée est au bout de la tuile de tête.",
                T,
            ).text()
        )
    elif state.players == 2:
        lines.append(
            Words(
                "Two players: the fifth tile will be the final tile.",
                "À 2 joueurs : la cinquième tuile sera la finale.",
                T,
            ).text()
        )
    else:
        lines.append(
            Words(
                "3+ players: the lead tile becomes the final tile as soon as a player is out.",
                "À 3 joueurs ou plus : la tuile de tête devient la finale dès qu'un joueur est évincé.",
                T,
            ).text()
        )
    lines.append(
        say(
            Words(
                "Damage pile: {n} tokens; hazards: {p} in the pile, {d} discarded",
                "Pile de dégâts : {n} pions ; dangers : {p} dans la pile, {d} défaussés",
                T,
            ),
            n=len(state.damage_pile),
            p=state.hazard_pile,
            d=state.hazard_discard,
        )
    )
    return tuple(lines)
