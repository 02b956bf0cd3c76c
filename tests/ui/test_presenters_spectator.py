"""Thunderbirds in words for the phones' and TV's spectator page (`Pack.table_lines`): whose turn by name, the
Hood's space, every disaster on the track, and while a rescue is rolled, its score and the chance from there."""

from __future__ import annotations

from companion.engine import registry
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.simulate import steps
from companion.games.thunderbirds.state import PendingRescue
from companion.locale import speaking


def test_the_table_and_a_rescue_under_way_in_words_in_both_languages() -> None:
    pack = registry.pack("thunderbirds")
    defs = default_definitions()
    rolled = next(
        step.after for step in steps(2, "introduction", 5, defs) if isinstance(step.after.pending, PendingRescue)
    )
    lines = pack.table_lines(pack.public_view(rolled))
    active = next(c for c in defs.characters.values() if c.id == rolled.active_character)
    assert lines[0].startswith(f"Turn {rolled.turn} · {active.names.text()}'s turn"), lines[0]
    assert lines[1] == f"Hood: space {rolled.hood + 1} of {defs.hood_track.length}"
    on_track = [card for card in rolled.track.slots if card is not None]
    assert sum(line.startswith("Track ") for line in lines) == len(on_track)
    rescue = lines.index(next(line for line in lines if line.startswith("Rescue: ")))
    assert any("to succeed" in line for line in lines[rescue:]), lines[rescue:]
    with speaking("fr"):
        french = pack.table_lines(rolled)
    assert french[1] == f"Hood\u00a0: case {rolled.hood + 1} sur\u00a0{defs.hood_track.length}", french[1]
    assert sum(line.startswith("File, case ") for line in french) == len(on_track)
    assert any(line.startswith("Sauvetage") for line in french) and len(french) == len(lines)
