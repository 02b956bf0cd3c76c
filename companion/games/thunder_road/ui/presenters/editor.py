"""The data editor, Kivy-free: the facts the sources do not give (a die's faces, a damage kind's count) as rows to
complete from the box, and the form of the one being completed."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.pack import Words
from companion.games.thunder_road.definitions import Definitions
from companion.ui.presenters.lines import ButtonView

T = frozenset({"en", "fr"})


@dataclass(frozen=True)
class Form:
    key: str  # "die:road", "kind:dent"
    title: str
    help: str
    value: str


@dataclass(frozen=True)
class EditorView:
    title: str
    intro: str
    rows: tuple[ButtonView, ...]
    form: Form | None


def _die_row(defs: Definitions, die_id: str) -> ButtonView:
    die = defs.dice[die_id]
    if die.known:
        faces = ", ".join(face.label.text() for face in die.faces)
        text = Words("{die}: {faces} (yours)", "{die}\u00a0: {faces} (les vôtres)", T).text()
    else:
        faces, text = "", Words("{die}: faces unknown", "{die}\u00a0: faces inconnues", T).text()
    return ButtonView(f"edit:die:{die_id}", text.format(die=die.name.text(), faces=faces))


def _kind_row(defs: Definitions, kind_id: str) -> ButtonView:
    kind = defs.kinds[kind_id]
    if kind.count is None:
        text = Words("{kind} tokens: how many unknown", "Pions {kind}\u00a0: nombre inconnu", T).text()
    else:
        text = Words("{kind} tokens: {n} (yours)", "Pions {kind}\u00a0: {n} (les vôtres)", T).text()
    return ButtonView(f"edit:kind:{kind_id}", text.format(kind=kind.name.text(), n=kind.count))


def form_for(defs: Definitions, key: str) -> Form:
    table, _sep, entry = key.partition(":")
    if table == "die":
        die = defs.dice[entry]
        return Form(
            key,
            die.name.text(),
            Words(
                "Type each face of your die, commas between (a face twice if it is there twice).",
                "Tapez chaque face de votre dé, séparées par des virgules (deux fois si elle y est deux fois).",
                T,
            ).text(),
            ", ".join(face.label.text() for face in die.faces),
        )
    kind = defs.kinds[entry]
    return Form(
        key,
        kind.name.text(),
        Words("How many of these tokens are in your box?", "Combien de ces pions dans votre boîte\u00a0?", T).text(),
        "" if kind.count is None else str(kind.count),
    )


def present_editor(defs: Definitions, editing: str | None) -> EditorView:
    dice = [d.id for d in defs.dice.values() if d.confidence in ("unknown", "players")]
    kinds = [k.id for k in defs.kinds.values() if k.confidence in ("unknown", "players")]
    rows = (*(_die_row(defs, d) for d in dice), *(_kind_row(defs, k) for k in kinds))
    return EditorView(
        Words("Complete from your box", "Compléter depuis votre boîte", T).text(),
        Words(
            "The sources do not give these facts. What you type is kept in your corrections; new races use it.",
            "Les sources ne donnent pas ces faits. Ce que vous tapez est gardé dans vos corrections\u00a0; les "
            "nouvelles "
            "courses l'utilisent.",
            T,
        ).text(),
        rows,
        form_for(defs, editing) if editing else None,
    )
