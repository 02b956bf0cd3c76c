"""How the docs' commands are found (tests/system/doc_commands.py), on small pages written here, and that every page
of the repository follows the conventions. Running them is tests/system/test_docs_commands.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.paths import ROOT
from tests.system.doc_commands import DocCommand, DocError, is_command, matches, read_docs, read_page


def page(tmp_path: Path, text: str, name: str = "page.md") -> list[DocCommand]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_page(path, name)


def shown(commands: list[DocCommand]) -> list[tuple[int, str, str | None]]:
    return [(command.line, command.command, command.needs) for command in commands]


def test_every_page_of_the_repository_follows_the_conventions() -> None:
    commands = read_docs(ROOT)
    run = [command for command in commands if command.needs is None]
    assert len(run) > 40
    assert {"README.md", "docs/commands.md", "docs/contributing.md", "hardware/README.md"} <= {c.page for c in run}
    assert any(command.output is not None for command in run)
    skipped = [command for command in commands if command.needs is not None]
    assert all(command.needs.strip() for command in skipped)
    assert any(command.page == "docs/raspberry-pi.md" for command in skipped)


def test_a_shell_block_gives_one_command_a_line_and_a_needs_comment_keeps_one_from_running(tmp_path: Path) -> None:
    commands = page(
        tmp_path,
        "Start:\n\n```sh\nmake run     # start it\n# a comment alone\n.venv/bin/companion simulate \\\n"
        "  --games 2\nmake test    # every test (needs: half an hour)\n```\n",
    )
    assert shown(commands) == [
        (4, "make run", None),
        (6, ".venv/bin/companion simulate --games 2", None),
        (8, "make test", "half an hour"),
    ]
    assert not any(command.inline for command in commands)


def test_a_console_block_gives_each_command_its_output(tmp_path: Path) -> None:
    commands = page(
        tmp_path,
        "```console\n$ .venv/bin/companion games\nname  title\n...\n$ .venv/bin/companion --version\n"
        "companion ...\n\n```\n",
    )
    assert [(c.command, c.output) for c in commands] == [
        (".venv/bin/companion games", "name  title\n..."),
        (".venv/bin/companion --version", "companion ..."),
    ]


def test_an_output_is_matched_with_ellipses_for_what_varies() -> None:
    assert matches("No backups yet in .../backups.", "No backups yet in /tmp/x/state/backups.\n")
    assert matches("name  title\n...\nlast", "name  title   \nA\nB\nlast\n")
    assert matches("it is … here", "it is right here")
    assert not matches("No backups yet in .../backups.", "No backup yet in /tmp/backups.")
    assert not matches("one line", "one line\nand another")
    assert matches("header\n...\nthunderbirds ... rules\n...", "header\nthunderbirds  Thunderbirds  rules\n")
    assert matches("header\n...\nlast", "header\na\nb\nlast")
    assert not matches("header\n...\nlast", "header\na\nlast but not least")


@pytest.mark.parametrize(
    "text",
    [
        "companion demo --out DIR",
        "companion scenario FILE [--json]",
        "companion hw-test --game <game>",
        "python -m companion.backup list|now|hint",
        "sudo apt-get install …",
        "make PYTHON=/path/to/python3",
        "companion",
        "uptime",
        "COMPANION_LIGHTS=gpio",
        "hood.0",
        "pytest.mark.ui",
    ],
)
def test_a_synopsis_a_program_s_name_or_a_setting_is_no_command(text: str) -> None:
    assert not is_command(text)


@pytest.mark.parametrize(
    "text",
    [
        "companion games",
        "COMPANION_LIGHTS=serial .venv/bin/companion hw-test",
        "journalctl -k -b | grep -i -E 'touch|ft5|goodix'",
        "sudo raspi-config nonint do_boot_behaviour B1",
        "tools/without-xvfb.sh make test-fast",
    ],
)
def test_a_program_with_its_arguments_is_a_command(text: str) -> None:
    assert is_command(text)


def test_commands_in_the_text_are_found_across_lines_and_marked_from_a_marker_on(tmp_path: Path) -> None:
    commands = page(
        tmp_path,
        "Run `companion games`, then `companion check-data\n--list`.\n\n"
        "<!-- needs: a Raspberry Pi -->\nOn the Pi: `sudo systemctl restart companion`.\n\n"
        "| `companion hw-test` | lights |\n| <!-- needs: a Pico --> `companion hw-test --step 2` | slower |\n",
    )
    assert shown(commands) == [
        (1, "companion games", None),
        (1, "companion check-data --list", None),
        (5, "sudo systemctl restart companion", "a Raspberry Pi"),
        (7, "companion hw-test", None),
        (8, "companion hw-test --step 2", "a Pico"),
    ]
    assert all(command.inline for command in commands)


def test_a_marker_on_its_own_line_covers_the_next_block_only(tmp_path: Path) -> None:
    commands = page(
        tmp_path,
        "<!-- needs: root on a Raspberry Pi -->\n```sh\nsudo systemctl stop companion\nsudo systemctl start companion\n"
        "```\n\n```sh\nmake run\n```\n",
    )
    assert [command.needs for command in commands] == ["root on a Raspberry Pi", "root on a Raspberry Pi", None]


def test_a_command_marked_on_one_page_is_marked_wherever_it_is_shown(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("```sh\nmake test   # needs: half an hour\n```\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "more.md").write_text("Then `make test` and `make lint`.\n", encoding="utf-8")
    assert [(c.where, c.command, c.needs) for c in read_docs(tmp_path)] == [
        ("README.md:2", "make test", "half an hour"),
        ("docs/more.md:1", "make test", "half an hour"),
        ("docs/more.md:1", "make lint", None),
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Run:\n\n```\nmake run\n```\n", "page.md:4: a code block with no language shows the command 'make run'"),
        ("```\n$ .venv/bin/companion games\n```\n", "page.md:2: a code block with no language"),
        ("<!-- needs: -->\n```sh\nmake run\n```\n", "page.md:1: `<!-- needs: -->` says no reason"),
        ("```sh\nmake run  # needs:\n```\n", "page.md:2: `# needs:` says no reason"),
        ("```sh\ncurl -O https://example.org/x\n```\n", "page.md:2: 'curl -O https://example.org/x' in a shell"),
        ("```sh\n.venv/bin/companion demo --out DIR\n```\n", "page.md:2: '.venv/bin/companion demo --out DIR' holds"),
        ("```console\n$ make run\n...\n```\n", "page.md:2: the output shown for 'make run' is only `...`"),
        ("```console\nmake run\n```\n", "page.md:2: a console block starts with a `$ ` command"),
        ("Text.\n\n<!-- needs: a Pi -->\n", "page.md: a `<!-- needs: a Pi -->` line at the end of the page"),
        ("```sh\nmake run\n", "page.md:1: this code block is never closed"),
    ],
)
def test_a_page_that_breaks_a_convention_is_named_with_its_line(tmp_path: Path, text: str, problem: str) -> None:
    with pytest.raises(DocError) as error:
        page(tmp_path, text)
    assert str(error.value).startswith(problem)


def test_a_synopsis_in_a_block_with_no_language_is_read_not_run(tmp_path: Path) -> None:
    assert page(tmp_path, "```\ncompanion scenario FILE [--json] [--lang en|fr]\n```\n") == []
