"""Short sounds for the moments that matter (the dice, a disaster drawn, a rescue won or lost, a race's engine,
crash, shot and explosion), when the Settings screen allows them. The tones are our own, written once as WAV files
(stdlib `wave`) on the session worker; a machine without audio simply stays silent, and does not load an audio
library for nothing (about 1 MB)."""

from __future__ import annotations

import logging
import math
import os
import struct
import sys
import tempfile
import wave
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

RATE = 22050
#: name -> (frequencies in Hz played one after the other, seconds each)
TONES: dict[str, tuple[tuple[float, ...], float]] = {
    "dice": ((660.0, 880.0), 0.06),
    "disaster": ((440.0, 330.0, 220.0), 0.12),
    "success": ((523.0, 659.0, 784.0), 0.09),
    "failure": ((330.0, 262.0), 0.15),
    # A race's moments (Thunder Road), written here like the others: our own tones, no recording.
    "engine": ((82.0, 98.0, 110.0, 98.0), 0.08),
    "crash": ((196.0, 147.0, 98.0), 0.07),
    "shot": ((1568.0, 784.0), 0.04),
    "explosion": ((131.0, 104.0, 82.0, 65.0), 0.1),
}


def write_tones(directory: Path) -> dict[str, Path]:
    """Writes each tone as a small mono WAV; on the worker."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, (frequencies, seconds) in TONES.items():
        path = directory / f"{name}.wav"
        frames = bytearray()
        for frequency in frequencies:
            count = int(RATE * seconds)
            for i in range(count):
                fade = min(1.0, i / 200, (count - i) / 200)
                frames += struct.pack("<h", int(9000 * fade * math.sin(2 * math.pi * frequency * i / RATE)))
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(bytes(frames))
        paths[name] = path
    return paths


def audio_output_present(dev_snd: Path = Path("/dev/snd"), environ: Mapping[str, str] = os.environ) -> bool:
    """Whether there is anywhere to play a sound: an ALSA playback device (the Pi's HDMI or headphone output) or a
    sound server's socket (PulseAudio, PipeWire). Away from Linux it is assumed, and the audio library decides."""
    if not sys.platform.startswith("linux"):
        return True
    if any(dev_snd.glob("pcmC*D*p")):
        return True
    if environ.get("PULSE_SERVER"):
        return True
    runtime = environ.get("XDG_RUNTIME_DIR")
    if not runtime:
        return False
    return any((Path(runtime) / name).exists() for name in ("pulse/native", "pipewire-0"))


class Sounds:
    def __init__(self, output_present: Callable[[], bool] = audio_output_present) -> None:
        self._sounds: dict[str, Any] = {}
        self._output_present = output_present

    def prepare(self) -> None:
        """Writes and loads the tones (on the worker); without an audio output nothing is loaded."""
        if not self._output_present():
            log.info("no audio output: the app stays silent")
            return
        try:
            from kivy.core.audio import SoundLoader

            paths = write_tones(Path(tempfile.gettempdir()) / "companion-sounds")
            for name, path in paths.items():
                sound = SoundLoader.load(str(path))
                if sound is not None:
                    self._sounds[name] = sound
        except Exception as error:  # no audio on this machine: the app stays silent
            log.info("sounds unavailable: %s", error)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is not None:
            try:
                sound.play()
            except Exception:
                log.debug("could not play %s", name)

    def play_all(self, names: Iterable[str]) -> None:
        for name in names:
            self.play(name)
