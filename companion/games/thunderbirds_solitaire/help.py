"""Which rules the companion checks and which are the player's, as the app and `check-data --rules` say it.

Three lists: the rules the excerpt states, which the companion checks; our readings where the excerpt is silent
(the companion applies them and says they are ours); and what is left to the player and the rulebook.
docs/thunderbirds-solitaire.md says the same.
"""

from __future__ import annotations

from companion.locale import _


def checked_rules() -> tuple[str, ...]:
    """The excerpt's rules, checked by the companion."""
    return (
        _(
            "Set-up: the Pod deck shuffled and three pods dealt face up (when the companion knows your pods);"
            " John on Thunderbird 5, Brains beside the Pod cards, the other four pilots near the Thunderbird cards;"
            " the Emergency deck shuffled (when the companion holds it)."
        ),
        _(
            "Set-up: four chains, each begun by a Disaster; a Civilian or Hood card turned for a chain goes to the"
            " bottom of the deck and is replaced, until there are four Disasters; then the deck is shuffled."
        ),
        _("Set-up: Lady Penelope at the top chain, Road side up."),
        _(
            "Chains: the leftmost card is always a Disaster; a chain holds its Disaster and three more cards, and is"
            " then full; a card joins a chain at its right end; a gap closes by sliding the cards to the left."
        ),
        _("Lady Penelope's phase ends the turn: first move or flip (never both), then escort."),
        _(
            "Road side: she moves to the chain just above or below, never from or to Tracy Island. Air side: she"
            " moves to any other location; it is the only way to and from Tracy Island. A Civilian she escorts"
            " moves with her."
        ),
        _(
            "Escort: with no Civilian assigned, she takes an uninfluenced Civilian of her chain (the chain closes"
            " the gap); she leaves hers at Tracy Island (rescued) or at the right end of a chain that is not full,"
            " never at a full chain; one or the other in a phase."
        ),
        _("Road side up, a Hood card coming to her chain in the Incoming Call phase is discarded without effect."),
        _(
            "Rescue dice: a die covers the same symbol, a wild one any symbol; each wild symbol is allocated once;"
            " wild symbols cannot be stored; dice whose symbols match no symbol in the chain are ignored."
        ),
    )


def our_readings() -> tuple[str, ...]:
    """Where the excerpt is silent and the companion applies a reading of ours (said as such)."""
    return (
        _("A die covers one symbol (the excerpt says it of wild symbols)."),
        _("A chain's active symbols are those printed on its cards and not yet covered in the rescue under way."),
        _("Ignored dice cannot be stored either; stored symbols wait until you spend them."),
        _("The advanced deck is the basic deck with the 16 advanced cards shuffled in."),
        _("A Hood card affects Lady Penelope's chain when it would be placed in it."),
        _("A Civilian is not left in a chain with no Disaster, since the leftmost card is always a Disaster."),
    )


def players_rules() -> tuple[str, ...]:
    """What the excerpt does not give: the player's, with the rulebook (a checklist step or a move of theirs)."""
    return (
        _(
            "The Incoming Call phase: how many Emergency cards to turn and where each goes (the companion places"
            " each where you say and applies the rules above)."
        ),
        _(
            "The turn's other phases and their order; the pilots', pods' and Thunderbirds' abilities; how many dice"
            " a rescue rolls and what it achieves; what stored symbols are for."
        ),
        _("Which Civilians are influenced: mark them."),
        _("Winning and losing: check the rulebook's conditions each turn and declare the outcome."),
        _(
            "Laying out the Thunderbird and Pilot cards; with your own Emergency deck, shuffling it and turning its"
            " cards."
        ),
    )
