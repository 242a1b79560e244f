"""What is installed and shipped: exactly the locked versions; the product without the test
tooling (the corpus generator)."""

import ast
import importlib.metadata
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO_ROOT = Path(__file__).resolve().parents[1]


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_nothing_in_the_product_imports_test_code():
    offenders = {
        str(path.relative_to(REPO_ROOT)): sorted(
            name for name in _imported_modules(path) if name.split(".")[0] == "po_ingest_tests"
        )
        for path in (REPO_ROOT / "po_ingest").rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}
    assert not (REPO_ROOT / "po_ingest" / "lib" / "corpus").exists()


def test_the_wheel_ships_the_product_and_no_corpus_or_tests(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), "."],
        cwd=REPO_ROOT,
        check=True,
    )
    (wheel,) = tmp_path.glob("po_ingest-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "po_ingest/lib/extraction/evaluate.py" in names
    assert "po_ingest/lib/store/migrations/versions/0001_initial.py" in names
    assert [n for n in names if "corpus" in n or n.startswith("po_ingest_tests/")] == []


def _locked(lock_file: str) -> dict[str, str]:
    """name -> version of every package the lock installs on this interpreter."""
    pins = {}
    for line in (REPO_ROOT / lock_file).read_text().splitlines():
        if line[:1].isalpha():
            requirement = Requirement(line.removesuffix("\\").strip())
            if requirement.marker is None or requirement.marker.evaluate():
                (spec,) = requirement.specifier
                pins[canonicalize_name(requirement.name)] = spec.version
    return pins


def test_the_environment_is_exactly_the_lock():
    """What `make test` installed equals requirements-dev.lock (pip freeze's view: the
    installer's own pip and setuptools aside), so a clone next month tests the same code."""
    installed = {
        canonicalize_name(dist.metadata["Name"]): dist.version
        for dist in importlib.metadata.distributions()
    }
    for own in ("po-ingest", "pip", "setuptools", "wheel"):
        installed.pop(own, None)
    assert installed == _locked("requirements-dev.lock")


def test_the_locks_agree_and_satisfy_pyproject():
    product, dev = _locked("requirements.lock"), _locked("requirements-dev.lock")
    assert {name: dev.get(name) for name in product} == product
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    wanted = [
        *project["dependencies"],
        *(d for extra in project["optional-dependencies"].values() for d in extra),
    ]
    stale = []
    for spec in wanted:
        requirement = Requirement(spec)
        locked = dev.get(canonicalize_name(requirement.name))
        if locked is None or locked not in requirement.specifier:
            stale.append(f"{spec} (locked: {locked})")
    assert stale == [], "pyproject.toml changed without `make lock`"
