"""The terminal game: a text board, panels, prompts and the loop that plays a game.

Everything here reads the game through ``view_for`` (what a seat may see) and
``legal_actions`` (what it may do), and talks to the player through a
:class:`~railways.cli.terminal.io.Terminal`, whose console and input are
injectable so tests can drive a whole game.
"""
