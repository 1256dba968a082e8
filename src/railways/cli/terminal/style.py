"""Colours and symbols of the terminal game, in one place."""

from __future__ import annotations

# Player colours avoid the goods colours (red, yellow, blue, purple, black) so track and
# cities never look alike.
PLAYER_COLORS = ("bright_cyan", "bright_green", "bright_magenta", "dark_orange", "white", "pink1")

# The Railbot of the solo game owns links under a negative id. Its track is drawn in a colour
# no player and no goods cube has, so it never looks like yours.
RAILBOT_SEAT = -1
RAILBOT_STYLE = "#d7af5f"
RAILBOT_TRACK = "bold grey11 on #d7af5f"  # on the board: dark track on a band of that colour

# Cities: the background is the city's colour.
CITY_STYLES = {
    "red": "bold bright_white on red3",
    "yellow": "bold black on yellow3",
    "blue": "bold bright_white on blue3",
    "purple": "bold bright_white on dark_violet",
    "black": "bold bright_white on grey11",
    "gray": "bold grey11 on grey62",
}

# Goods cubes: a coloured letter each (the letter helps colour-blind players).
CUBE_STYLES = {
    "red": "bold red1",
    "yellow": "bold yellow1",
    "blue": "bold dodger_blue1",
    "purple": "bold medium_purple1",
    "black": "bold grey70 on grey15",
    "gray": "grey62",
}
CUBE_LETTERS = {"red": "R", "yellow": "Y", "blue": "B", "purple": "P", "black": "K", "gray": "G"}

# Out-of-play cities of a solo game, and the land that stays closed until the west opens.
OUT_OF_PLAY_STYLE = "grey50 on grey19"
CLOSED_BG = "on grey15"
CLOSED_FG = "grey30"

# Terrain: colours of the 256-colour palette, so every terminal shows the same board. Open land
# keeps the terminal's own background (light or dark themes both work).
WATER_BG = "on #00005f"
OPEN_BG = ""
MOUNTAIN_BG = "on #875f00"
WATER_FG = "#5f87d7"
MOUNTAIN_FG = "#ffd7af"
OPEN_FG = "grey42"


def player_style(seat: int) -> str:
    if seat < 0:
        return RAILBOT_STYLE
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def money(amount: int) -> str:
    """Money is counted in $1,000s, as on the board."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount)}k"


def bonds_needed(cost: int, cash: int, bond_value: int) -> int:
    """How many bonds paying ``cost`` would force (RW-p4-23)."""
    if cost <= cash:
        return 0
    return -(-(cost - cash) // bond_value)
