"""History labels in every language, so a game started in English reads in French after a switch.

An action's label is written once, when the action is played, in each of the app's languages, and stored as
one JSON object (`{"en": "...", "fr": "..."}`) in the label's text column; it is read in the language of the
moment. Labels stored as plain text (older saves, imported files) read as they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from companion.locale import LANGUAGES, pick, speaking


def label_in_every_language(describe: Callable[[], str]) -> str:
    """`describe()` run in each language (on this thread only), stored as one JSON text (plain text when
    every language says the same)."""
    labels = {}
    for language in LANGUAGES:
        with speaking(language):
            labels[language] = describe()
    if len(set(labels.values())) == 1:
        return labels[LANGUAGES[0]]
    return stored_labels(labels)


def stored_labels(labels: Mapping[str, str]) -> str:
    """Every language's label as the store keeps it."""
    return json.dumps(dict(labels), ensure_ascii=False, separators=(",", ":"))


def labels_of(stored: str) -> Mapping[str, str] | None:
    """The labels by language in a stored label, or None when it is plain text."""
    if not stored.startswith("{"):
        return None
    try:
        data = json.loads(stored)
    except ValueError:
        return None
    if not isinstance(data, dict) or not data or not all(isinstance(v, str) for v in data.values()):
        return None
    return data


def readable(stored: str) -> str:
    """A stored label in the language of the moment (plain text as it is)."""
    labels = labels_of(stored)
    return stored if labels is None else pick(labels)
