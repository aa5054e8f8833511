"""The layers of DESIGN.md: engines are pure rules, pictures know nothing of Discord or the
database, and nothing below the cogs needs Discord.

Each rule is checked twice: on the source (every import statement, wherever it sits in a file)
and at run time (importing the whole package in a fresh interpreter loads none of the
forbidden modules, which also catches an import through another module).
"""
from __future__ import annotations

import ast
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
