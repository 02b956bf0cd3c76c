"""The arrows between modules, read from the source (no module is imported): no module imports another that
imports it back, however long the way round, and the lights and buttons never read the config file.

Every import a module runs counts, at its top or inside a function (an import put off to a function is still an
arrow between the two files); only `if TYPE_CHECKING:` blocks, which never run, are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import companion

PACKAGE_ROOT = Path(companion.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE_ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under `node` that can run (the body of `if TYPE_CHECKING:` never does)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _run_imports_of(other)
            continue
        yield from _run_imports_of(child)


def _run_imports_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    yield from _run_imports(node)


def imported_by(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of `companion` that `name` imports: `from a import b` means the module `a.b` when there is
    one, else the module `a`."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _run_imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            anchor = ".".join(parts[: len(parts) - node.level + 1])
            base = f"{anchor}.{base}" if base else anchor
        for alias in node.names:
            found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {other for other in found if other in known and other != name}


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imported_by(name, path, known) for name, path in found.items()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(frozenset(group))
    return groups


def test_no_module_imports_one_that_imports_it_back() -> None:
    found = circles(import_graph())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(sorted(group)) for group in found)


def test_the_lights_and_buttons_never_read_the_config() -> None:
    graph = import_graph()
    readers = sorted(
        name
        for name, imported in graph.items()
        if name.startswith("companion.devices") and "companion.config" in imported
    )
    assert readers == []


def test_the_engine_names_no_kit_and_no_pack() -> None:
    """The engine finds games through discovery; it never names one (the kit included)."""
    graph = import_graph()
    named = sorted(
        f"{name} -> {other}"
        for name, imported in graph.items()
        if name.startswith("companion.engine")
        for other in imported
        if other.startswith(("companion.kit", "companion.games."))
    )
    assert named == []
    registry = (PACKAGE_ROOT / "engine" / "registry.py").read_text(encoding="utf-8")
    assert "companion.kit" not in registry


def test_the_graph_sees_a_circle_and_a_lazy_import() -> None:
    """The reader itself: a circle made of a top-level import and one inside a function is found, and an import
    under TYPE_CHECKING is not an arrow."""
    source = "if TYPE_CHECKING:\n    import companion.b\ndef f():\n    import companion.a\n"
    tree = ast.parse(source)
    assert [n.names[0].name for n in _run_imports(tree) if isinstance(n, ast.Import)] == ["companion.a"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]
