"""Public words: each action's history label, each event's line, the table's lines. Public by contract: nothing
here reads a secret field (`deal`, `draw_token`, the reserve's values), so the labels are the same whatever the
seats hide."""

from __future__ import annotations

from typing import Any

from companion.engine.pack import Words
from companion.games.the_thing import actions as a
from companion.games.the_thing import events as ev
from companion.games.the_thing import names as nm
from companion.games.the_thing.definitions import PLAYER_COUNTS, Definitions
from companion.games.the_thing.state import ThingState

OURS = frozenset({"en"})


def w(en: str, fr: str) -> str:
    return Words(en, fr, OURS).text()


def describe(action: Any, state: ThingState, defs: Definitions) -> str:
    seat = getattr(action, "seat", None)
    who = nm.seat(seat) if isinstance(seat, int) else ""
    if isinstance(action, a.LookAtToken):
        return w("{who} looked at their infection token", "{who} a regardé son jeton Infection").format(who=who)
    if isinstance(action, a.DrawFromBag):
        return w("{who} drew from the bag", "{who} a pioché dans le sac").format(who=who)
    if isinstance(action, a.ReturnToken):
        return w("{who} put the token back into the bag", "{who} a remis le jeton dans le sac").format(who=who)
    if isinstance(action, a.RollWeather):
        return w("Roll the weather die", "Jeter le dé Météo")
    if isinstance(action, a.EndPhase):
        phase = defs.phases[state.turns.phase].name.text()
        return w("End of {phase}", "Fin de {phase}").format(phase=phase)
    if isinstance(action, a.MoveNpcs):
        if action.holder < 0:
            return w("Phase 8: nobody holds the Leader token", "Phase 8\u00a0: personne n'a le jeton Leader")
        return w("Phase 8: {who} holds the Leader token", "Phase 8\u00a0: {who} a le jeton Leader").format(
            who=nm.seat(action.holder)
        )
    if isinstance(action, a.PlaceSniper):
        return w("Sniper rifle placed: {n} more dog spaces", "Fusil sniper placé\u00a0: {n} cases de plus").format(
            n=action.dogs
        )
    if isinstance(action, a.DogAtEnd):
        return w("The dog reached the last space", "Le Chien a atteint la dernière case")
    if isinstance(action, a.ShowRole):
        role = nm.ROLES[action.role].text() if action.role in nm.ROLES else action.role
        return w("{who} shows the role: {role}", "{who} montre son Rôle\u00a0: {role}").format(who=who, role=role)
    if isinstance(action, a.Eliminate):
        return w("{who} is assimilated", "{who} est assimilé").format(who=who)
    if isinstance(action, a.Escape):
        aboard = [*(f"{nm.seat(s)} ({nm.ROLES['human'].text()})" for s in action.humans)]
        aboard += [f"{nm.seat(s)} ({nm.ROLES['alien'].text()})" for s in action.aliens]
        return w("Escape with {vehicle}: {aboard}", "Évasion avec {vehicle}\u00a0: {aboard}").format(
            vehicle=nm.vehicle(action.vehicle), aboard=", ".join(aboard)
        )
    if isinstance(action, a.Board):
        role = nm.ROLES[action.role].text() if action.role in nm.ROLES else action.role
        return w("{who} boards {vehicle} ({role})", "{who} monte dans {vehicle} ({role})").format(
            who=who, vehicle=nm.vehicle(action.vehicle), role=role
        )
    if isinstance(action, a.Depart):
        vehicle = nm.vehicle(state.crew_vehicle)
        return w("{vehicle} leaves", "{vehicle} part").format(vehicle=vehicle[:1].upper() + vehicle[1:])
    if isinstance(action, a.Disembark):
        return w("The crew gets off: nobody leaves", "L'équipage descend\u00a0: personne ne part")
    if isinstance(action, a.RescueLeftEmpty):
        return w("The rescue helicopter left empty", "L'Hélicoptère de secours est parti à vide")
    if isinstance(action, a.OnlyAliensLeft):
        return w("No human left in the base", "Plus aucun Humain dans la Base")
    if isinstance(action, a.UnveilAliens):
        return w("The Aliens reveal themselves: {n}", "Les Aliens se dévoilent\u00a0: {n}").format(n=action.aliens)
    if isinstance(action, a.UfoEncounter):
        where = action.location + 1
        if action.winner == "tie":
            return w("UFO location {n}: a tie", "Lieu OVNI {n}\u00a0: égalité").format(n=where)
        if action.winner == "humans":
            return w(
                "UFO location {n}: the humans are stronger", "Lieu OVNI {n}\u00a0: les Humains sont plus forts"
            ).format(n=where)
        if action.take == "assimilate":
            return w(
                "UFO location {n}: the Alien assimilates a human", "Lieu OVNI {n}\u00a0: l'Alien assimile un Humain"
            ).format(n=where)
        return w("UFO location {n}: the Alien takes tokens", "Lieu OVNI {n}\u00a0: l'Alien ramasse des jetons").format(
            n=where
        )
    if isinstance(action, a.ActivateSequence):
        return w(
            "Activate the next sequence card with {n} tokens", "Activer la carte Séquence suivante avec {n} jetons"
        ).format(n=action.tokens)
    if isinstance(action, a.EndUfoRound):
        return w("End of the UFO round", "Fin de la Manche OVNI")
    if isinstance(action, a.NoHumansInUfo):
        return w("No human left in the UFO", "Plus aucun Humain dans l'OVNI")
    return type(action).__name__


