"""The table on phones and on a TV: the spectator page, each seat's private page, and the server behind them.

Off by default (`[web] enabled`, docs/phones.md). Every view is fed by the pack contract alone: the spectator page
shows `table_lines(public_view(state))` and the public history labels, a seat's page adds that seat's
`secret_view`; nothing here knows a game. Observers only: the server reads positions the session published after
they were durable, and nothing it receives ever changes a game.
"""
