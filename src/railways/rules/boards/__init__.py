"""The rules modules of the boards: one module a board (or a family of boards).

Each module defines a :class:`~railways.core.plugins.Plugin` and registers it with
:func:`railways.rules.registry.register_plugin`; a map names it by id in the
``rulesets`` list of its ``map.toml``. Every module here is found and imported by
the registry, so adding a board needs no list to be edited.
"""
