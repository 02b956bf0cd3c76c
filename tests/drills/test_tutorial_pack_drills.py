"""docs/packs.md says of its tutorial pack: "the drills and the conformance tests play it". Here they do: the
tutorial's Pig, written from the page and installed as a distribution (on the import path of this process and of
the drills' own processes), put through the project's own drills and conformance tests, called by its name in
this process: the registry finds it as it finds any installed game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conformance import test_every_pack as conformance
from depth import Depth

from companion.engine import registry
from tests.test_packs_tutorial import installed_tutorial

from . import test_disk_full as disk_full
from .test_power_cut_game import PHASES, power_cuts


@pytest.fixture
def pig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The tutorial's pack, installed as a distribution and found by the registry's scan."""
    with installed_tutorial(tmp_path_factory.mktemp("tutorial")):
        assert registry.is_installed("pig"), registry.problems()
        yield registry.pack("pig")


def test_the_conformance_tests_play_the_installed_tutorial_pack(pig: Any, tmp_path: Path, depth: Depth) -> None:
    conformance.test_every_listed_action_applies_and_everything_survives_encoding(pig, depth)
    conformance.test_the_public_view_and_the_labels_keep_every_secret(pig)
    conformance.test_the_session_replays_resumes_exports_and_undoes_to_equal_states(pig, tmp_path)


@pytest.mark.parametrize(("language", "message"), [("en", disk_full.ENGLISH), ("fr", disk_full.FRENCH)])
def test_a_file_size_limit_refuses_the_tutorial_pack_s_action_in_plain_words(
    pig: Any, tmp_path: Path, language: str, message: str
) -> None:
    disk_full.test_a_file_size_limit_refuses_the_action_in_plain_words_and_play_goes_on(
        tmp_path, language, message, "pig"
    )


def test_a_full_filesystem_refuses_the_tutorial_pack_s_action_in_plain_words(pig: Any, tmp_path: Path) -> None:
    disk_full.test_a_full_filesystem_refuses_the_action_in_plain_words_and_play_goes_on(tmp_path, "pig")


def test_the_tutorial_pack_survives_power_cuts_in_every_phase(pig: Any, tmp_path: Path, depth: Depth) -> None:
    phases = power_cuts(tmp_path, "pig", depth.power_cuts("pig"))
    assert phases == PHASES, f"no kill landed {'; '.join(sorted(PHASES - phases))}"