def action_group(action: Any, state: ThingState) -> str | None:
    """The play screen's button an action shares with its kind (one chooser of seats, roles or outcomes, so the
    screen shows a dozen buttons, not a hundred); None: a button of its own."""
    if isinstance(action, a.Board):
        vehicle = nm.vehicle(action.vehicle)
        if state.crew:
            return w("Who else boards {vehicle}", "Qui d'autre monte dans {vehicle}").format(vehicle=vehicle)
        return w("Escape with {vehicle}: the driver boards", "Évasion avec {vehicle}\u00a0: le pilote monte").format(
            vehicle=vehicle
        )
    if isinstance(action, a.UfoEncounter):
        return w("UFO location {n}: the encounter", "Lieu OVNI {n}\u00a0: la Rencontre").format(n=action.location + 1)
    return GROUPS[type(action)].text() if type(action) in GROUPS else None


GROUPS: dict[type, Words] = {
    a.DrawFromBag: Words(
        "A lone encounter with an NPC: who draws from the bag",
        "Rencontre seul avec un PNJ\u00a0: qui pioche dans le sac",
        OURS,
    ),
    a.ShowRole: Words("A role shown to everyone", "Un Rôle montré à tous", OURS),
    a.Eliminate: Words("A character is assimilated", "Un Personnage est assimilé", OURS),
    a.MoveNpcs: Words("Phase 8: who holds the Leader token", "Phase 8\u00a0: qui a le jeton Leader", OURS),
    a.PlaceSniper: Words(
        "A sniper rifle at the end of the dog track", "Un Fusil sniper au bout de la piste du Chien", OURS
    ),
    a.UnveilAliens: Words("The Aliens reveal themselves: how many", "Les Aliens se dévoilent\u00a0: combien", OURS),
    a.ActivateSequence: Words(
        "Activate the next sequence card: the tokens spent",
        "Activer la carte Séquence suivante\u00a0: les jetons dépensés",
        OURS,
    ),
}


