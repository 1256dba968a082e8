"""Write docs/reference.md, the reference of the Python library, from its docstrings.

    python tools/api_reference.py            # print it
    python tools/api_reference.py --write    # rewrite docs/reference.md
    python tools/api_reference.py --check    # exit 1 if docs/reference.md is out of date

The sources are read with ``ast``, not imported: the page is the same whether the compiled
engine is built or not, and the optional extras (numpy, gymnasium, OpenSpiel) need not be
installed. SECTIONS names what a Python user touches; a module given with ``None`` has every
public function and class in it listed, so a new one appears here by itself.
tests/docs/test_reference.py keeps the page in step with the code.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PAGE = ROOT / "docs" / "reference.md"


@dataclass(frozen=True)
class Section:
    title: str
    module: str
    # The names to list, in this order; None: every public function and class, in source order.
    names: tuple[str, ...] | None = None


SECTIONS: tuple[Section, ...] = (
    Section("Starting a game", "railways.rules", ("new_game", "declared_options", "check_map")),
    Section("Solo games", "railways.rules.solo", ("new_solo_game", "SoloOptions")),
    Section("The game", "railways.core.game", ("Game", "Options")),
    Section("Legal actions", "railways.core.legal"),
    Section("Actions and their JSON form", "railways.core.actions"),
    Section("Refusals", "railways.core.errors"),
    Section("Views", "railways.core.view"),
    Section("Records", "railways.rules.records"),
    Section("The record format", "railways.core.record", ("GameRecord",)),
    Section("Determinization", "railways.core.determinize"),
    Section("Bots", "railways.bots", ("BOTS", "make_bot", "parse_spec", "entry_point")),
    Section("The bot protocol", "railways.bots.base"),
    Section("Action encoding", "railways.rl.encoding", ("ActionEncoding",)),
    Section("Observations", "railways.rl.observation", ("ObservationEncoding",)),
    Section("PettingZoo", "railways.rl.pettingzoo_env"),
    Section("Gymnasium", "railways.rl.gym_env"),
    Section("OpenSpiel", "railways.rl.openspiel_game", ("RailwaysGame", "RailwaysState")),
    Section("A policy as a bot", "railways.rl.policy"),
)

# A class's members to list, where not every public one defined in its body: Game has
# many that its plug-ins call, which a user of the library does not.
MEMBERS: dict[str, tuple[str, ...]] = {
    "railways.core.game.Game": (
        "board",
        "seats",
        "seed",
        "options",
        "actions",
        "state",
        "n",
        "to_act",
        "over",
        "apply",
        "play",
        "copy",
        "allows",
        "check",
        "undo_allowed",
        "city_name",
        "income",
        "own_links",
    ),
}


@dataclass(frozen=True)
class Entry:
    """One documented object: where it is, how it is called, and its docstring."""

    qualname: str
    heading: str
    signature: str
    doc: str | None
    # A class's data: (name with its type and default, what it holds or None).
    attributes: tuple[tuple[str, str | None], ...] = ()


def module_path(module: str) -> Path:
    base = SRC.joinpath(*module.split("."))
    package = base / "__init__.py"
    return package if package.exists() else base.with_suffix(".py")


def parse(module: str) -> tuple[ast.Module, list[str]]:
    text = module_path(module).read_text()
    return ast.parse(text), text.splitlines()


def public(name: str) -> bool:
    return not name.startswith("_")


def decorators(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> list[str]:
    return [ast.unparse(d) for d in node.decorator_list]


def parameter(arg: ast.arg, default: ast.expr | None, star: str = "") -> str:
    text = star + arg.arg
    if arg.annotation is not None:
        text += f": {ast.unparse(arg.annotation)}"
    if default is not None:
        text += f" = {ast.unparse(default)}" if arg.annotation else f"={ast.unparse(default)}"
    return text


def arguments(node: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[str]:
    """The parameters as written in the source, less self or cls."""
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    defaults += args.defaults
    out = [parameter(a, d) for a, d in zip(positional, defaults, strict=True)]
    if args.posonlyargs:
        out.insert(len(args.posonlyargs), "/")
    if method and "staticmethod" not in decorators(node):
        out = out[1:]
    if args.vararg is not None:
        out.append(parameter(args.vararg, None, "*"))
    elif args.kwonlyargs:
        out.append("*")
    out += [parameter(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    if args.kwarg is not None:
        out.append(parameter(args.kwarg, None, "**"))
    return out


def function_signature(
    node: ast.FunctionDef | ast.AsyncFunctionDef, prefix: str, method: bool
) -> str:
    returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
    params = arguments(node, method)
    line = f"{prefix}{node.name}({', '.join(params)}){returns}"
    if len(line) <= 92:
        return line
    inner = "".join(f"\n    {p}," for p in params)
    return f"{prefix}{node.name}({inner}\n){returns}"


def is_property(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(d in ("property", "cached_property") for d in decorators(node))


def trailing_comment(lines: list[str], node: ast.stmt) -> str | None:
    """The ``# ...`` after a one-line assignment: this project's way of saying what an
    attribute holds."""
    if node.end_lineno != node.lineno:
        return None
    line = lines[node.lineno - 1]
    match = re.search(r"\s#\s*(.+)$", line[node.end_col_offset or 0 :])
    return match.group(1).strip() if match else None


def field_doc(body: list[ast.stmt], index: int, lines: list[str]) -> str | None:
    """A field's docstring (a string right after it) or its trailing comment."""
    after = body[index + 1] if index + 1 < len(body) else None
    if (
        isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
    ):
        return after.value.value
    return trailing_comment(lines, body[index])


