"""The commands the Markdown pages show, found as a user reads them (docs/contributing.md, "Commands in the docs").

- A fenced block marked `sh`, `bash`, `shell` or `console` holds commands as typed, one a line (a `\\` at the end
  joins the next line). In a `console` block the commands start with `$ ` and the lines after one, up to the next,
  are its output; `...` (or `…`) in an output stands for any text, as doctest's ELLIPSIS. A fenced block with no
  language that shows a command is an error, and so is a placeholder in a shell block.
- A code span in the text is a command when it starts with a program (`companion`, `make`, `python`, `sudo`,
  `.venv/bin/...`, a script ending in `.sh`...), has arguments, and holds no placeholder (a capitalised word such
  as `FILE` or `N`, `<name>`, `[--option]`, `a|b`, `...`): those are synopses, read and not run. In the text,
  `companion`, `python` and the other programs of `.venv/bin` stand for `.venv/bin/companion`..., as
  docs/commands.md says.
- `<!-- needs: REASON -->` says why a command is not run: on a line of its own it marks the next block (a fenced
  block, a paragraph, a list, a table); within a line, the commands after it on that line. In a shell block, a
  command whose comment says `needs: REASON` is marked. A command marked where it is shown once is marked wherever
  it is shown.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace
from pathlib import Path

SHELL_LANGUAGES = frozenset({"sh", "bash", "shell", "console"})

#: The programs whose name starts a command in the text or in a code block.
PROGRAMS = frozenset(
    {
        "bash",
        "cat",
        "cd",
        "companion",
        "cp",
        "du",
        "echo",
        "git",
        "id",
        "journalctl",
        "ls",
        "make",
        "mkdir",
        "mount",
        "mpremote",
        "pip",
        "pre-commit",
        "pytest",
        "python",
        "python3",
        "raspi-config",
        "rm",
        "ruff",
        "scp",
        "sudo",
        "systemctl",
        "uptime",
        "valgrind",
    }
)

FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<lang>[\w-]*)")
NEEDS = re.compile(r"<!--\s*needs:\s*(?P<reason>.*?)\s*-->")
NEEDS_COMMENT = re.compile(r"#.*?\bneeds:\s*(?P<reason>.*?)\s*$")
#: A paragraph's HTML comments and code spans, whichever starts first: a comment inside a span is the span's text.
TEXT_TOKEN = re.compile(r"(?P<comment><!--.*?-->)|(?<!`)(?P<ticks>`+)(?!`)(?P<code>.+?)(?<!`)(?P=ticks)(?!`)", re.S)
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
METAVARIABLE = re.compile(r"^[A-Z][A-Z_]*$|^WxH$")
ELLIPSIS = ("...", "…")


class DocError(ValueError):
    """A page breaks the conventions above (named with its file and line)."""


@dataclass(frozen=True)
class DocCommand:
    """One command a page shows, where, how it is meant to be run, and what it must print."""

    page: str
    line: int
    command: str
    #: From the text (`companion` stands for `.venv/bin/companion`), not from a code block.
    inline: bool = False
    #: The output a `console` block shows after it, or None when it shows none.
    output: str | None = None
    #: Why it is not run (`needs: ...`), or None when it is run.
    needs: str | None = None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def first_program(command: str) -> str | None:
    """The program a command line starts with, after `NAME=value` settings; None when it is no command."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return None
    while words and ASSIGNMENT.match(words[0]):
        words.pop(0)
    if not words:
        return None
    word = words[0]
    if word in PROGRAMS or "/bin/" in word or word.endswith(".sh") or word.startswith(".venv/"):
        return word
    return None


def is_synopsis(command: str) -> bool:
    """A command line with a placeholder in it: a synopsis to read, not a command to type as it is."""
    if any(mark in command for mark in (*ELLIPSIS, "[", "/path/to/")) or re.search(r"<[A-Za-z][^>]*>", command):
        return True
    bare = QUOTED.sub("''", command)  # a `|` inside quotes is no alternative: grep -E 'a|b'
    for word in bare.split():
        if METAVARIABLE.match(word) or ("|" in word and word not in ("|", "||")):
            return True
    return False


def is_command(text: str) -> bool:
    """Whether a code span in the text is a command to run: a program and its arguments, no placeholder. A span
    of one word (`companion`, `uptime`) names a program in a sentence; it is not run."""
    return len(text.split()) > 1 and first_program(text) is not None and not is_synopsis(text)


def _strip_indent(line: str, indent: str) -> str:
    return line[len(indent) :] if line.startswith(indent) else line.lstrip()


def _joined(start: int, lines: list[str]) -> list[tuple[int, str]]:
    """The block's lines with their numbers, a line ending in `\\` joined to the next."""
    joined: list[tuple[int, str]] = []
    carry: tuple[int, str] | None = None
    for number, line in enumerate(lines, start=start):
        if carry is not None:
            number, line = carry[0], carry[1] + " " + line.strip()
        carry = (number, line.rstrip()[:-1].rstrip()) if line.rstrip().endswith("\\") else None
        if carry is None:
            joined.append((number, line))
    return joined


