"""The Box screen's words and buttons, from the data and the draft (plain Python: the tests read it without a
window). Each fact the sources do not give has a row: its value or "not given", and its buttons."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.pack import Words
from companion.games.the_thing.definitions import PLAYER_COUNTS, Definitions
from companion.games.the_thing.overlay import BoxDraft
from companion.ui.presenters.lines import ButtonView

OURS = frozenset({"en"})
NOT_GIVEN = Words("not given", "non donné", OURS)


@dataclass(frozen=True)
class RowView:
    name: str
    value: str
    buttons: tuple[ButtonView, ...]


@dataclass(frozen=True)
class BoxView:
    title: str
    note: str
    rows: tuple[RowView, ...]
    save: ButtonView
    changed: bool


def _stepper(key: str, name: str, value: int | None) -> RowView:
    shown = NOT_GIVEN.text() if value is None else str(value)
    return RowView(name, shown, (ButtonView(f"box:{key}:down", "-"), ButtonView(f"box:{key}:up", "+")))


def present_box(defs: Definitions, draft: BoxDraft, file: str) -> BoxView:
    rows = [
        _stepper(
            "dog",
            Words("Dog-escape track: spaces", "Piste Évasion du chien\u00a0: cases", OURS).text(),
            draft.dog_spaces,
        )
    ]
    damage = Words("Heliport damage tokens, {n} players", "Jetons Dégât de l'Héliport, {n} joueurs", OURS)
    for players, value in zip(PLAYER_COUNTS, draft.damage):
        rows.append(_stepper(f"damage-{players}", damage.text().format(n=players), value))
    yes, no = Words("checked", "vérifiée", OURS).text(), Words("not checked", "non vérifiée", OURS).text()
    toggle = Words("Change", "Changer", OURS).text()
    rows.append(
        RowView(
            Words("Location deck checked against the box", "Pioche Lieux vérifiée avec la boîte", OURS).text(),
            yes if draft.deck_checked else no,
            (ButtonView("box:deck:toggle", toggle),),
        )
    )
    changed = draft != BoxDraft.of(defs)
    note = Words(
        "From your box: saved in {file}. The weather die's faces are written in that file by hand.",
        "Depuis votre boîte\u00a0: enregistré dans {file}. Les faces du dé Météo s'écrivent à la main dans ce fichier.",
        OURS,
    ).text()
    return BoxView(
        title=Words("Box facts", "Faits de la boîte", OURS).text(),
        note=note.format(file=file),
        rows=tuple(rows),
        save=ButtonView("box:save", Words("Save", "Enregistrer", OURS).text(), "primary", changed),
        changed=changed,
    )
