"""Optional modules and variants of the compendium (pp. 6-8), each a plug-in chosen by id.

A game names its modules in ``options["modules"]`` (so the record carries them); the
registry imports every module of this package, and ``railways.rules.new_game`` adds the
chosen ones to the ruleset. Each is a :class:`~railways.rules.modules.base.Module`: a
``Plugin`` with a title, a one-line summary, the clauses it implements, the modules it
cannot be combined with and, for those that change the turn, the steps of the turn it
replaces or wraps (``turn_steps``, see ``railways.core.turns``).
"""