def _shell_block(page: str, start: int, lines: list[str], lang: str, needs: str | None) -> list[DocCommand]:
    """The commands of one fenced shell block; `start` is the line number of its first line."""
    found: list[DocCommand] = []
    console: list[tuple[int, str, list[str]]] = []  # each `$ ` command of a console block and its output
    for number, line in _joined(start, lines):
        if lang == "console":
            if line.startswith("$ "):
                console.append((number, line[2:].strip(), []))
            elif console:
                console[-1][2].append(line.rstrip())
            elif line.strip():
                raise DocError(f"{page}:{number}: a console block starts with a `$ ` command, not {line.strip()!r}")
        elif line.strip() and not line.strip().startswith("#"):
            found.append(_command(page, number, line.strip(), None, needs))
    for number, command, output in console:
        text = "\n".join(output).strip("\n")
        found.append(_command(page, number, command, text or None, needs))
    return found


def without_comment(line: str) -> tuple[str, str]:
    """A shell line split into its command and its comment (a `#` after a space, outside quotes)."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index].rstrip(), line[index:]
    return line.rstrip(), ""


def _command(
    page: str, line: int, text: str, output: str | None, needs: str | None, inline: bool = False
) -> DocCommand:
    command, comment = without_comment(text)
    marked = NEEDS_COMMENT.search(comment)
    if marked:
        reason = marked["reason"]
        if not reason.rstrip(")"):
            raise DocError(f"{page}:{line}: `# needs:` says no reason: write what the command needs")
        needs = needs or (reason[:-1] if "(needs:" in comment and reason.endswith(")") else reason)
    if output is not None and all(part.strip() in ("", *ELLIPSIS) for part in output.splitlines()):
        raise DocError(f"{page}:{line}: the output shown for {command!r} is only `...`: show what it prints")
    if first_program(command) is None:
        raise DocError(f"{page}:{line}: {command!r} in a shell block starts with no program known in PROGRAMS")
    if is_synopsis(command):
        raise DocError(
            f"{page}:{line}: {command!r} holds a placeholder: a shell block shows commands as typed (a synopsis goes "
            "in a block with no language)"
        )
    return DocCommand(page, line, command, inline=inline, output=output, needs=needs)


def _reason(match: re.Match[str], page: str, number: int) -> str:
    if not match["reason"]:
        raise DocError(f"{page}:{number}: `<!-- needs: -->` says no reason: write what the command needs")
    return match["reason"]


def _text_block(page: str, start: int, lines: list[str], needs: str | None) -> list[DocCommand]:
    """The commands in the code spans of a paragraph, list or table (a span may run onto the next line). Read left
    to right, a `<!-- needs: -->` marks the spans after it on its line; one inside a code span is only shown."""
    found: list[DocCommand] = []
    text = "\n".join(lines)
    marked: tuple[int, str] | None = None  # the line of the last marker, and its reason
    for token in TEXT_TOKEN.finditer(text):
        row = text.count("\n", 0, token.start())
        if token["comment"] is not None:
            reason = NEEDS.fullmatch(token["comment"])
            if reason:
                marked = (row, _reason(reason, page, start + row))
            continue
        code, comment = without_comment(" ".join(token["code"].split()))
        if not is_command(code):
            continue
        reason = marked[1] if marked is not None and marked[0] == row else needs
        found.append(_command(page, start + row, code + (" " + comment if comment else ""), None, reason, True))
    return found


def read_page(path: Path, page: str) -> list[DocCommand]:
    """Every command `page` (the file at `path`) shows, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[DocCommand] = []
    needs: str | None = None  # a `<!-- needs: -->` line waiting for its block
    index = 0
    while index < len(lines):
        line = lines[index]
        number = index + 1
        opening = FENCE.match(line)
        if opening:
            close = re.compile(r"^\s*" + re.escape(opening["fence"]) + r"\s*$")
            end = index + 1
            while end < len(lines) and not close.match(lines[end]):
                end += 1
            if end == len(lines):
                raise DocError(f"{page}:{number}: this code block is never closed")
            body = [_strip_indent(text, opening["indent"]) for text in lines[index + 1 : end]]
            lang = opening["lang"].lower()
            if lang in SHELL_LANGUAGES:
                found.extend(_shell_block(page, number + 1, body, lang, needs))
            elif not lang:
                for offset, text in enumerate(body):
                    candidate = without_comment(text[2:] if text.startswith("$ ") else text)[0].strip()
                    if is_command(candidate):
                        raise DocError(
                            f"{page}:{number + 1 + offset}: a code block with no language shows the command "
                            f"{candidate!r}: mark it ```sh (or ```console with its output)"
                        )
            needs = None
            index = end + 1
            continue
        alone = NEEDS.fullmatch(line.strip())
        if alone:
            needs = _reason(alone, page, number)
            index += 1
            continue
        if not line.strip():
            index += 1
            continue
        end = index
        while end < len(lines) and lines[end].strip() and not FENCE.match(lines[end]):
            end += 1
        found.extend(_text_block(page, number, lines[index:end], needs))
        needs = None
        index = end
    if needs is not None:
        raise DocError(f"{page}: a `<!-- needs: {needs} -->` line at the end of the page marks nothing")
    return found


