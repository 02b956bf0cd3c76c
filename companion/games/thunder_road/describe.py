"""The history's labels and the lines an action's events say, in English and French (all public)."""

from __future__ import annotations

from typing import Any

from companion.engine.pack import Words
from companion.games.thunder_road import actions as a
from companion.games.thunder_road import events as ev
from companion.games.thunder_road import words as w
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.state import RaceState

T = w.T


def _car(state: RaceState, car_id: str) -> str:
    return w.car_name(state.colours, car_id)


def _die_value(state: RaceState, die: int) -> int | str:
    dice = state.dice[state.turns.current]
    return dice[die] if 0 <= die < len(dice) else "?"


def describe(action: object, state: RaceState, defs: Definitions) -> str:
    """The label of `action` played from `state` (the state before it)."""
    say = w.say
    if isinstance(action, a.Assign):
        return say(
            Words("{car} moves with a {value}", "{car} se déplace avec un {value}", T),
            car=_car(state, action.car),
            value=_die_value(state, action.die),
        )
    if isinstance(action, a.Coast):
        return say(Words("{car} coasts 1 space", "{car} passe en roue libre (1 case)", T), car=_car(state, action.car))
    if isinstance(action, a.Command):
        command = defs.commands[action.command].name.text() if action.command in defs.commands else action.command
        label = say(
            Words("Command {command} with a {value}", "Ordre {command} avec un {value}", T),
            command=command,
            value=_die_value(state, action.die),
        )
        if action.car:
            label += say(Words(" on the {car}", " sur {car}", T), car=_car(state, action.car))
        return label
    if isinstance(action, a.Shoot):
        who = Words("The chopper", "L'hélicoptère", T).text() if action.chopper else _car(state, state.turn.car or "")
        return say(
            Words("{who} shoots the {target}", "{who} tire sur {target}", T), who=who, target=_car(state, action.target)
        )
    if isinstance(action, a.TakeDamage):
        return say(Words("{car} takes 1 damage", "{car} subit 1 dégât", T), car=_car(state, action.car))
    if isinstance(action, a.Collide):
        return say(
            Words("Collision: {mover} into {other}", "Collision\u00a0: {mover} contre {other}", T),
            mover=w.VEHICLE_NAMES[action.mover].text() if action.mover in w.VEHICLE_NAMES else action.mover,
            other=w.VEHICLE_NAMES[action.other].text() if action.other in w.VEHICLE_NAMES else action.other,
        )
    if isinstance(action, a.Reroll):
        return Words(
            "The larger vehicle's owner re-rolls the collision dice",
            "Le propriétaire du plus gros véhicule fait relancer les dés de collision",
            T,
        ).text()
    if isinstance(action, a.Eliminate):
        return say(Words("{car} is eliminated", "{car} est éliminée", T), car=_car(state, action.car))
    if isinstance(action, a.LeaveLeadTile):
        return say(
            Words(
                "A vehicle leaves the lead tile: next tile, {hazards}",
                "Un véhicule quitte la tuile de tête\u00a0: tuile suivante, {hazards}",
                T,
            ),
            hazards=w.counted(action.hazards, w.HAZARDS),
        )
    if isinstance(action, a.CrossFinish):
        return say(
            Words("{car} crosses the finish line", "{car} franchit la ligne d'arrivée", T), car=_car(state, action.car)
        )
    if isinstance(action, a.RollFx):
        name = defs.dice[action.die].name.text() if action.die in defs.dice else action.die
        return say(Words("Roll the {die}", "Lancer le {die}", T), die=name)
    if isinstance(action, a.PlaceHazards):
        return say(
            Words("{hazards} on tile {tile}", "{hazards} sur la tuile {tile}", T),
            hazards=w.counted(action.count, w.HAZARDS),
            tile=action.tile + 1,
        )
    if isinstance(action, a.DiscardHazard):
        return say(
            Words("A hazard of tile {tile} is discarded", "Un danger de la tuile {tile} est défaussé", T),
            tile=action.tile + 1,
        )
    if isinstance(action, a.CatchFire):
        return say(Words("{car} catches fire", "{car} prend feu", T), car=_car(state, action.car))
    if isinstance(action, a.EndTurn):
        return say(
            Words("{team} ends the turn", "{team} termine son tour", T), team=w.team(state.colours, state.turns.current)
        )
    return type(action).__name__


