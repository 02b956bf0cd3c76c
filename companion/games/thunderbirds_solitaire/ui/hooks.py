"""The Solitaire pack's Kivy-side hooks (`companion.ui.pack_ui.PackUi`): its menu (the card editor and "What the
companion checks" among the shell's entries), the pop-up after an action, choosers (which chain to rescue, which
completed card you turned, where a pilot goes), a card's details with the player's own moves, the symbols picker,
and the question before the outcome is declared.

The player's own moves are not in `legal_actions`: they are checked by the rules here first (`send_checked`), and a
refusal is shown with the rules' reason instead of being sent.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.rules import check
from companion.locale import domain
from companion.ui.action_keys import act as act_key
from companion.ui.pack_ui import PackUi
from companion.ui.widgets.popups import PopupButton, PopupLine, show_popup

_, ngettext = domain("thunderbirds_solitaire")

#: Events the player already knows when they dealt the card themselves (they said what it was).
_TOLD_BY_THE_TABLE = (ev.ChainBegun, ev.CardTurned)


class SolitaireUi(PackUi):
    def __init__(self, app: Any, pack: Any) -> None:
        super().__init__(app, pack)
        self._symbols_popup: Any = None

    # --- after an action ---------------------------------------------------------------------------------------

    def after_action(self, snapshot: Any) -> None:
        """The pack's reveal, without what the player just said themselves (the card they turned and named)."""
        events = snapshot.events
        state = snapshot.state
        if state.setup.dealing == "table":
            events = tuple(event for event in events if not isinstance(event, _TOLD_BY_THE_TABLE))
        reveal = self.pack.reveal(events, self.pack.public_view(state))
        if reveal is not None:
            show_popup(
                reveal.title, list(reveal.lines), [PopupButton("reveal:ok", _("OK"), role="primary")], kind="reveal"
            )

    # --- open: keys --------------------------------------------------------------------------------------------

    def perform(self, what: str, argument: str | None) -> bool:
        app = self.app
        if what == "menu":
            self.show_menu()
        elif what == "home":
            app.leave_game()
        elif what == "rescue":
            if argument is None:
                self.choose_rescue()
            else:
                app.go("rescue", chain=argument)
        elif what == "turn-named":
            self.choose_named_card()
        elif what == "steps":
            self.show_steps()
        elif what == "symbols" and argument is not None:
            self.pick_symbols(argument)
        elif what == "declare" and argument in ("won", "lost"):
            self.ask_declare(argument)
        elif what == "pilot" and argument is not None:
            self.choose_pilot_place(argument)
        elif what == "card" and argument is not None:
            self.show_card(argument)
        elif what in self.pack.screens:
            app.go(what)
        else:
            return False
        return True

    def _state(self) -> Any:
        """The game as the shared screen may show it (the companion's deck order hidden)."""
        snapshot = self.app.controller.snapshot if self.app.controller else None
        return None if snapshot is None else self.pack.public_view(snapshot.state)

    def show_menu(self) -> None:
        app = self.app
        game = self._state() is not None
        choices = [
            PopupButton("open:rules", _("What the companion checks"), lambda: app.go("rules")),
            PopupButton("open:editor", _("Card editor: complete your box"), lambda: app.go("editor")),
        ]
        if game:
            choices.append(PopupButton("open:adjust", _("Adjust: the table is right"), lambda: app.go("adjust")))
        choices += [
            PopupButton("open:history", _("History: undo and redo"), lambda: app.go("history")),
            PopupButton("open:settings", _("Settings"), lambda: app.go("settings")),
            PopupButton("open:help", _("Help"), lambda: app.go("help")),
        ]
        if game:
            choices.append(PopupButton("open:home", _("Leave the game (it is saved)"), app.leave_game))
        show_popup(_("Menu"), [], [PopupButton("popup:cancel", _("Back to the game"))], kind="chooser", choices=choices)

    def show_steps(self) -> None:
        """The turn's steps in full (the rulebook's reminders), which the companion does not check."""
        from companion.games.thunderbirds_solitaire.checklist import TURN_STEPS

        app = self.app
        lines = [PopupLine(step.label()) for step in TURN_STEPS]
        lines.append(
            PopupLine(_("The companion does not check these steps: they are yours, with your rulebook."), "dim")
        )
        show_popup(
            _("Your steps in full"),
            lines,
            [
                PopupButton("open:rules", _("What the companion checks"), lambda: app.go("rules")),
                PopupButton("popup:close", _("Back to the game"), role="primary"),
            ],
        )

    # --- choosers ------------------------------------------------------------------------------------------------

    def choose_rescue(self) -> None:
        from companion.games.thunderbirds_solitaire.ui.presenters.table import rescuable_chains

        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        chains = rescuable_chains(snapshot.legal)
        choices = [
            PopupButton(f"rescue:chain:{n}", _("Chain {n}").format(n=n), partial(app.go, "rescue", chain=str(n)))
            for n in chains
        ]
        lines = [PopupLine(_("Only a chain whose cards' symbols are all known can be checked."), "dim")]
        show_popup(
            _("Rescue at which chain?"),
            lines,
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=choices,
        )

    def choose_named_card(self) -> None:
        from companion.games.thunderbirds_solitaire.words import card_name

        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        state = self.pack.public_view(snapshot.state)
        named = [a for a in snapshot.legal if isinstance(a, act.TurnCard) and a.card is not None]
        keys = [(act_key(a), card_name(state, a.card or "")) for a in named]
        choices = [PopupButton(key, name, partial(app.perform, key)) for key, name in keys]
        show_popup(
            _("Which card did you turn?"),
            [PopupLine(_("The cards you completed in the editor and have not turned yet."), "dim")],
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=choices,
        )

    def choose_pilot_place(self, pilot: str) -> None:
        from companion.games.thunderbirds_solitaire.ui.presenters.moves import pilot_moves
        from companion.games.thunderbirds_solitaire.words import pilot_name

        state = self._state()
        if state is None:
            return
        moves = pilot_moves(state, pilot)
        show_popup(
            _("Where is {pilot} now?").format(pilot=pilot_name(state, pilot)),
            [],
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=[PopupButton(m.key, m.label, self._sender(m.action)) for m in moves],
        )

    def show_card(self, card_id: str) -> None:
        from companion.games.thunderbirds_solitaire.ui.presenters.moves import card_details

        state = self._state()
        if state is None:
            return
        details = card_details(state, card_id)
        if details is None:
            return
        choices = []
        for m in details.moves:
            if m.action is None:
                choices.append(PopupButton(m.key, m.label, partial(self.app.perform, m.key)))
            else:
                choices.append(PopupButton(m.key, m.label, self._sender(m.action)))
        show_popup(
            details.title,
            list(details.lines),
            [PopupButton("popup:close", _("Close"))],
            kind="card",
            choices=choices,
        )

    def ask_declare(self, result: str) -> None:
        app = self.app
        key = act_key(act.DeclareOutcome("won" if result == "won" else "lost"))
        title = _("Declare the game won?") if result == "won" else _("Declare the game lost?")
        show_popup(
            title,
            [_("Only when your rulebook's conditions say so: the companion does not know them. Undo takes it back.")],
            [
                PopupButton("declare:keep", _("Keep playing")),
                PopupButton(f"declare:{result}:confirm", _("Declare it"), lambda: app.perform(key), role="danger"),
            ],
        )

    # --- the symbols picker --------------------------------------------------------------------------------------

    def pick_symbols(self, card_id: str) -> None:
        """The symbols printed on a card, as the player reads them, one tap each: sent as `SetSymbols`."""
        state = self._state()
        if state is None or state.card(card_id) is None:
            return
        card = state.card(card_id)
        picked: list[str] = list(card.symbols or ())
        self._picker(card_id, picked)

    def _picker(self, card_id: str, picked: list[str]) -> None:
        from companion.games.thunderbirds_solitaire.words import card_name, symbol_name

        state = self._state()
        if state is None:
            return
        shown = ", ".join(symbol_name(state, s) for s in picked) or _("none yet")

        def add(symbol: str) -> Callable[[], None]:
            return lambda: self._picker(card_id, [*picked, symbol])

        choices = [
            PopupButton(
                f"symbol:add:{s.id}",
                _("+ {symbol}").format(symbol=symbol_name(state, s.id)),
                add(s.id),
                closes=False,
            )
            for s in state.setup.facts.symbols
        ]
        choices.append(
            PopupButton("symbol:remove", _("Remove the last"), lambda: self._picker(card_id, picked[:-1]), closes=False)
        )
        lines = [
            PopupLine(_("In the order printed on the card: {symbols}").format(symbols=shown), "title"),
            PopupLine(
                _("A symbol missing here? Add it in the card editor first (it is used from the next game)."), "dim"
            ),
        ]
        title = _("Symbols of {card}").format(card=card_name(state, card_id))
        buttons = [
            PopupButton("popup:cancel", _("Cancel")),
            PopupButton(
                "symbol:save",
                _("Save these symbols"),
                self._sender(act.SetSymbols(card_id, tuple(picked))),
                role="primary",
            ),
        ]
        open_popup = self._symbols_popup
        if open_popup is not None and open_popup.parent is not None:
            open_popup.fill(title, lines, buttons, kind="chooser", choices=choices)  # the same pop-up, refilled
        else:
            self._symbols_popup = show_popup(title, lines, buttons, kind="chooser", choices=choices)

    # --- sending the player's own moves --------------------------------------------------------------------------

    def _sender(self, action: object) -> Callable[[], None]:
        """A button's action: the move sent, checked first."""

        def send() -> None:
            self.send_checked(action)

        return send

    def send_checked(self, action: object) -> bool:
        """Sends a move of the player's own once the rules accept it; a refusal is shown with its reason."""
        snapshot = self.app.controller.snapshot if self.app.controller else None
        if snapshot is None:
            return False
        reason = check(snapshot.state, action)
        if reason is not None:
            show_popup(_("Not possible"), [PopupLine(reason, "bad")], [PopupButton("popup:close", _("Close"))])
            return False
        return bool(self.app.send_action(action))
