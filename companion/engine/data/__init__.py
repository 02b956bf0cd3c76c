"""The data toolkit every pack's loader, overlay and `check-data` are built on: problems naming the file, the line,
the entry and the field (`problems`); the shipped and the user's TOML files read and merged (`files`); the user's
overlay read, written and set aside (`overlay`); and the one `check-data` command (`check`)."""
