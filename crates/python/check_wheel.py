"""Checks a built wheel of diplo (CI runs it on the wheel `maturin build` made): its metadata
carries the README as long description, the project's URLs and its licence; it holds the
native module, the Python package (`diplo.mila` included) and the typing files; and, installed
alone into a fresh folder, it imports and plays a phase (the native module exports
`PyInit__diplo`).

    python crates/python/check_wheel.py target/wheels/diplo-0.1.0-cp39-abi3-linux_x86_64.whl

Every problem found is printed; the exit status is 1 if there is any.
"""

import email
import pathlib
import subprocess
import sys
import tempfile
import zipfile

# What the wheel must hold (paths inside it), beside the native module.
FILES = [
    "diplo/__init__.py",
    "diplo/__init__.pyi",
    "diplo/py.typed",
    "diplo/mila/__init__.py",
    "diplo/mila/adjudication.py",
    "diplo/mila/history.py",
    "diplo/mila/map.py",
    "diplo/mila/orders.py",
    "diplo/mila/power.py",
    "diplo/mila/records.py",
    "diplo/mila/rules.py",
]

# The metadata fields that must be there, and a text each must contain.
FIELDS = {
    "Name": "diplo",
    "License": "MIT OR Apache-2.0",
    "Description-Content-Type": "text/markdown",
    "Requires-Python": ">=3.9",
}

PLAY = """
import diplo
assert diplo.__file__.startswith(sys.path[0]), diplo.__file__  # the wheel's, no other
g = diplo.Game()
g.set_orders("France", ["A PAR - BUR"])
g.process()
assert g.get_current_phase() == "F1901M", g.get_current_phase()
assert "A BUR" in g.get_units("France"), g.get_units("France")
from diplo.mila import Game
assert Game().get_current_phase() == "S1901M"
"""


def problems_of(wheel: pathlib.Path) -> list:
    problems = []
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        for f in FILES:
            if f not in names:
                problems.append(f"{wheel.name}: `{f}` missing")
        if not any(n.startswith("diplo/_diplo.") and n.endswith((".so", ".pyd")) for n in names):
            problems.append(f"{wheel.name}: the native module `diplo/_diplo.*.so` is missing")
        meta_name = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if meta_name is None:
            return problems + [f"{wheel.name}: no METADATA"]
        meta = email.message_from_bytes(z.read(meta_name))
    for field, text in FIELDS.items():
        if text not in (meta.get(field) or ""):
            problems.append(f"METADATA: `{field}` is {meta.get(field)!r}; expected {text!r}")
    urls = meta.get_all("Project-URL") or []
    for label in ("Homepage", "Repository", "Documentation", "Changelog"):
        if not any(u.startswith(label + ",") for u in urls):
            problems.append(f"METADATA: no `Project-URL: {label}, ...` (found {urls})")
    body = meta.get_payload() or ""
    if "# diplo for Python" not in body:
        problems.append("METADATA: the long description is not crates/python/README.md")
    return problems


def import_problems(wheel: pathlib.Path) -> list:
    with tempfile.TemporaryDirectory() as folder:
        with zipfile.ZipFile(wheel) as z:
            z.extractall(folder)
        run = subprocess.run(
            [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {folder!r})\n{PLAY}"],
            capture_output=True,
            text=True,
            cwd=folder,
        )
    if run.returncode != 0:
        return [f"{wheel.name}: installed alone, it does not play a phase:\n{run.stderr}"]
    return []


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    wheel = pathlib.Path(sys.argv[1])
    problems = problems_of(wheel) + import_problems(wheel)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"{wheel.name}: metadata, contents and import checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
