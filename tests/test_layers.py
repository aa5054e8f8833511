"""The layers of DESIGN.md: engines are pure rules, pictures know nothing of Discord or the
database, and nothing below the cogs needs Discord.

Each rule is checked twice: on the source (every import statement, wherever it sits in a file)
and at run time (importing the whole package in a fresh interpreter loads none of the
forbidden modules, which also catches an import through another module).
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = {"engine", "render", "store", "matches", "tournaments", "cogs", "bot"}

# package -> top-level modules it must not import
FORBIDDEN = {
    "engine": {"discord", "aiosqlite", "PIL", "asyncio"} | (PROJECT - {"engine"}),
    "render": {"discord", "aiosqlite", "asyncio", "cogs", "bot"},
    "matches": {"discord", "cogs", "bot"},
    "store": {"discord", "cogs", "bot"},
    "tournaments": {"discord", "cogs", "bot"},
}
# a file or package that breaks its rule today -> why (its case is an expected failure until fixed)
KNOWN: dict[str, str] = {}


def imported(path: Path) -> set[str]:
    """Top-level names of every absolute import in a file (relative ones stay in the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and _is_import_call(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                out.add(first.value.split(".")[0])
    return out


def _is_import_call(func) -> bool:
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in ("import_module", "__import__")


def files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def expected(name: str):
    reason = KNOWN.get(name)
    return pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=reason)] if reason else [])


FILES = [expected(path.relative_to(ROOT).as_posix()) for package in FORBIDDEN for path in files(package)]


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_every_package_has_files_to_check(package):
    # a moved package would make the checks below pass by checking nothing
    assert files(package), package


@pytest.mark.parametrize("rel", FILES)
def test_no_forbidden_import_in_the_source(rel):
    package = rel.split("/")[0]
    bad = sorted(imported(ROOT / rel) & FORBIDDEN[package])
    assert not bad, f"{rel} imports {bad}; {package}/ must not import {sorted(FORBIDDEN[package])}"


def imports_cleanly(package: str, banned: set[str]) -> subprocess.CompletedProcess:
    """Import every module of `package` in a fresh interpreter; it fails if one of `banned` got loaded."""
    code = ("import importlib, pkgutil, sys\n"
            f"package = importlib.import_module({package!r})\n"
            f"for info in pkgutil.walk_packages(package.__path__, {package + '.'!r}):\n"
            "    importlib.import_module(info.name)\n"
            f"loaded = sorted(m for m in {sorted(banned)!r} if m in sys.modules)\n"
            "assert not loaded, loaded\n")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("package", [expected(p) for p in sorted(FORBIDDEN)])
def test_importing_a_package_loads_nothing_forbidden(package):
    libraries = {m for m in FORBIDDEN[package] if m not in PROJECT}
    run = imports_cleanly(package, libraries)
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_run_time_check_can_fail():
    run = imports_cleanly("render", {"PIL"})
    assert run.returncode != 0 and "PIL" in run.stderr


def test_the_match_service_runs_without_discord():
    run = subprocess.run([sys.executable, "-c", "import sys, matches.service\n"
                          "assert 'discord' not in sys.modules, 'discord loaded'"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_import_reader_sees_every_kind_of_import(tmp_path):
    # the checks above are only as good as this reader
    sample = tmp_path / "sample.py"
    sample.write_text("import os.path\nfrom discord import ui\nfrom . import sibling\n"
                      "def f():\n    import asyncio\n    return importlib.import_module('PIL.Image')\n"
                      "if TYPE_CHECKING:\n    from aiosqlite import Connection\n")
    assert imported(sample) == {"os", "discord", "asyncio", "PIL", "aiosqlite"}


# --------------------------------------------------------------------------- import cycles

SOURCES = ("engine", "render", "matches", "store", "tournaments", "cogs", "i18n", "bench")
SINGLE = ("bot.py", "sandbox.py")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found = {module_name(p): p for package in SOURCES for p in files(package)}
    found.update({module_name(ROOT / name): ROOT / name for name in SINGLE})
    return found


def module_imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules a module imports anywhere in it (inside functions too: an import
    put in a function to dodge a cycle is still an arrow of it), relative ones resolved; a
    name imported from a package counts as its submodule when there is one."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in run_time_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                       for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not (name.startswith(target + ".") and target == package):
                out.add(target)
    return out


def run_time_nodes(tree: ast.AST):
    """Every node but those under `if TYPE_CHECKING:` (annotations only: never imported)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                todo.extend(child.orelse)
                continue
            todo.append(child)


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    known = set(modules)
    return {name: module_imports(name, path, known) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    import sys as _sys
    _sys.setrecursionlimit(max(_sys.getrecursionlimit(), 10000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_between_modules():
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_reads_relative_and_function_imports(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def f():\n    from .a import x\n    from pkg import c\n"
                                  "if TYPE_CHECKING:\n    from pkg import d\n")
    (package / "d.py").write_text("")
    (package / "c.py").write_text("")
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"}
    assert module_imports("pkg.a", package / "a.py", known) == {"pkg.b"}
    assert module_imports("pkg.b", package / "b.py", known) == {"pkg.a", "pkg.c"}


# Pictures draw what the views carry: a renderer may read the engine's texts and contract
# types, and a game's static component data, never its rule modules.
RENDER_MAY_IMPORT = re.compile(r"engine(\.text|\.base|\.[a-z_]+\.data)?$")


def renderer_rule_imports() -> list[tuple[str, str]]:
    graph = import_graph()
    return sorted((name, target) for name, targets in graph.items() if name.startswith("render")
                  for target in targets if target.startswith("engine") and not RENDER_MAY_IMPORT.match(target))


def test_no_renderer_imports_an_engines_rule_module():
    bad = [f"{name} imports {target}" for name, target in renderer_rule_imports()]
    assert not bad, "\n".join(bad)


# --------------------------------------------------------------------------- the contract, as declared

GAMES = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")
DECLARATION_LINES = 60


@pytest.mark.parametrize("game", GAMES)
def test_a_game_s_declaration_reads_like_a_table_of_contents(game):
    """engine/<game>/__init__.py declares the game with engine.base.declare in under 60 lines: the
    platform owns the apply guard and every hook's default, so nothing there only forwards calls."""
    path = ROOT / "engine" / game / "__init__.py"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) < DECLARATION_LINES, f"{path.name} of {game} has {len(lines)} lines"
    tree = ast.parse("\n".join(lines))
    assert not [n.name for n in tree.body if isinstance(n, ast.ClassDef)], "a class in the declaration"
    assert "declare(" in "\n".join(lines)


OPTIONAL_HOOKS = {"options", "refuse_options", "teams", "prompt", "moment", "windows", "quiet_pass",
                  "timeout_action", "first_player", "is_rated", "redeal", "asks_privately", "waiting_text",
                  "pass_action", "auto_pass_ok", "hand_content"}


def test_no_optional_hook_is_looked_up_by_name_outside_the_registries():
    """Every game is an engine.base.Game with every hook's default: only engine/base.py (the
    adapter for a test's small game) and the render registry ask whether a game has a hook."""
    allowed = {"engine/base.py", "render/registry.py"}
    found = []
    for package in ("cogs", "matches", "tournaments", "render", "engine", "bench"):
        for path in files(package):
            rel = path.relative_to(ROOT).as_posix()
            if rel in allowed:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("getattr", "hasattr") \
                        and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                        and node.args[1].value in OPTIONAL_HOOKS:
                    found.append(f"{rel}:{node.lineno} {node.args[1].value}")
    assert not found, found