def event_line(event: Any, defs: Definitions) -> str | None:
    """One event as the pop-up and the scenario output say it (None: says nothing new)."""
    if isinstance(event, ev.TokensBackInBag):
        return w("Every infection token is back in the bag.", "Tous les jetons Infection sont revenus dans le sac.")
    if isinstance(event, ev.WeatherRolled):
        return w("Weather: {face}", "Météo\u00a0: {face}").format(face=nm.weather(defs, event.face))
    if isinstance(event, ev.NpcMoved):
        return w("NPC {n} goes to the {place}", "PNJ {n} va\u00a0: {place}").format(
            n=event.npc + 1, place=nm.place(defs, event.place)
        )
    if isinstance(event, ev.CabinOpened):
        return w("Cabin open: every NPC in the Cabin moves", "Cabane ouverte\u00a0: chaque PNJ de la Cabane se déplace")
    if isinstance(event, ev.LeaderChanged):
        return w("{who} is the new Leader", "{who} est le nouveau Leader").format(who=nm.seat(event.seat))
    if isinstance(event, ev.LeaderTokenPlaced):
        return w("Leader token: {place}", "Jeton Leader\u00a0: {place}").format(place=nm.place(defs, event.place))
    if isinstance(event, ev.DogMoved):
        return w("The dog moves to space {n}", "Le Chien avance en case {n}").format(n=event.space + 1)
    if isinstance(event, ev.DogEscaped):
        return w("The dog escapes!", "Le Chien s'évade\u00a0!")
    if isinstance(event, ev.UfoEscapeBegins):
        values = ", ".join(str(v) for v in event.board)
        return w(
            "UFO escape: take-off tokens on the UFO: {values}",
            "Évasion de l'OVNI\u00a0: jetons Décollage sur l'OVNI\u00a0: {values}",
        ).format(values=values)
    if isinstance(event, ev.TokensTaken):
        side = w("The Alien side", "Le camp Alien") if event.side == "alien" else w("The humans", "Les Humains")
        return w("{side} take {n} tokens", "{side} ramasse {n} jetons").format(side=side, n=event.count)
    if isinstance(event, ev.SequenceActivated):
        return w("Sequence card {card} (cost {cost}) activated", "Carte Séquence {card} (coût {cost}) activée").format(
            card=event.card, cost=event.cost
        )
    if isinstance(event, ev.GameOver):
        return nm.OUTCOME_NAMES[event.outcome].text()
    return None


def event_lines(events: tuple[Any, ...], defs: Definitions) -> tuple[str, ...]:
    return tuple(line for line in (event_line(e, defs) for e in events) if line)


