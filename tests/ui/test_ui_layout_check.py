"""The layout check on small widget trees in a real window: it names a button cut off by the edge of the window
or of a scrolling area with no bar, and a button out of sight in such an area (a scroll nobody would guess); a
screen where all is in sight, or whose list shows its bar, has no problem."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from companion.paths import ROOT

#: Runs in its own process with a real window: builds each tree, checks it, prints what the check found.
SCRIPT = textwrap.dedent(
    """
    import json, sys
    from companion.ui.launch import prepare_kivy
    prepare_kivy((800, 480), False, None)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.lang import Builder
    from kivy.properties import NumericProperty, StringProperty
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.floatlayout import FloatLayout
    from kivy.uix.scrollview import ScrollView
    from companion.paths import KV_DIR
    from companion.ui.fonts import register_fonts

    def button(key, **kwargs):
        from companion.ui.widgets.text import TouchButton
        return TouchButton(text=key, action_key=key, **{"size_hint": (None, None), "size": (160, 60), **kwargs})

    def in_sight(root):
        root.add_widget(button("a", pos=(20, 20)))
        root.add_widget(button("b", pos=(220, 20)))

    def cut_by_the_window(root):
        # "Leave the game" half below the bottom edge, in a layout taller than the window.
        box = BoxLayout(orientation="vertical", size_hint=(None, None), size=(200, 600), pos=(20, -120))
        box.add_widget(button("stay", size_hint=(1, 1)))
        box.add_widget(button("leave", size_hint=(1, 1)))
        root.add_widget(box)

    def list_of(scroll, keys):
        content = BoxLayout(orientation="vertical", size_hint_y=None, height=70 * len(keys), spacing=10)
        for key in keys:
            content.add_widget(button(key, size_hint=(1, None), height=60))
        scroll.add_widget(content)
        return scroll

    def cut_and_hidden_in_a_scroll(root):
        # Kivy's plain ScrollView: a bar 2 px wide, nearly transparent at rest. "show" fits, "hide" is cut by the
        # bottom edge, "play" is out of sight below it.
        scroll = ScrollView(size_hint=(None, None), size=(300, 100), pos=(20, 300), do_scroll_x=False)
        root.add_widget(list_of(scroll, ["show", "hide", "play"]))

    def a_list_that_shows_it_scrolls(root):
        from companion.ui.widgets.text import ListScroll
        # Its bar is seen at rest; "three" is cut by its edge, as the row a scroll brings in next.
        scroll = ListScroll(size_hint=(None, None), size=(300, 160), pos=(20, 100))
        root.add_widget(list_of(scroll, ["one", "two", "three", "four", "five", "six"]))

    def a_menu_that_nearly_fits(root):
        # A pop-up's list shows its bar, but five rows in room for four and a half: "leave the game" cut in half
        # should fit.
        from kivy.uix.modalview import ModalView
        from companion.ui.widgets.text import ListScroll
        popup = ModalView(size_hint=(None, None), size=(400, 360), auto_dismiss=False)
        scroll = ListScroll(size_hint=(None, None), size=(300, 300))
        popup.add_widget(list_of(scroll, ["adjust", "history", "settings", "help", "leave the game"]))
        popup.open(animation=False)
        root.popup = popup

    TREES = [in_sight, cut_by_the_window, cut_and_hidden_in_a_scroll, a_list_that_shows_it_scrolls,
             a_menu_that_nearly_fits]

    class CheckApp(App):
        font_body = NumericProperty(17)
        font_small = NumericProperty(13)
        font_title = NumericProperty(22)
        gap = NumericProperty(6)
        target = NumericProperty(47)
        language = StringProperty("en")

        def build(self):
            register_fonts()
            for kv in sorted((KV_DIR / "widgets").glob("*.kv")):
                Builder.load_file(str(kv))
            self.root_box = FloatLayout()
            self.found = {}
            self.trees = list(TREES)
            Clock.schedule_once(self.next_tree, 0)
            return self.root_box

        def next_tree(self, *_):
            self.root_box.clear_widgets()
            if getattr(self.root_box, "popup", None) is not None:
                self.root_box.popup.dismiss(animation=False)
            if not self.trees:
                print("RESULT " + json.dumps(self.found))
                sys.stdout.flush()
                self.stop()
                return
            tree = self.trees.pop(0)
            tree(self.root_box)
            Clock.schedule_once(lambda *_: self.check(tree.__name__), 0.3)

        def check(self, name):
            from companion.ui.layout_check import check_layout
            self.found[name] = [str(p) for p in check_layout(Window, target_px=40)]
            self.next_tree()

    CheckApp().run()
    """
)


def test_the_check_names_a_button_cut_off_and_one_only_a_scroll_nobody_would_guess_reaches(
    xvfb_display: str, tmp_path: Path
) -> None:
    environment = dict(os.environ, DISPLAY=xvfb_display, KIVY_HOME=str(tmp_path / "kivy"))
    environment.pop("WAYLAND_DISPLAY", None)
    script = tmp_path / "layout_check.py"  # a file: Kivy's App looks for its source next to the class
    script.write_text(SCRIPT, encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, str(script)], env=environment, capture_output=True, text=True, timeout=120, cwd=str(ROOT)
    )
    found = [line for line in completed.stdout.splitlines() if line.startswith("RESULT ")]
    assert found, completed.stdout[-2000:] + completed.stderr[-3000:]
    result = json.loads(found[-1][len("RESULT ") :])
    assert result["in_sight"] == []
    assert result["a_list_that_shows_it_scrolls"] == []  # rows cut and out of sight, and a bar that says so
    assert [p.split(":")[0] for p in result["cut_by_the_window"]] == ["outside"]
    assert "'leave'" in result["cut_by_the_window"][0]
    problems = result["cut_and_hidden_in_a_scroll"]
    assert sorted(p.split(":")[0] for p in problems) == ["clipped", "scroll"], problems
    clipped = next(p for p in problems if p.startswith("clipped"))
    assert "'hide'" in clipped and "bottom" in clipped
    menu = result["a_menu_that_nearly_fits"]
    assert len(menu) == 1 and menu[0].startswith("clipped") and "'leave the game'" in menu[0], menu
    scroll = next(p for p in problems if p.startswith("scroll"))
    assert "1 button(s)" in scroll and "'play'" in scroll
