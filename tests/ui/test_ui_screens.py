"""The text fitting itself, in a real window: a fitted button never breaks a word, and the layout check catches a
label that does; and the start-up's notice of a broken overlay. (Every screen and pop-up at each supported size
and in both languages is the screen tour's: test_ui_screen_tour.py.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from companion.paths import ROOT

#: Runs in its own process with a real window: fits buttons at many widths and checks the laid-out lines.
TEXT_FIT_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from companion.ui.launch import prepare_kivy
    prepare_kivy((800, 480), False, None)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.lang import Builder
    from kivy.properties import NumericProperty, StringProperty
    from kivy.uix.floatlayout import FloatLayout
    from kivy.uix.label import Label
    from companion.paths import KV_DIR
    from companion.ui.fonts import register_fonts

    WORDS = ["Historique", "Plateau", "Annuler", "Défausse : 0", "Catastrophes", "Déplacer, charger, transférer"]

    class FitApp(App):
        font_body = NumericProperty(17)
        font_small = NumericProperty(13)
        gap = NumericProperty(6)
        target = NumericProperty(47)
        language = StringProperty("fr")

        def build(self):
            register_fonts()
            Builder.load_file(str(KV_DIR / "widgets" / "basics.kv"))
            self.box = FloatLayout()
            Clock.schedule_once(self.check, 0)
            return self.box

        def check(self, *_):
            from companion.ui.layout_check import check_layout
            from companion.ui.widgets.text import TouchButton, broken_word
            result = {"broken": [], "tried": 0}
            for text in WORDS:
                width = 40.0
                while width < 160:
                    button = TouchButton(text=text, size_hint=(None, None), size=(width, 47))
                    button.fit_now()
                    button.texture_update()
                    result["tried"] += 1
                    if broken_word(button):
                        result["broken"].append([text, width, button.font_size])
                    width += 0.25
            # Text drawn straight on a canvas (the Table's tiles, the Board's regions), fitted the same way.
            from companion.ui.widgets.drawn_text import fit_text
            result["drawn_broken"] = []
            for text in WORDS:
                width = 40.0
                while width < 160:
                    drawn = fit_text(text, width, 47, 17, 10)
                    result["tried"] += 1
                    shown = [w for line in drawn.lines for w in line.split()]
                    if drawn.fitted and shown != text.split():
                        result["drawn_broken"].append([text, width, list(drawn.lines)])
                    width += 0.25
            # A plain label whose line is a fraction of a pixel narrower than its word: Kivy breaks the word.
            label = Label(text="Historique", font_size=17, size_hint=(None, None), pos=(10, 10), size=(200, 80))
            label.texture_update()
            word = label._label.get_extents("Historique")[0]
            label.text_size = (word - 0.4, None)
            self.box.add_widget(label)
            label.texture_update()
            result["label_lines"] = [" ".join(w.text for w in line.words) for line in label._label._cached_lines]
            result["problems"] = [str(p) for p in check_layout(Window, target_px=10)]
            print("RESULT " + json.dumps(result))
            sys.stdout.flush()
            self.stop()

    FitApp().run()
    """
)


def test_fitted_text_never_breaks_a_word_and_the_check_reports_one_that_is(xvfb_display: str, tmp_path) -> None:
    environment = dict(os.environ, DISPLAY=xvfb_display)
    environment.pop("WAYLAND_DISPLAY", None)
    script = tmp_path / "fit_text.py"  # a file: Kivy's App looks for its source next to the class
    script.write_text(TEXT_FIT_SCRIPT, encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, str(script)], env=environment, capture_output=True, text=True, timeout=120, cwd=str(ROOT)
    )
    found = [line for line in completed.stdout.splitlines() if line.startswith("RESULT ")]
    assert found, completed.stdout[-2000:] + completed.stderr[-3000:]
    result = json.loads(found[-1][len("RESULT ") :])
    assert result["tried"] > 2000
    assert result["broken"] == []
    assert result["drawn_broken"] == []
    assert len(result["label_lines"]) == 2  # Kivy did break the plain label's word...
    split = [p for p in result["problems"] if p.startswith("word-split")]
    assert len(split) == 1 and "'Historique'" in split[0]  # ...and the check names it


#: Starts the real app with a broken card overlay and reports, once the start-up work is done, the notice shown,
#: the screen, the odds tables built and the thread that built them.
START_UP_SCRIPT = textwrap.dedent(
    """
    import json, sys, threading, time
    from companion.ui.launch import prepare_kivy
    prepare_kivy((800, 480), False, None)
    from kivy.clock import Clock
    from companion.games.thunderbirds import odds
    from companion.ui.app import CompanionApp
    from companion.games.thunderbirds.pack import ThunderbirdsPack

    warmed_on = []
    original = ThunderbirdsPack.warm_odds

    def recording_warm(self):
        warmed_on.append(threading.current_thread() is threading.main_thread())
        original(self)

    ThunderbirdsPack.warm_odds = recording_warm

    class Probe(CompanionApp):
        def on_start(self):
            super().on_start()
            self.began = time.monotonic()
            Clock.schedule_interval(self.poll, 0.1)

        def poll(self, _dt):
            done = warmed_on and self.worker.is_idle and self.pack.is_loaded
            if not done and time.monotonic() - self.began < 60:
                return True
            print("RESULT " + json.dumps({
                "notice": self.notice, "screen": self.screen_manager.current,
                "home_notice": self.screen_manager.get_screen("home").ids.recovery.text,
                "warmed_on_main": warmed_on, "levels": odds._level.cache_info().currsize}))
            sys.stdout.flush()
            self.stop()
            return False

    Probe(language="en").run()
    """
)


def test_start_up_names_a_broken_overlay_and_warms_the_odds_off_the_main_thread(xvfb_display: str, tmp_path) -> None:
    overlay = tmp_path / "data" / "overlay" / "thunderbirds"
    overlay.mkdir(parents=True)
    (overlay / "disasters.toml").write_text(
        '[[disaster]]\nid = "the-longest-day"\ndifficulty = "hard"\n', encoding="utf-8"
    )
    script = tmp_path / "start_up.py"
    script.write_text(START_UP_SCRIPT, encoding="utf-8")
    environment = dict(
        os.environ,
        DISPLAY=xvfb_display,
        COMPANION_DATA_DIR=str(tmp_path / "data"),
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "config"),
        KIVY_HOME=str(tmp_path / "kivy"),
    )
    environment.pop("WAYLAND_DISPLAY", None)
    completed = subprocess.run(
        [sys.executable, str(script)], env=environment, capture_output=True, text=True, timeout=120, cwd=str(ROOT)
    )
    found = [line for line in completed.stdout.splitlines() if line.startswith("RESULT ")]
    assert found, completed.stdout[-2000:] + completed.stderr[-3000:]
    result = json.loads(found[-1][len("RESULT ") :])
    assert result["screen"] == "home"
    assert "The Longest Day" in result["notice"]
    assert "The Longest Day" in result["home_notice"]  # and it stays on Home, after the notice has gone
    assert result["warmed_on_main"] == [False] and result["levels"] > 0
