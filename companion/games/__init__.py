"""Game packs: the rules of each game system, on the engine core.

Each folder here is a pack (its `__init__.py` declares `INFO`). `SOURCES` names the families of games found
another way, each a "module:function" giving `(PackInfos, PackProblems)`: the kit's games, one per TOML file.
"""

SOURCES: tuple[str, ...] = ("companion.kit.catalogue:installed_kits",)
