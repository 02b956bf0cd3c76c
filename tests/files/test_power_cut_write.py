"""Pulling the plug on `write_atomically`: a process replacing one file in a loop is killed with SIGKILL at random
moments; the file is always one whole version, the last acknowledged one or the one after it, never a mix.

A SIGKILL leaves the kernel's page cache in place, so this checks the write-then-rename order (what a reader can
see at any moment), not the fsyncs a real power cut needs; those are in `companion.files`, where every atomic
write of the app now goes.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.files import leftover_temporaries

from .atomic_writer import content, version_of

WRITER = Path(__file__).with_name("atomic_writer.py")
KILLS = 24
LAST_VERSION = 1_000_000
#: Kills after the first acknowledged write land this long after it at most.
WHILE_WRITING_S = 0.05


def start_writer(path: Path, first: int, last: int = LAST_VERSION) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WRITER), str(path), str(first), str(last)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def read_to_first_ack(writer: subprocess.Popen[str]) -> str:
    assert writer.stdout is not None
    read = []
    while True:
        line = writer.stdout.readline()
        read.append(line)
        if not line or line.startswith("ack "):
            return "".join(read)


def acked(output: str) -> list[int]:
    return [int(line.split()[1]) for line in output.splitlines() if line.startswith("ack ")]


@pytest.mark.timeout(300)
def test_a_killed_writer_leaves_the_old_file_or_the_new_never_a_mix(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    target.write_bytes(content(0))
    chooser = random.Random(20240612)
    last_ack = 0
    seen: set[int] = set()
    leftovers = 0
    for _ in range(KILLS):
        writer = start_writer(target, last_ack + 1)
        early = read_to_first_ack(writer)
        time.sleep(chooser.uniform(0.0, WHILE_WRITING_S))
        writer.send_signal(signal.SIGKILL)
        writer.wait(60)
        # Read on through the same file objects: lines the first readline buffered would be lost to communicate().
        assert writer.stdout is not None and writer.stderr is not None
        output, errors = early + writer.stdout.read(), writer.stderr.read()
        assert writer.returncode == -signal.SIGKILL, errors
        acks = acked(output)
        assert acks and acks == list(range(last_ack + 1, acks[-1] + 1))

        version = version_of(target.read_bytes())
        assert version is not None, "the file is no version's whole content"
        assert acks[-1] <= version <= acks[-1] + 1
        seen.add(version)
        last_ack = version
        # The write the kill interrupted may have left its temporary file; never more than that one.
        left = leftover_temporaries(tmp_path, target.name)
        assert len(left) <= 1 and sorted(p.name for p in tmp_path.iterdir()) == sorted(
            [target.name, *(p.name for p in left)]
        )
        leftovers += len(left)
        for path in left:
            path.unlink()
    assert len(seen) == KILLS, "every kill came after new writes"
    print(f"{KILLS} kills; {leftovers} interrupted writes left their temporary file")


def test_a_writer_that_finishes_leaves_only_its_file(tmp_path: Path) -> None:
    target = tmp_path / "overlay.toml"
    writer = start_writer(target, 1, 40)
    output, errors = writer.communicate(timeout=120)
    assert writer.returncode == 0, errors
    assert acked(output) == list(range(1, 41)) and output.endswith("done\n")
    assert [p.name for p in tmp_path.iterdir()] == [target.name]
    assert version_of(target.read_bytes()) == 40


def test_two_writers_at_once_never_share_a_temporary_file(tmp_path: Path) -> None:
    """Each writer's temporary file has a name of its own: whichever renames last wins, with a whole file."""
    target = tmp_path / "ui-settings.json"
    writers = [start_writer(target, 1, 150), start_writer(target, 1001, 1150)]
    for writer in writers:
        _output, errors = writer.communicate(timeout=120)
        assert writer.returncode == 0, errors
    assert version_of(target.read_bytes()) in (150, 1150)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]
