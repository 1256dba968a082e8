"""This project's docstrings for mkdocstrings (mkdocs.yml loads it as a griffe extension).

Two habits of the code, read the way the reference should show them:

- reST's ``code`` and roles such as :func:`name` become Markdown code spans;
- a field or ``self.x = ...`` without a docstring is described by the ``# comment`` at the
  end of its line, which is how this code says what an attribute holds.
"""

from __future__ import annotations

import ast
import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:func|mod|class|meth|attr|data|exc|obj):`~?([^`]+)`")
_COMMENT = re.compile(r"\s#\s*(.+)$")


def as_markdown(text: str) -> str:
    """``code`` and :func:`name` as Markdown's `code`."""
    return _ROLE.sub(r"`\1`", text).replace("``", "`")


def trailing_comment(line: str) -> str | None:
    """The comment that ends a line of code, if any (not a ``#`` inside a string)."""
    for match in _COMMENT.finditer(line):
        code = line[: match.start()]
        if code.count('"') % 2 == 0 and code.count("'") % 2 == 0:
            return match.group(1).strip()
    return None


class ProjectDocstrings(griffe.Extension):
    """Docstrings as Markdown; attributes described by their trailing comments."""

    def on_instance(
        self, *, node: ast.AST | griffe.ObjectNode, obj: griffe.Object, **kwargs: Any
    ) -> None:
        if obj.docstring is not None:
            obj.docstring.value = as_markdown(obj.docstring.value)

    def on_attribute_instance(
        self, *, node: ast.AST | griffe.ObjectNode, attr: griffe.Attribute, **kwargs: Any
    ) -> None:
        if attr.docstring is not None or attr.lineno is None or attr.lineno != attr.endlineno:
            return
        lines = attr.lines  # the attribute's own source line
        comment = trailing_comment(lines[0]) if lines else None
        if comment:
            attr.docstring = griffe.Docstring(as_markdown(comment), parent=attr)
