"""The rules the companion applies: set-up by player count, the round's phases, phase 8, the infection bag, the
escapes, the UFO's take-off and the end. Pure: a frozen state in, a new one and its events out; every refusal is
an `IllegalAction` naming its rule, and `legal_actions` lists exactly what `apply` accepts (one `refusal`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine.chance import Chance
from companion.engine.codec import Codec
from companion.engine.dice import Die, Face
from companion.engine.errors import IllegalAction
from companion.engine.pack import Words
from companion.engine.turns import Phase, Rounds, Turns, end_phase, give_marker
from companion.games.the_thing import actions as a
from companion.games.the_thing import events as ev
from companion.games.the_thing.definitions import CABIN, PLAYER_COUNTS, VEHICLES, Definitions
from companion.games.the_thing.loader import default_definitions
from companion.games.the_thing.state import ALIEN, BAG_MODES, HUMAN, ThingState, Ufo

CODEC = Codec(state=ThingState, actions=a.ACTION_TYPES)
OURS = frozenset({"en"})


def why(en: str, fr: str) -> Words:
    """A refusal's reason: the rule first, in both languages (French is the rules' language)."""
    return Words(en, fr, OURS)


def rounds_of(defs: Definitions) -> Rounds:
    return Rounds(phases=tuple(Phase(p.id, p.name, p.reminder) for p in defs.phases))


def phase_id(state: ThingState, defs: Definitions) -> str:
    return defs.phases[state.turns.phase].id


def in_play(state: ThingState) -> tuple[int, ...]:
    return tuple(seat for seat in range(state.players) if seat not in state.out)


def dog_end(state: ThingState) -> int | None:
    """The dog's last space (the sniper rifle's spaces added), None while the track's length is unknown."""
    return state.dog_spaces - 1 + state.sniper if state.dog_spaces else None


def crew_escape(vehicle: str, crew: tuple[tuple[int, str], ...]) -> a.Escape:
    """The escape a boarded crew makes."""
    humans = tuple(seat for seat, role in crew if role == HUMAN)
    return a.Escape(vehicle, humans, tuple(seat for seat, role in crew if role != HUMAN))


def tokens_left(ufo: Ufo) -> int:
    return sum(1 for value in ufo.board if value) + len(ufo.reserve)


def card_die(pile: list[str]) -> Die:
    """The next card turned from a shuffled pile, as a die with a face per card (a scenario forces it)."""
    return Die("location", tuple(Face(card, index) for index, card in enumerate(pile)))


def bag_die(defs: Definitions) -> Die:
    """A token drawn from the infection bag: a face per token."""
    return Die(
        "bag",
        tuple(Face(HUMAN, 0) for _ in range(defs.bag_human)) + tuple(Face(ALIEN, 1) for _ in range(defs.bag_alien)),
    )


def weather_die(faces: int) -> Die:
    return Die("weather", tuple(Face(str(n + 1), n + 1) for n in range(faces)))