def face_name(defs: Definitions, die: str, face: str | None) -> str:
    if face is None:
        return w.say(Words("roll your {die}", "lancez votre {die}", T), die=defs.dice[die].name.text())
    return defs.dice[die].face(face).label.text()


def damage_lines(event: ev.DamageDrawn, state: RaceState, defs: Definitions) -> list[str]:
    kind = defs.kind_of(event.token)
    car = _car(state, event.car)
    if kind is None:
        options = defs.unread_kinds(event.token)
        lines = [
            w.say(
                Words(
                    "{car} draws a damage token: read it on yours, one of {kinds}.",
                    "{car} pioche un pion Dégât\u00a0: lisez le vôtre, l'un de\u00a0: {kinds}.",
                    T,
                ),
                car=car,
                kinds=", ".join(k.name.text() for k in options),
            )
        ]
        lines += [f"{k.name.text()}: {k.effect.text()}" for k in options]
        return lines
    line = w.say(
        Words("{car} draws {kind}: {effect}", "{car} pioche {kind}\u00a0: {effect}", T),
        car=car,
        kind=kind.name.text(),
        effect=kind.effect.text(),
    )
    lines = [line]
    direction = defs.direction_of(event.token)
    if direction is not None:
        lines.append(
            w.say(Words("Direction on the token: {d}", "Direction sur le pion\u00a0: {d}", T), d=direction.label.text())
        )
    for die, face in event.rolls:
        lines.append(f"{defs.dice[die].name.text()}: {face_name(defs, die, face)}")
    return lines


