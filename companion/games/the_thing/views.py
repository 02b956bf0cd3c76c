"""What the shared screen may read (`public_view`) and what one seat alone sees (`secret_view`).

The public view blanks every secret field (the set-up deal, a bag draw, the face-down take-off tokens' values)
and the PRNG state that would predict them; it depends on nothing else, so the same public position gives the
same view whatever the seats hide. A seat's secret is computed for that seat only, when the hand-over step shows
it."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.pack import SecretView, Words
from companion.games.the_thing import actions as a
from companion.games.the_thing import names as nm
from companion.games.the_thing.state import ALIEN, HIDDEN, ThingState

OURS = frozenset({"en"})


def public_view(state: ThingState) -> ThingState:
    ufo = state.ufo
    return replace(
        state,
        deal=(HIDDEN,) * len(state.deal),
        draw_token=HIDDEN if state.draw_seat >= 0 else "",
        ufo=None if ufo is None else replace(ufo, reserve=(0,) * len(ufo.reserve)),
        rng=0,
    )


def secret_view(state: ThingState, seat: int) -> SecretView | None:
    name = nm.seat(seat)
    if state.deal and seat not in state.seen:
        token = state.deal[seat]
        role = (
            Words(
                "You are the first Alien: put your Alien role card under your board, and your Healthy teeth card.",
                (
                    "Vous êtes le premier Alien\u00a0: placez votre carte Rôle Alien sous votre tableau, "
                    "et votre carte Dents "
                    "saines."
                ),
                OURS,
            )
            if token == ALIEN
            else Words(
                "You are Human: put your Human role card under your board, and the teeth card you choose.",
                (
                    "Vous êtes Humain\u00a0: placez votre carte Rôle Humain sous votre tableau, et la "
                    "carte Dentition de votre "
                    "choix."
                ),
                OURS,
            )
        )
        return SecretView(
            seat=seat,
            seat_name=name,
            title=Words("{who}: your infection token", "{who}\u00a0: votre jeton Infection", OURS)
            .text()
            .format(who=name),
            lines=(nm.TOKENS[token].text(), role.text()),
            choices=((Words("I have seen it", "J'ai vu", OURS).text(), a.LookAtToken(seat)),),
        )
    if state.draw_seat == seat and state.draw_token:
        token = state.draw_token
        meaning = (
            Words(
                "You are infected: you are on the Alien side for good. Take your role and teeth cards.",
                (
                    "Vous êtes infecté\u00a0: vous passez définitivement dans le camp "
                    "Alien. Reprenez vos cartes Rôle et "
                    "Dentition."
                ),
                OURS,
            )
            if token == ALIEN
            else Words(
                "Nothing changes. Take your role and teeth cards all the same.",
                "Rien ne change. Reprenez tout de même vos cartes Rôle et Dentition.",
                OURS,
            )
        )
        return SecretView(
            seat=seat,
            seat_name=name,
            title=Words("{who}: your draw from the bag", "{who}\u00a0: votre pioche dans le sac", OURS)
            .text()
            .format(who=name),
            lines=(nm.TOKENS[token].text(), meaning.text()),
            choices=((Words("Put it back in the bag", "Le remettre dans le sac", OURS).text(), a.ReturnToken(seat)),),
        )
    return None