def pages(root: Path) -> list[str]:
    """Every Markdown page of the repository a user reads: the README first, then the rest in order."""
    found = sorted(str(path.relative_to(root)) for path in root.rglob("*.md") if not _ignored(path, root))
    return sorted(found, key=lambda page: (page != "README.md", page))


def _ignored(path: Path, root: Path) -> bool:
    parts = path.relative_to(root).parts
    return any(part.startswith(".") or part in ("artifacts", "build", "dist", "node_modules") for part in parts)


def read_docs(root: Path) -> list[DocCommand]:
    """Every command of every page, page by page in the order of `pages`. A command marked where one page shows it
    is marked wherever it is shown again (its reason is written once)."""
    found = [command for page in pages(root) for command in read_page(root / page, page)]
    reasons: dict[str, str] = {}
    for command in found:
        if command.needs is not None:
            reasons.setdefault(command.command, command.needs)
    return [replace(command, needs=command.needs or reasons.get(command.command)) for command in found]


def matches(expected: str, actual: str) -> bool:
    """Whether `actual` is the `expected` output: `...` in a line stands for any text, a line of `...` alone for
    any number of lines (none too); trailing spaces do not count."""
    pattern = ""
    for line in expected.strip("\n").splitlines():
        if line.strip() in ELLIPSIS:
            pattern += r"(?:[^\n]*\n)*?"
        else:
            parts = re.split(r"(\.\.\.|…)", line.rstrip())
            pattern += "".join(".*?" if part in ELLIPSIS else re.escape(part) for part in parts) + "\n"
    got = "".join(line.rstrip() + "\n" for line in actual.strip("\n").splitlines())
    return re.fullmatch(pattern, got, flags=re.S) is not None


# --- commands another test runs ------------------------------------------------------------------------------------

#: Commands of the docs that a named test of `make test` runs (a demo costs up to a minute: it is played once per
#: run, by the test that checks its screenshots and summary), so tests/system/test_docs_commands.py does not run
#: them again. tests/system/test_docs_commands_elsewhere.py checks that each named test exists and runs its
#: command: the same program and words, in its own folder (`--out`) and with options of its own after them.
RUN_ELSEWHERE: dict[str, str] = {
    "make demo": "tests/ui/test_ui_demo.py::test_demo_plays_a_game_and_writes_screenshots_and_a_summary",
    ".venv/bin/companion demo --game dice_race --out artifacts/demo-dice-race": (
        "tests/ui/test_ui_kit_demo.py::test_a_kit_demo_plays_by_touch_and_writes_its_screenshots"
    ),
    "companion demo --game federation": (
        "tests/ui/test_ui_federation.py::test_the_demo_plays_federation_by_touch_and_leaves_screenshots"
    ),
    ".venv/bin/companion demo --game thunderbirds_solitaire --out artifacts/demo-solitaire": (
        "tests/ui/test_ui_solitaire_demo.py::test_the_solitaire_demo_plays_a_seeded_game_by_touch"
    ),
    "companion demo --game thunderbirds_solitaire": (
        "tests/ui/test_ui_solitaire_demo.py::test_the_solitaire_demo_plays_a_seeded_game_by_touch"
    ),
    ".venv/bin/companion demo --game warpspawn_thunderbirds --out artifacts/demo-warpspawn": (
        "tests/ui/test_ui_warpspawn.py::test_the_demo_plays_a_whole_seeded_game_by_touch_with_screenshots"
    ),
}
#: Options whose value a test chooses for itself (its own folder), so the value is not looked for.
OWN_VALUES = frozenset({"--out"})


def make_recipe(makefile: str, target: str) -> list[str]:
    """The lines of a Makefile target's recipe, without the `@` that silences one."""
    lines = makefile.splitlines()
    starts = [index for index, line in enumerate(lines) if re.match(rf"^{re.escape(target)}\s*:", line)]
    if not starts:
        raise DocError(f"Makefile: no target {target!r}")
    recipe: list[str] = []
    for line in lines[starts[0] + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line[1:].lstrip("@"))
    return recipe


def companion_words(command: str, makefile: str) -> list[str]:
    """The words after `companion` that `command` runs it with (through `make TARGET`'s recipe for a make
    command), `--out`'s value left out: what a test running the same command passes too."""
    words = [word for word in shlex.split(command) if not ASSIGNMENT.match(word)]
    if words[0] == "make":
        (line,) = [line for line in make_recipe(makefile, words[1]) if " -m companion " in line]
        words = shlex.split(line.split(" -m ", 1)[1])
    if Path(words[0]).name != "companion":
        raise DocError(f"{command!r} does not run companion: no test is named for it")
    kept: list[str] = []
    skip = False
    for word in words[1:]:
        if not skip:
            kept.append(word)
        skip = word in OWN_VALUES
    return kept