def table_lines(view: ThingState, defs: Definitions) -> tuple[str, ...]:
    """The public position (computed from a public view: never a secret)."""
    lines: list[str] = []
    if view.outcome:
        lines.append(nm.OUTCOME_NAMES[view.outcome].text())
    phase = defs.phases[view.turns.phase]
    lines.append(
        w("Round {r} · {phase} · Leader: {who}", "Manche {r} · {phase} · Leader\u00a0: {who}").format(
            r=view.turns.round, phase=phase.name.text(), who=nm.seat(view.turns.first)
        )
    )
    if view.turns.round == 1 and view.turns.phase == 0 and view.weather < 0:
        lines.extend(setup_lines(view, defs))
    if view.deal:
        waiting = [nm.seat(s) for s in range(view.players) if s not in view.seen]
        lines.append(
            w(
                "Set-up step 16: to look at their token: {who}",
                "Mise en place, étape 16\u00a0: doivent regarder leur jeton\u00a0: {who}",
            ).format(who=", ".join(waiting))
        )
    elif view.draw_seat >= 0:
        lines.append(
            w("{who} is looking at a token from the bag", "{who} regarde un jeton du sac").format(
                who=nm.seat(view.draw_seat)
            )
        )
    if view.ufo is None:
        lines.append(phase.reminder.text())
        if view.weather >= 0:
            lines.append(w("Weather: {face}", "Météo\u00a0: {face}").format(face=nm.weather(defs, view.weather)))
        lines.append(
            w("Leader token: {place}", "Jeton Leader\u00a0: {place}").format(place=nm.place(defs, view.leader_token))
        )
        one = w("{n}: {place}", "{n}\u00a0: {place}")  # French sets a colon apart
        npcs = ", ".join(one.format(n=i + 1, place=nm.place(defs, p)) for i, p in enumerate(view.npcs))
        lines.append(w("NPCs: {npcs}", "PNJ\u00a0: {npcs}").format(npcs=npcs))
        end = "?" if not view.dog_spaces else str(view.dog_spaces + view.sniper)
        lines.append(w("Dog: space {n} of {end}", "Chien\u00a0: case {n} sur {end}").format(n=view.dog + 1, end=end))
        lines.append(
            w(
                "Bag draws: {n} · vehicles used: {used}",
                "Pioches dans le sac\u00a0: {n} · engins utilisés\u00a0: {used}",
            ).format(n=view.draws, used=", ".join(nm.vehicle(v) for v in view.vehicles_used) or "—")
        )
    else:
        ufo = view.ufo
        board = " ".join(str(v) if v else "·" for v in ufo.board)
        lines.append(
            w(
                "UFO round {r} · tokens on the UFO: {board} · face down: {n}",
                "Manche OVNI {r} · jetons sur l'OVNI\u00a0: {board} · face cachée\u00a0: {n}",
            ).format(r=ufo.round, board=board, n=len(ufo.reserve))
        )
        lines.append(
            w(
                "Alien strength {s} · Alien tokens {a} · human tokens {h}",
                "Force Alien {s} · jetons Alien {a} · jetons Humains {h}",
            ).format(s=ufo.strength, a=ufo.alien_tokens, h=ufo.human_tokens)
        )
        costs = " ".join(("x" if i < ufo.activated else str(c)) for i, c in enumerate(defs.sequence))
        lines.append(w("Sequence cards: {costs}", "Cartes Séquence\u00a0: {costs}").format(costs=costs))
    if view.crew:
        aboard = ", ".join(f"{nm.seat(s)} ({nm.ROLES[r].text()})" for s, r in view.crew)
        lines.append(
            w("Boarding {vehicle}: {aboard}", "À bord de {vehicle}\u00a0: {aboard}").format(
                vehicle=nm.vehicle(view.crew_vehicle), aboard=aboard
            )
        )
    if view.roles:
        shown = ", ".join(
            w("{who}: {role}", "{who}\u00a0: {role}").format(who=nm.seat(s), role=nm.ROLES[r].text())
            for s, r in view.roles
        )
        lines.append(w("Roles shown: {shown}", "Rôles montrés\u00a0: {shown}").format(shown=shown))
    if view.escaped:
        lines.append(w("Escaped: {who}", "Évadés\u00a0: {who}").format(who=nm.seats(view.escaped)))
    return tuple(lines)


def setup_lines(view: ThingState, defs: Definitions) -> tuple[str, ...]:
    """The set-up guide: what to put where for this number of players."""
    decks = []
    for kind, words in (
        ("weapon", ("Weapon deck (Armory)", "Pioche Armes (Armurerie)")),
        ("item", ("Item deck (Hangar)", "Pioche Objets (Hangar)")),
    ):
        cards = ", ".join(f"{c.count(view.players)} {c.name.text()}" for c in defs.cards if c.kind == kind)
        decks.append(w("{deck}: {cards}", "{deck}\u00a0: {cards}").format(deck=w(*words), cards=cards))
    damage = defs.heliport_damage[PLAYER_COUNTS.index(view.players)]
    heliport = (
        w("Heliport: {n} damage tokens", "Héliport\u00a0: {n} jetons Dégât").format(n=damage)
        if damage is not None
        else w(
            "Heliport: damage tokens from the base game's table (not given here: complete it)",
            "Héliport\u00a0: jetons Dégât selon le tableau du jeu de base (non fourni ici\u00a0: complétez-le)",
        )
    )
    return (
        *decks,
        w(
            "Kennel card back in the box; the Cabin card in the Cabin.",
            "Carte Chenil rangée\u00a0; la carte Cabane dans la Cabane.",
        ),
        heliport,
        w(
            "The dog on the leftmost space of the dog-escape track.",
            "Le Chien sur la case la plus à gauche de la piste Évasion du chien.",
        ),
    )