def event_lines(events: tuple[Any, ...], state: RaceState, defs: Definitions) -> list[str]:
    """What the events say, a line each (`state`: the state after them)."""
    say = w.say
    lines: list[str] = []
    for e in events:
        if isinstance(e, ev.ShotFired):
            face = defs.dice["shooting"].face(e.face).label.text()
            words = (
                Words("Shooting die: {face}: hit!", "Dé de tir\u00a0: {face}\u00a0: touché\u00a0!", T)
                if e.hit
                else Words("Shooting die: {face}: missed.", "Dé de tir\u00a0: {face}\u00a0: raté.", T)
            )
            lines.append(say(words, face=face))
        elif isinstance(e, ev.DamageDrawn):
            lines += damage_lines(e, state, defs)
        elif isinstance(e, ev.PileEmpty):
            lines.append(Words("The damage pile is empty: no token to draw.", "La pile de dégâts est vide.", T).text())
        elif isinstance(e, ev.CarInoperable):
            lines.append(
                say(
                    Words(
                        "{car} has two damage: inoperable. Turn its dashboard face down.",
                        "{car} a subi 2 dégâts\u00a0: dysfonctionnelle. Retournez son tableau de bord.",
                        T,
                    ),
                    car=_car(state, e.car),
                )
            )
        elif isinstance(e, ev.CarRepaired):
            words = Words(
                "{car} repaired: the token goes back into the pile{again}.",
                "{car} réparée\u00a0: le pion retourne dans la pile{again}.",
                T,
            )
            again = (
                Words("; it is operable again", "\u00a0; elle redevient fonctionnelle", T).text()
                if e.operable_again
                else ""
            )
            lines.append(say(words, car=_car(state, e.car), again=again))
        elif isinstance(e, ev.CarEliminated):
            lines.append(
                say(
                    Words(
                        "{car} eliminated: {tokens} shuffled back into the pile.",
                        "{car} éliminée\u00a0: {tokens} à remélanger dans la pile.",
                        T,
                    ),
                    car=_car(state, e.car),
                    tokens=w.counted(e.tokens_back, w.DAMAGE_TOKENS),
                )
            )
        elif isinstance(e, ev.PlayerOut):
            lines.append(
                say(
                    Words(
                        "{team} has no operable car: out of the race.",
                        "{team} n'a plus de voiture fonctionnelle\u00a0: évincé de la course.",
                        T,
                    ),
                    team=w.team(state.colours, e.seat),
                )
            )
        elif isinstance(e, ev.TileLaid):
            lines.append(
                say(
                    Words(
                        "Tail tile removed; new lead tile: {tile} (tile {n} of the race), {h} face "
                        "down on it. Choppers on the old tail go back to their owners.",
                        "Tuile de queue retirée\u00a0; nouvelle tuile de tête\u00a0: {tile} ({n}e tuile de la course), "
                        "{h} face cachée. Les hélicoptères de l'ancienne queue reviennent.",
                        T,
                    ),
                    tile=w.tile_name(e.tile, state.start_tile, defs.tiles[e.tile].name),
                    n=e.laid,
                    h=w.counted(e.hazards, w.HAZARD_TOKENS),
                )
            )
        elif isinstance(e, ev.FinalTile):
            lines.append(
                say(
                    Words(
                        "FINAL TILE! {tile} is the final tile: add the finish line at its end.",
                        "TUILE FINALE\u00a0! {tile} est la tuile finale\u00a0: ajoutez la ligne d'arrivée au bout.",
                        T,
                    ),
                    tile=w.tile_name(e.tile, state.start_tile, defs.tiles[e.tile].name),
                )
            )
        elif isinstance(e, ev.RaceWon):
            lines.append(win_line(state, e.seat, e.how))
        elif isinstance(e, ev.FxRolled):
            lines.append(f"{defs.dice[e.die].name.text()}: {face_name(defs, e.die, e.face)}")
        elif isinstance(e, ev.SlamRolled):
            lines.append(
                say(
                    Words(
                        "Slam die: {slam}; direction die: {direction}",
                        "Dé de collision\u00a0: {slam}\u00a0; dé de direction\u00a0: {direction}",
                        T,
                    ),
                    slam=face_name(defs, "slam", e.slam),
                    direction=face_name(defs, "direction", e.direction),
                )
            )
        elif isinstance(e, ev.CaughtFire):
            words = Words(
                "{car} is on fire: put a FIRE! ring on its dashboard; it rolls the fire die before each move.",
                "{car} est en feu\u00a0: placez un anneau FEU\u00a0! sur son tableau de bord\u00a0; elle lance "
                "le dé de feu avant "
                "chaque déplacement.",
                T,
            )
            lines.append(say(words, car=_car(state, e.car)))
        elif isinstance(e, ev.FireRolled):
            lines.append(
                say(
                    Words("{car} is burning: {face}", "{car} brûle\u00a0: {face}", T),
                    car=_car(state, e.car),
                    face=face_name(defs, "fire", e.face),
                )
            )
        elif isinstance(e, ev.RoundStarted):
            lines.append(
                say(
                    Words("Round {n}: {team} plays first.", "Round {n}\u00a0: {team} joue en premier.", T),
                    n=e.round,
                    team=w.team(state.colours, e.first),
                )
            )
        elif isinstance(e, ev.RoadDieRolled):
            lines.append(
                say(
                    Words("{team} rolls the road die: {face}", "{team} lance le dé de route\u00a0: {face}", T),
                    team=w.team(state.colours, e.seat),
                    face=face_name(defs, "road", e.face),
                )
            )
        elif isinstance(e, ev.MovementRolled):
            for seat, dice in enumerate(e.dice):
                if dice:
                    lines.append(
                        say(
                            Words("{team}'s movement dice: {dice}", "Dés de déplacement {team}\u00a0: {dice}", T),
                            team=w.team(state.colours, seat),
                            dice=" ".join(str(d) for d in dice),
                        )
                    )
    return lines


def win_line(state: RaceState, seat: int, how: str) -> str:
    if how == "nobody":
        return Words(
            "No team is left: the race ends without a winner.", "Plus aucune équipe\u00a0: pas de vainqueur.", T
        ).text()
    words = (
        Words(
            "{team} wins: first over the finish line!", "{team} gagne\u00a0: premier sur la ligne d'arrivée\u00a0!", T
        )
        if (how == "finish")
        else Words("{team} wins: last survivor!", "{team} gagne\u00a0: dernier survivant\u00a0!", T)
    )
    return w.say(words, team=w.team(state.colours, seat))


def summary(state: RaceState) -> dict[str, Any]:
    return {
        "players": state.players,
        "round": state.turns.round,
        "turn": state.turns.round,
        "colours": list(state.colours),
        "winner": state.winner,
        "won_by": state.won_by,
        "outcome": "won" if state.winner is not None and state.winner >= 0 else None,
        "final": state.final,
    }
