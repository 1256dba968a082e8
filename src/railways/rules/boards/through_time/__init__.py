"""Railways Through Time: eight era boards joined by time gates (TT-*, RW-p13, RW-p14).

``plugin`` holds the plug-in the board's map.toml names (``through_time``); ``eras`` the
era boards and how a game's board is cut from them; ``travel`` delivering through time;
``timelines`` the Time Lines; ``auction`` the turn.
"""

from railways.rules.boards.through_time.plugin import ThroughTime

__all__ = ["ThroughTime"]