class ThingRules:
    name = "the_thing"
    state_format = 1

    def __init__(self, definitions: Definitions | None = None) -> None:
        self._definitions = definitions

    @property
    def definitions(self) -> Definitions:
        return self._definitions if self._definitions is not None else default_definitions()

    # --- set-up ---------------------------------------------------------------------------------------------

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> ThingState:
        defs = self.definitions
        players = int(setup.get("players", 4))
        if players not in PLAYER_COUNTS:
            raise IllegalAction(
                why(
                    "Norwegian Outpost is played by 4 to 8 players (the expansion's rules).",
                    "Norwegian Outpost se joue de 4 à 8 joueurs (règles de l'extension).",
                ).text()
            )
        bag = str(setup.get("bag", "screen"))
        if bag not in BAG_MODES:
            raise IllegalAction(
                why(
                    f"Bag: {bag!r} is not one of {BAG_MODES}.", f"Sac\u00a0: {bag!r} n'est pas dans {BAG_MODES}."
                ).text()
            )
        # Step 5: the deck without the Cabin's card; its top card places the Leader token, then goes back in.
        others = tuple(p.id for p in defs.places if p.id != CABIN)
        leader_place = chance.shuffle(others)[0]
        deal = chance.shuffle((ALIEN,) + (HUMAN,) * (players - 1)) if bag == "screen" else ()
        return ThingState(
            players=players,
            bag_mode=bag,
            turns=Turns(seats=players),
            leader_token=leader_place,
            npcs=(defs.npc_start,) * defs.npcs,
            places=tuple(p.id for p in defs.places),
            turned=(),
            dog=0,
            dog_spaces=defs.dog_spaces or 0,
            sniper=0,
            weather=-1,
            weather_faces=len(defs.weather_faces),
            deal=deal,
            seen=(),
            draw_seat=-1,
            draw_token="",
            draws=0,
            vehicles_used=(),
            escaped=(),
            out=(),
            roles=(),
            unveiled=0,
            ufo=None,
            outcome="",
        )

    # --- what may be done -----------------------------------------------------------------------------------

    def candidates(self, state: ThingState) -> tuple[Any, ...]:
        """Every action worth offering now, before `refusal` filters them."""
        if state.outcome:
            return ()
        seats = in_play(state)
        if state.ufo is not None:
            ufo = state.ufo
            if not ufo.unveiled:
                return tuple(a.UnveilAliens(n, state.unveiled) for n in range(1, state.players + 1))
            found: list[Any] = [a.ActivateSequence(n) for n in range(1, ufo.alien_tokens + 1)]
            for location in range(len(ufo.board)):
                found += [a.UfoEncounter(location, "alien"), a.UfoEncounter(location, "humans")]
                found += [a.UfoEncounter(location, "tie"), a.UfoEncounter(location, "alien", "assimilate")]
            return (*found, a.EndUfoRound(), a.NoHumansInUfo())
        if state.deal:
            return tuple(a.LookAtToken(seat) for seat in range(state.players))
        if state.draw_seat >= 0:
            return (a.ReturnToken(state.draw_seat),)
        found = [a.RollWeather(), a.EndPhase(), *(a.MoveNpcs(h) for h in (-1, *seats))]
        found += [a.DrawFromBag(seat) for seat in seats]
        found += [a.ShowRole(seat, role) for seat in seats for role in (HUMAN, ALIEN)]
        if state.crew:
            aboard = {seat for seat, _role in state.crew}
            boarding = [a.Board(state.crew_vehicle, s, r) for s in seats if s not in aboard for r in (HUMAN, ALIEN)]
            return (*boarding, a.Depart(), a.Disembark())
        found += [a.Board(v, s, r) for v in (*VEHICLES, "rescue") for s in seats for r in (HUMAN, ALIEN)]
        found += [a.PlaceSniper(n) for n in (1, 2, 3)]
        found += [a.Eliminate(seat) for seat in seats]
        found += [a.DogAtEnd(), a.RescueLeftEmpty(), a.OnlyAliensLeft()]
        return tuple(found)

    def legal_actions(self, state: ThingState) -> tuple[Any, ...]:
        return tuple(action for action in self.candidates(state) if self.refusal(state, action) is None)

    def is_terminal(self, state: ThingState) -> bool:
        return bool(state.outcome)

    def refusal(self, state: ThingState, action: Any) -> Words | None:
        """Why `action` is not allowed now (the rule it breaks), or None."""
        if state.outcome:
            return why("The game is over.", "La partie est terminée.")
        if not isinstance(action, a.ACTION_TYPES):
            return why("Not an action of this game.", "Ce n'est pas une action de ce jeu.")
        defs = self.definitions
        seat = getattr(action, "seat", None)
        if seat is not None and not 0 <= seat < state.players:
            return why("There is no such player.", "Ce joueur n'existe pas.")
        ufo_actions = (a.UnveilAliens, a.UfoEncounter, a.ActivateSequence, a.EndUfoRound, a.NoHumansInUfo)
        if state.ufo is not None:
            if not isinstance(action, ufo_actions):
                return why(
                    "UFO escape: the base game is over, the final battle is on.",
                    "Évasion de l'OVNI\u00a0: la partie classique est finie, la Bataille finale a lieu.",
                )
            return self.ufo_refusal(state, state.ufo, action)
        if isinstance(action, ufo_actions):
            return why(
                "UFO escape: it begins only when an Alien escapes alone on a snowmobile.",
                "Évasion de l'OVNI\u00a0: elle ne commence que lorsqu'un Alien s'évade seul en Autoneige.",
            )
        secret = (a.LookAtToken, a.ReturnToken)
        if isinstance(action, secret) and state.bag_mode != "screen":
            return why(
                "The bag stays physical at this table (set-up option).",
                "Le sac reste physique à cette table (option de mise en place).",
            )
        if state.deal:
            if not isinstance(action, a.LookAtToken):
                return why(
                    "Set-up step 16: every player looks at their infection token first.",
                    "Mise en place, étape 16\u00a0: chacun regarde d'abord son jeton Infection.",
                )
            if action.seat in state.seen:
                return why(
                    "Set-up step 16: that player has already looked.",
                    "Mise en place, étape 16\u00a0: ce joueur a déjà regardé.",
                )
            return None
        if isinstance(action, a.LookAtToken):
            return why(
                "Set-up step 17: the tokens are back in the bag.",
                "Mise en place, étape 17\u00a0: les jetons sont revenus dans le sac.",
            )
        if state.draw_seat >= 0:
            if isinstance(action, a.ReturnToken) and action.seat == state.draw_seat:
                return None
            return why(
                "Encounter 4.4: the drawn token goes back into the bag first.",
                "Rencontre 4.4\u00a0: le jeton pioché retourne d'abord dans le sac.",
            )
        if isinstance(action, a.ReturnToken):
            return why(
                "Encounter 4.4: no token is out of the bag.", "Rencontre 4.4\u00a0: aucun jeton n'est hors du sac."
            )
        crew_actions = (a.Board, a.Depart, a.Disembark)
        if state.crew and not isinstance(action, crew_actions):
            return why(
                "Escape with a vehicle: the vehicle leaves or its crew gets off first.",
                "Évasion avec un engin\u00a0: l'engin part ou son équipage descend d'abord.",
            )
        if isinstance(action, a.Depart | a.Disembark) and not state.crew:
            return why(
                "Escape with a vehicle: nobody has boarded.", "Évasion avec un engin\u00a0: personne n'est à bord."
            )
        if seat is not None and seat in state.out:
            return why("That character is out of play.", "Ce Personnage n'est plus en jeu.")
        phase = phase_id(state, defs)
        if isinstance(action, a.RollWeather):
            if phase != "weather":
                return why(
                    "Phase 1: the weather die is rolled in phase 1.", "Phase 1\u00a0: le dé Météo se jette en Phase 1."
                )
            if state.weather >= 0:
                return why(
                    "Phase 1: the weather die is rolled once a round.",
                    "Phase 1\u00a0: le dé Météo se jette une fois par Manche.",
                )
            return None
        if isinstance(action, a.EndPhase):
            if phase == "weather" and state.weather < 0:
                return why(
                    "Phase 1: the Leader rolls the weather die first.",
                    "Phase 1\u00a0: le Leader jette d'abord le dé Météo.",
                )
            if phase == "npcs":
                return why(
                    "Phase 8: the NPCs move and the Leader changes to end the round.",
                    "Phase 8\u00a0: les PNJ se déplacent et le Leader change pour finir la Manche.",
                )
            return None
        if isinstance(action, a.MoveNpcs):
            if phase != "npcs":
                return why("Phase 8: the NPCs move in phase 8.", "Phase 8\u00a0: les PNJ se déplacent en Phase 8.")
            if action.holder != -1 and not (0 <= action.holder < state.players and action.holder not in state.out):
                return why(
                    "Phase 8, step 3: the Leader token's holder is a player in play.",
                    "Phase 8, étape 3\u00a0: le détenteur du jeton Leader est un joueur en jeu.",
                )
            return None
        if isinstance(action, a.DrawFromBag):
            if phase != "actions":
                return why(
                    "Encounter 4.4: a lone character meets an NPC in phase 4.",
                    "Rencontre 4.4\u00a0: un Personnage seul rencontre un PNJ en Phase 4.",
                )
            return None
        if isinstance(action, a.ShowRole):
            if phase != "tests":
                return why(
                    "Phase 6: roles are shown in the tests phase (an escape shows its passengers' roles itself).",
                    "Phase 6\u00a0: les Rôles se montrent en phase Analyses (une évasion montre ceux des passagers).",
                )
            if action.role not in (HUMAN, ALIEN):
                return why("A role is human or alien.", "Un Rôle est Humain ou Alien.")
            if any(shown == action.seat for shown, _role in state.roles):
                return why(
                    "Tests: that role is already known to all.", "Analyses\u00a0: ce Rôle est déjà connu de tous."
                )
            return None
        if isinstance(action, a.Escape):
            return self.escape_refusal(state, phase, action)
        if isinstance(action, a.Board):
            if action.role not in (HUMAN, ALIEN):
                return why("A role is human or alien.", "Un Rôle est Humain ou Alien.")
            if state.crew and action.vehicle != state.crew_vehicle:
                return why(
                    "Escape with a vehicle: the crew boards one vehicle.",
                    "Évasion avec un engin\u00a0: l'équipage monte dans un seul engin.",
                )
            return self.escape_refusal(
                state, phase, crew_escape(action.vehicle, (*state.crew, (action.seat, action.role)))
            )
        if isinstance(action, a.PlaceSniper):
            if state.sniper:
                return why("Sniper rifle: only one may be used a game.", "Fusil sniper\u00a0: un seul par partie.")
            if action.dogs not in (1, 2, 3):
                return why(
                    "Sniper rifle: a card shows 1, 2 or 3 dogs.",
                    "Fusil sniper\u00a0: une carte montre 1, 2 ou 3 Chiens.",
                )
            return None
        if isinstance(action, a.DogAtEnd):
            if state.dog_spaces:
                return why(
                    "Dog escape: the track's length is known, the companion moves the dog.",
                    "Évasion du chien\u00a0: la piste est connue, le compagnon avance le Chien.",
                )
            if state.dog == 0:
                return why(
                    "Dog escape: the dog is still on the first space.",
                    "Évasion du chien\u00a0: le Chien est encore sur la première case.",
                )
            return None
        if isinstance(action, a.Eliminate):
            if not state.unveiled:
                return why(
                    "Only a revealed Alien assimilates a character.", "Seul un Alien Dévoilé assimile un Personnage."
                )
            return None
        if isinstance(action, a.RescueLeftEmpty):
            if len(state.vehicles_used) < len(VEHICLES):
                return why(
                    "End: only once the base helicopter and both snowmobiles are used.",
                    "Fin\u00a0: seulement si l'Hélicoptère de la base et les 2 Autoneiges ont été utilisés.",
                )
            return None
        return None  # OnlyAliensLeft: the players' report

    def escape_refusal(self, state: ThingState, phase: str, action: a.Escape) -> Words | None:
        if action.vehicle not in (*VEHICLES, "rescue"):
            return why("Escape: no such vehicle.", "Évasion\u00a0: cet engin n'existe pas.")
        if phase != "actions":
            return why(
                "Escape: in phase 4 (4.6 for the rescue helicopter, 4.7 for a vehicle).",
                "Évasion\u00a0: en Phase 4 (4.6 pour l'Hélicoptère de secours, 4.7 pour un engin).",
            )
        if action.vehicle in state.vehicles_used:
            return why(
                "Escape with a vehicle: a vehicle used stays unavailable for the rest of the game.",
                "Évasion avec un engin\u00a0: un engin utilisé n'est plus disponible de la partie.",
            )
        aboard = (*action.humans, *action.aliens)
        if not aboard:
            return why("Escape: somebody is aboard.", "Évasion\u00a0: quelqu'un est à bord.")
        if len(set(aboard)) != len(aboard) or any(not 0 <= s < state.players or s in state.out for s in aboard):
            return why(
                "Escape: each passenger is a different character in play.",
                "Évasion\u00a0: chaque passager est un Personnage différent en jeu.",
            )
        return None

    def ufo_refusal(self, state: ThingState, ufo: Ufo, action: Any) -> Words | None:
        defs = self.definitions
        if isinstance(action, a.UnveilAliens):
            if ufo.unveiled:
                return why(
                    "UFO escape, step 4: the Aliens have revealed themselves.",
                    "Évasion de l'OVNI, étape 4\u00a0: les Aliens se sont déjà dévoilés.",
                )
            if not 1 <= action.aliens <= state.players or action.aliens < state.unveiled or action.reserve < 0:
                return why(
                    "UFO escape, step 4: between the Aliens already revealed and every player.",
                    "Évasion de l'OVNI, étape 4\u00a0: entre les Aliens déjà dévoilés et tous les joueurs.",
                )
            return None
        if not ufo.unveiled:
            return why(
                "UFO escape, step 4: every Alien reveals itself first.",
                "Évasion de l'OVNI, étape 4\u00a0: tous les Aliens se dévoilent d'abord.",
            )
        if isinstance(action, a.UfoEncounter):
            if not 0 <= action.location < len(ufo.board):
                return why("UFO: no such location.", "OVNI\u00a0: ce lieu n'existe pas.")
            if action.winner not in ("alien", "humans", "tie") or action.take not in ("tokens", "assimilate"):
                return why(
                    "UFO encounter: the Alien, the humans or a tie.",
                    "Rencontre OVNI\u00a0: l'Alien, les Humains ou égalité.",
                )
            if action.take == "assimilate" and action.winner != "alien":
                return why(
                    "UFO encounter: only a stronger Alien assimilates.",
                    "Rencontre OVNI\u00a0: seul un Alien plus fort assimile.",
                )
            if action.winner == "alien" and action.take == "tokens" and not (ufo.board[action.location] or ufo.reserve):
                return why(
                    "UFO encounter: no take-off token left to pick up there.",
                    "Rencontre OVNI\u00a0: plus de jeton Décollage à ramasser ici.",
                )
            if action.winner == "humans" and not (ufo.reserve or ufo.board[action.location]):
                return why(
                    "UFO encounter: no take-off token left to pick up there.",
                    "Rencontre OVNI\u00a0: plus de jeton Décollage à ramasser ici.",
                )
            return None
        if isinstance(action, a.ActivateSequence):
            if ufo.this_round >= defs.per_round:
                return why(
                    "UFO escape, step 6: at most two sequence cards a round.",
                    "Évasion de l'OVNI, étape 6\u00a0: 2 cartes Séquence au plus par Manche.",
                )
            cost = defs.sequence[ufo.activated]
            if not 1 <= action.tokens <= ufo.alien_tokens:
                return why(
                    "UFO escape, step 6: the Alien side spends tokens it holds.",
                    "Évasion de l'OVNI, étape 6\u00a0: le camp Alien dépense des jetons qu'il détient.",
                )
            if action.tokens * max(defs.token_values) < cost:
                return why(
                    f"UFO escape, step 6: {action.tokens} tokens cannot pay {cost}.",
                    f"Évasion de l'OVNI, étape 6\u00a0: {action.tokens} jetons ne paient pas {cost}.",
                )
            return None
        return None  # EndUfoRound, NoHumansInUfo

    # --- apply ----------------------------------------------------------------------------------------------

    def apply(self, state: ThingState, action: Any, chance: Chance) -> tuple[ThingState, tuple[Any, ...]]:
        reason = self.refusal(state, action)
        if reason is not None:
            raise IllegalAction(reason.text())
        defs = self.definitions
        events: list[Any] = []
        if isinstance(action, a.LookAtToken):
            seen = tuple(sorted((*state.seen, action.seat)))
            events.append(ev.TokenSeen(action.seat))
            if len(seen) == state.players:  # step 17: all go back into the bag
                events.append(ev.TokensBackInBag())
                return replace(state, seen=seen, deal=()), tuple(events)
            return replace(state, seen=seen), tuple(events)
        if isinstance(action, a.DrawFromBag):
            events.append(ev.BagDrawn(action.seat))
            after = replace(state, draws=state.draws + 1)
            if state.bag_mode == "screen":
                token = chance.roll(bag_die(defs)).label
                after = replace(after, draw_seat=action.seat, draw_token=token)
            return after, tuple(events)
        if isinstance(action, a.ReturnToken):
            return replace(state, draw_seat=-1, draw_token=""), (ev.TokenReturned(action.seat),)
        if isinstance(action, a.RollWeather):
            face = chance.roll_index(weather_die(state.weather_faces))
            return replace(state, weather=face), (ev.WeatherRolled(face),)
        if isinstance(action, a.EndPhase):
            turns, started = end_phase(state.turns, rounds_of(defs))
            return replace(state, turns=turns), started
        if isinstance(action, a.MoveNpcs):
            return self.phase_eight(state, action.holder, chance)
        if isinstance(action, a.PlaceSniper):
            return replace(state, sniper=action.dogs), ()
        if isinstance(action, a.DogAtEnd):
            return replace(state, outcome="alien"), (ev.DogEscaped(), ev.GameOver("alien"))
        if isinstance(action, a.ShowRole):
            unveiled = state.unveiled + (action.role == ALIEN)
            after = replace(state, roles=(*state.roles, (action.seat, action.role)), unveiled=unveiled)
            return after, (ev.RoleShown(action.seat, action.role),)
        if isinstance(action, a.Eliminate):
            return replace(state, out=tuple(sorted((*state.out, action.seat)))), ()
        if isinstance(action, a.Escape):
            return self.escape(state, action, chance)
        if isinstance(action, a.Board):
            return replace(state, crew=(*state.crew, (action.seat, action.role)), crew_vehicle=action.vehicle), ()
        if isinstance(action, a.Disembark):
            return replace(state, crew=(), crew_vehicle=""), ()
        if isinstance(action, a.Depart):
            left = replace(state, crew=(), crew_vehicle="")
            return self.escape(left, crew_escape(state.crew_vehicle, state.crew), chance)
        if isinstance(action, a.RescueLeftEmpty | a.OnlyAliensLeft):
            return replace(state, outcome="escaped"), (ev.GameOver("escaped"),)
        assert state.ufo is not None
        return self.ufo_step(state, state.ufo, action)

    def phase_eight(self, state: ThingState, holder: int, chance: Chance) -> tuple[ThingState, tuple[Any, ...]]:
        """Phase 8 in the text's order: shuffle; one card per NPC outside the Cabin; Cabin open if it came up; the
        Leader board to the token's holder; a card for the Leader token (the Cabin: open it, set its card in the
        Cabin, turn again); the dog one space further."""
        events: list[Any] = []
        npcs = list(state.npcs)
        turned: list[str] = []
        pile = list(state.places)  # step 1: turning the shuffled deck's cards is drawing each at random

        def turn() -> str:
            nonlocal pile
            if not pile:  # every card turned: the others are shuffled again, the Cabin's stays in the Cabin
                pile = [card for card in state.places if card != CABIN]
            card = pile.pop(chance.roll_index(card_die(pile)))
            turned.append(card)
            return card

        def cabin_open() -> None:
            events.append(ev.CabinOpened())
            for npc in [i for i, place in enumerate(npcs) if place == CABIN]:
                npcs[npc] = turn()
                events.append(ev.NpcMoved(npc, npcs[npc]))

        movers = [i for i, place in enumerate(npcs) if place != CABIN]
        cabin = False
        for npc in movers:
            npcs[npc] = turn()
            cabin = cabin or npcs[npc] == CABIN
            events.append(ev.NpcMoved(npc, npcs[npc]))
        if cabin:
            cabin_open()
        turns = state.turns
        if holder >= 0 and holder != turns.first:
            turns, passed = give_marker(turns, holder)
            events.append(ev.LeaderChanged(holder))
        card = turn()
        while card == CABIN:
            cabin_open()
            card = turn()
        events.append(ev.LeaderTokenPlaced(card))
        dog = state.dog + 1
        events.append(ev.DogMoved(dog))
        turns, started = end_phase(turns, rounds_of(self.definitions))
        events.extend(started)
        after = replace(
            state, npcs=tuple(npcs), turned=tuple(turned), turns=turns, leader_token=card, dog=dog, weather=-1
        )
        end = dog_end(after)
        if end is not None and dog >= end:
            after = replace(after, dog=end, outcome="alien")
            events += [ev.DogEscaped(), ev.GameOver("alien")]
        return after, tuple(events)

    def escape(self, state: ThingState, action: a.Escape, chance: Chance) -> tuple[ThingState, tuple[Any, ...]]:
        aboard = (*action.humans, *action.aliens)
        roles = (*state.roles, *((s, HUMAN) for s in action.humans), *((s, ALIEN) for s in action.aliens))
        roles = tuple(dict(roles).items())
        used = state.vehicles_used if action.vehicle == "rescue" else (*state.vehicles_used, action.vehicle)
        after = replace(state, roles=roles, vehicles_used=used, out=tuple(sorted((*state.out, *aboard))))
        events: list[Any] = [ev.Escaped(action.vehicle, action.humans, action.aliens)]
        if not action.aliens:
            after = replace(after, escaped=tuple(sorted((*state.escaped, *action.humans))))
            if not in_play(after):
                return replace(after, outcome="escaped"), (*events, ev.GameOver("escaped"))
            return after, tuple(events)
        if action.humans or not action.vehicle.startswith("snowmobile"):
            return replace(after, outcome="alien"), (*events, ev.GameOver("alien"))
        tokens = chance.shuffle(self.definitions.token_values)
        board = tokens[: len(self.definitions.ufo_locations)]
        ufo = Ufo(board=board, reserve=tokens[len(board) :])
        return replace(after, ufo=ufo), (*events, ev.UfoEscapeBegins(board))

    def ufo_step(self, state: ThingState, ufo: Ufo, action: Any) -> tuple[ThingState, tuple[Any, ...]]:
        defs = self.definitions
        if isinstance(action, a.UnveilAliens):
            if state.unveiled:
                strength = action.reserve + action.aliens - state.unveiled
            else:
                strength = state.players // 2 + action.aliens - 1
            return replace(state, ufo=replace(ufo, unveiled=True, strength=strength), unveiled=action.aliens), ()
        if isinstance(action, a.UfoEncounter):
            board = list(ufo.board)
            reserve = ufo.reserve
            if action.winner == "alien" and action.take == "tokens":
                here = 1 if board[action.location] else 0
                board[action.location] = 0
                more = min(defs.ufo_locations[action.location], len(reserve))
                taken = here + more
                changed = replace(
                    ufo, board=tuple(board), reserve=reserve[more:], alien_tokens=ufo.alien_tokens + taken
                )
                return replace(state, ufo=changed), (ev.TokensTaken("alien", taken),)
            if action.winner == "humans":
                if reserve:
                    reserve = reserve[1:]
                else:
                    board[action.location] = 0
                changed = replace(ufo, board=tuple(board), reserve=reserve, human_tokens=ufo.human_tokens + 1)
                return replace(state, ufo=changed), (ev.TokensTaken("humans", 1),)
            return state, ()
        if isinstance(action, a.ActivateSequence):
            cost = defs.sequence[ufo.activated]
            card = ufo.activated + 1
            changed = replace(
                ufo,
                alien_tokens=ufo.alien_tokens - action.tokens,
                spent=ufo.spent + action.tokens,
                activated=card,
                this_round=ufo.this_round + 1,
            )
            after = replace(state, ufo=changed)
            events: tuple[Any, ...] = (ev.SequenceActivated(card, cost),)
            if card == len(defs.sequence):
                return replace(after, outcome="alien"), (*events, ev.GameOver("alien"))
            return after, events
        if isinstance(action, a.EndUfoRound):
            changed = replace(ufo, this_round=0, round=ufo.round + 1)
            if not tokens_left(ufo):
                return replace(state, ufo=changed, outcome="humans"), (ev.GameOver("humans"),)
            return replace(state, ufo=changed), ()
        return replace(state, outcome="alien"), (ev.GameOver("alien"),)  # NoHumansInUfo

    # --- labels and codec -----------------------------------------------------------------------------------

    def describe(self, action: Any, state: ThingState) -> str:
        from companion.games.the_thing.describe import describe

        return describe(action, state, self.definitions)

    def encode_action(self, action: Any) -> dict[str, Any]:
        return CODEC.encode_action(action)

    def decode_action(self, data: Mapping[str, Any]) -> Any:
        return CODEC.decode_action(data)

    def encode_state(self, state: ThingState) -> dict[str, Any]:
        return CODEC.encode_state(state)

    def decode_state(self, data: Mapping[str, Any]) -> ThingState:
        return CODEC.decode_state(data)

    def summary(self, state: ThingState) -> dict[str, Any]:
        """Public by contract (Home shows it): the round, the players, the outcome."""
        return {"players": state.players, "turn": state.turns.round, "status": state.outcome or "playing"}


RULES = ThingRules()