def class_fields(node: ast.ClassDef, lines: list[str]) -> list[tuple[str, str, str | None]]:
    """(name, annotation and default, doc) of each annotated field in the class body."""
    out = []
    for index, stmt in enumerate(node.body):
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            text = f"{stmt.target.id}: {ast.unparse(stmt.annotation)}"
            if stmt.value is not None:
                text += f" = {ast.unparse(stmt.value)}"
            out.append((stmt.target.id, text, field_doc(node.body, index, lines)))
    return out


def init_attributes(node: ast.ClassDef, lines: list[str]) -> dict[str, tuple[str, str | None]]:
    """``self.x = ...`` in ``__init__``: x -> (its annotation or "", its trailing comment)."""
    out: dict[str, tuple[str, str | None]] = {}
    for stmt in node.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            # self.x = x, x a parameter: x's annotation
            parameters = {
                a.arg: ast.unparse(a.annotation)
                for a in [*stmt.args.args, *stmt.args.kwonlyargs]
                if a.annotation is not None
            }
            for inner in ast.walk(stmt):
                target = getattr(inner, "target", None)
                targets = [target] if target is not None else getattr(inner, "targets", [])
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                        and t.attr not in out
                        and isinstance(inner, ast.stmt)
                    ):
                        annotation = (
                            ast.unparse(inner.annotation)
                            if isinstance(inner, ast.AnnAssign)
                            else ""
                        )
                        if annotation in ("", "Final"):  # self.x: Final = x: x's type
                            value = getattr(inner, "value", None)
                            annotation = parameters.get(ast.unparse(value) if value else "", "")
                        out[t.attr] = (annotation, trailing_comment(lines, inner))
    return out


def class_entries(module: str, node: ast.ClassDef, lines: list[str]) -> list[Entry]:
    """The class with its data (fields, attributes set in ``__init__``, properties) as a
    list, then an entry per method."""
    qualname = f"{module}.{node.name}"
    bases = ", ".join(ast.unparse(b) for b in node.bases)
    header = "".join(f"@{d}\n" for d in decorators(node))
    header += f"class {node.name}({bases})" if bases else f"class {node.name}"
    fields = {name: (text, doc) for name, text, doc in class_fields(node, lines)}
    methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for stmt in node.body:  # a property's setter comes after it: the first is the one shown
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            methods.setdefault(stmt.name, stmt)
    set_in_init = init_attributes(node, lines)
    wanted = MEMBERS.get(qualname)
    if wanted is None:
        names = [n for n in dict.fromkeys([*fields, *set_in_init, *methods]) if public(n)]
    else:
        names = list(wanted)
    attributes: list[tuple[str, str | None]] = []
    entries: list[Entry] = []
    for name in names:
        if name in fields:
            attributes.append(fields[name])
        elif name in methods and is_property(methods[name]):
            method = methods[name]
            kind = ast.unparse(method.returns) if method.returns else "Any"
            setter = f"{name}.setter" in {
                d for m in node.body if isinstance(m, ast.FunctionDef) for d in decorators(m)
            }
            text = f"{name}: {kind}" + ("" if setter else "  (read-only)")
            attributes.append((text, ast.get_docstring(method)))
        elif name in methods:
            method = methods[name]
            entries.append(
                Entry(
                    f"{qualname}.{name}",
                    f"{node.name}.{name}",
                    function_signature(method, f"{node.name}.", method=True),
                    ast.get_docstring(method),
                )
            )
        elif name in set_in_init:
            annotation, comment = set_in_init[name]
            attributes.append((f"{name}: {annotation}" if annotation else name, comment))
        else:
            raise SystemExit(f"{qualname} has no member {name!r} (MEMBERS in {__file__})")
    head = Entry(qualname, f"class {node.name}", header, ast.get_docstring(node), tuple(attributes))
    return [head, *entries]


def is_api(module: str, name: str) -> bool:
    """A function or class, defined in the module or re-exported by it."""
    node, _ = definition(module, name)
    return isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)


