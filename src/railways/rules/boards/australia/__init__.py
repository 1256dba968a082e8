"""Railways of Australia: five regions split by breaks of gauge, towns, the Bass Strait ferry,
Switch Tracks and the map's own cards (AU-*).

``plugin`` holds the plug-in the board's map.toml names (``australia``) and the map's two
modules (the base game's score track, the optional Rail Barons); ``regions`` the regions, the
board of a game and the gauge rule; ``state`` the towns; ``cards`` and ``barons`` the map's
Operations cards and optional Rail Barons.
"""

from railways.rules.boards.australia.plugin import Australia, BaseScoreTrack, OptionalBarons

__all__ = ["Australia", "BaseScoreTrack", "OptionalBarons"]