def top_level(tree: ast.Module) -> dict[str, ast.stmt]:
    """The module's own names, and those it re-exports (``import x as x``), in order."""
    out: dict[str, ast.stmt] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            for alias in stmt.names:
                if alias.asname == alias.name:
                    out[alias.name] = stmt
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out[stmt.name] = stmt
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            out[stmt.target.id] = stmt
        elif isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = stmt
    return out


def imported(tree: ast.Module) -> dict[str, str]:
    """Each name the module imports from another of the package -> that module."""
    return {
        alias.asname or alias.name: stmt.module
        for stmt in tree.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module and stmt.module.startswith("railways")
        for alias in stmt.names
    }


def definition(module: str, name: str) -> tuple[ast.stmt, list[str]]:
    """Where ``name``, as ``module`` offers it, is defined (following re-exports)."""
    tree, lines = parse(module)
    node = top_level(tree).get(name)
    if node is not None and not isinstance(node, ast.ImportFrom):
        return node, lines
    source = imported(tree).get(name)
    if source is None:
        raise SystemExit(f"{module} has no {name!r} (SECTIONS in {__file__})")
    return definition(source, name)


def section_entries(section: Section) -> list[Entry]:
    tree, _lines = parse(section.module)
    defined = top_level(tree)
    if section.names is None:
        names = [n for n in defined if public(n) and is_api(section.module, n)]
    else:
        names = list(section.names)
    entries: list[Entry] = []
    for name in names:
        node, lines = definition(section.module, name)
        if isinstance(node, ast.ClassDef):
            entries += class_entries(section.module, node, lines)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            entries.append(
                Entry(
                    f"{section.module}.{name}",
                    name,
                    function_signature(node, "", method=False),
                    ast.get_docstring(node),
                )
            )
        else:  # a constant: the comment above it says what it is
            entries.append(
                Entry(
                    f"{section.module}.{name}",
                    name,
                    ast.unparse(node).split("\n")[0][:100],
                    comment_above(lines, node),
                )
            )
    return entries


def comment_above(lines: list[str], node: ast.stmt) -> str | None:
    found: list[str] = []
    index = node.lineno - 2
    while index >= 0 and lines[index].lstrip().startswith("#"):
        found.insert(0, lines[index].lstrip()[1:].strip())
        index -= 1
    return " ".join(found) or None


def markdown(doc: str) -> str:
    """reST's ``code`` and :func:`name` as Markdown code."""
    doc = re.sub(r":(?:func|mod|class|meth|attr):`~?([^`]+)`", r"`\1`", doc)
    return doc.replace("``", "`")


def module_doc(module: str) -> str | None:
    tree, _ = parse(module)
    return ast.get_docstring(tree)


def entries() -> list[Entry]:
    return [e for section in SECTIONS for e in section_entries(section)]


def render() -> str:
    out = [
        "# The Python library: reference",
        "",
        "<!-- Generated by tools/api_reference.py from the docstrings: do not edit by hand.",
        "     `python tools/api_reference.py --write` rewrites it. -->",
        "",
        "What a Python user of railways touches, from the docstrings in `src/`. A tutorial is in",
        "`docs/library.md`; the research environments are explained in `docs/rl.md` and the",
        "bots in `docs/bots.md`. The `railways.rl` modules need the `rl` extra",
        "(`pip install 'railways[rl]'`), OpenSpiel's also `open_spiel`. A name without a",
        "docstring yet says so.",
        "",
        "## Contents",
        "",
    ]
    out += [f"- [{s.title}](#{anchor(s.title)}): `{s.module}`" for s in SECTIONS]
    for section in SECTIONS:
        out += ["", f"## {section.title}", "", f"`{section.module}`", ""]
        doc = module_doc(section.module)
        if doc:
            out += [markdown(doc), ""]
        for entry in section_entries(section):
            out += [f"### `{entry.heading}`", "", "```python", entry.signature, "```", ""]
            out += [markdown(entry.doc) if entry.doc else "*(no docstring yet)*", ""]
            if entry.attributes:
                out += [
                    f"- `{text}`" + (f": {markdown(doc)}" if doc else "")
                    for text, doc in entry.attributes
                ]
                out.append("")
    return "\n".join(out).rstrip() + "\n"


def anchor(title: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def main(argv: list[str]) -> int:
    text = render()
    if argv == ["--write"]:
        PAGE.write_text(text)
    elif argv == ["--check"]:
        if not PAGE.exists() or PAGE.read_text() != text:
            print(f"{PAGE.relative_to(ROOT)} is out of date: python tools/api_reference.py --write")
            return 1
    elif argv in ([], ["-"]):
        sys.stdout.write(text)
    else:
        print(__doc__)
        return 0 if argv in (["-h"], ["--help"]) else 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
