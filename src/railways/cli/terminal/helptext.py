"""Help for the terminal game, in our own words (not the rulebook's)."""

from __future__ import annotations

from railways.core.board import Tables
from railways.core.cards import CardDef, Icon

OVERVIEW = """\
[bold]How a game goes[/bold]
You run a railroad. Each turn starts with an auction for first player, then everyone
takes three actions, one at a time, in turn order. After the third round you collect
income (from your score), pay ${dividend}k for every bond you have issued, and unfinished track
is taken away. When the last Empty City Marker is placed, one more full turn is played.
Points come from delivering goods, Major Lines, Operations cards and your secret Rail
Baron. Money is counted in thousands of dollars ($5k = $5,000).
If you cannot pay for something, bonds are issued for you: ${bond}k each, ${dividend}k a turn,
-1 point each at the end.

Type a command's letter or name at the action prompt. [bold]help build[/bold] (etc.) explains one.
Numbers pick from a list; [bold]b[/bold] or an empty line goes back."""

ACTIONS: dict[str, str] = {
    "build": """\
[bold]Build track[/bold] (one action): lay up to 4 tiles (more with some cards), starting at a
city or at the open end of your own unfinished link. Open hexes cost ${open}k, rivers
${water}k, mountains ${mountain}k, and crossing a ridge ${ridge}k more. Reaching another
city completes a [italic]link[/italic]; only complete links carry goods. An unfinished link
must be finished by the end of the turn or it is removed. Pick a candidate link from the
list (filter it by typing a city), or choose [bold]s[/bold] to lay tiles hex by hex, typing
coordinates like [bold]12,7[/bold].""",
    "deliver": """\
[bold]Deliver goods[/bold] (one action): move one cube from a city along complete links to the
nearest city of the cube's colour. The cube may travel as many links as your engine
level, must start on a link you own, and stops at the first city of its colour. Each
link's owner scores a point; that's how you gain points and, with them, income.""",
    "urbanize": """\
[bold]Urbanize[/bold] (one action, ${urbanize}k): turn a gray city into a coloured one with a
New City tile. Two random cubes are added to it, so it becomes a source and a destination.""",
    "upgrade": """\
[bold]Upgrade engine[/bold] (one action): raise your engine level by one, so cubes can travel
one more link. The price is the new level's cost (${engine2}k for level 2, then
${engine3}k, ${engine4}k, ...).""",
    "card": """\
[bold]Take an Operations card[/bold] (one action): take one card from the display. Cards with a
goal (green circle) cannot be taken: the first player to meet the goal scores it. Some
cards act at once, some you keep in hand to play later, some stay in front of you.""",
    "western": """\
[bold]Western Link[/bold] (one action, ${western}k): at a Western Link city you have a
completed link to, open the West: four red cubes arrive there, and red cubes carried from it to
Chicago bring two new cubes to Chicago. It also counts toward the New York - Kansas City
Major Line.""",
    "pass": """\
[bold]Pass[/bold]: give up this action. Useful when every action would cost more than it gains.""",
    "undo": """\
[bold]Undo[/bold]: take back your own last action, as long as nobody has acted since and it
drew nothing from the bag or a deck (auction bids are final).""",
    "save": """\
[bold]Save[/bold]: write the game to a file ([bold]save mygame.json[/bold]); continue it later
with [bold]railways play --load mygame.json[/bold].""",
    "bid": """\
[bold]Auction[/bold]: bid for first player. The winner pays their bid and acts first in every
round of this turn; if everyone passes, the next player in order goes first. Bids must
beat the high bid; you may pass, and once passed you are out of this auction.""",
    "baron": """\
[bold]Rail Baron[/bold]: a secret goal that scores at the end of the game. You were dealt
two; keep one. The others never see yours until it is revealed.""",
    "board": """\
[bold]Reading the board[/bold]: each hex is two characters; odd rows sit half a hex to the
right. Cities show a two-letter code on their colour (gray cities take no goods yet).
· open land  [#ffd7af on #875f00]^[/] mountain  [#5f87d7 on #00005f]~[/] river
─ ╱ ╲ │ track in its owner's colour  ↗ the open end of an unfinished link
W· a Western Link space (W═ once built, in the builder's colour).
Coordinates are row,col: rows down the left, columns across the top (tens over ones).""",
}

ALIASES = {
    "b": "build",
    "d": "deliver",
    "u": "urbanize",
    "e": "upgrade",
    "engine": "upgrade",
    "c": "card",
    "take": "card",
    "cards": "card",
    "w": "western",
    "p": "pass",
    "z": "undo",
    "s": "save",
    "auction": "bid",
    "map": "board",
}


def help_text(topic: str | None, tables: Tables, western_cost: int = 30) -> str | None:
    """The help for a topic (None: the overview), with this board's prices filled in."""
    if topic is None:
        text = OVERVIEW
    else:
        key = ALIASES.get(topic, topic)
        if key not in ACTIONS:
            return None
        text = ACTIONS[key]
    tc = tables.terrain_costs
    costs = tables.engine_costs
    return text.format(
        open=tc.open,
        water=tc.water,
        mountain=tc.mountain,
        ridge=tc.ridge,
        urbanize=tables.urbanize_cost,
        bond=tables.bond_value,
        dividend=tables.bond_dividend,
        engine2=costs.get(2, "?"),
        engine3=costs.get(3, "?"),
        engine4=costs.get(4, "?"),
        western=western_cost,
    )


def card_summary(card: CardDef, city_name: dict[str, str]) -> str:
    """What an Operations card does, in one short line."""
    p = card.params

    def num(key: str, default: int) -> int:
        value = p.get(key, default)
        return value if isinstance(value, int) else default

    city = city_name.get(str(p.get("city", "")), str(p.get("city", "")))
    effect = card.effect
    texts = {
        "passenger_lines": f"first to have delivered {num('colors', 4)} colours scores "
        f"{num('points', 4)}",
        "speed_record": f"first delivery over exactly {num('links', 3)} links scores "
        f"{num('points', 3)}",
        "railroad_era_begins": f"first delivery of the game scores {num('points', 1)}",
        "service_bounty": f"first delivery into {city} scores {num('points', 2)}",
        "city_growth": f"{num('cubes', 2)} random cubes go to a city you choose",
        "new_industry": "urbanize a gray city free, in a colour you choose",
        "land_grant": "play on a build: open-land tiles cost nothing",
        "perfect_engineering": f"once a turn, one build may lay {num('tiles', 5)} tiles",
        "hotel": f"you score 1 whenever anyone delivers to {city}",
        "railroad_executive": f"take {num('actions', 2)} more actions at once",
    }
    return texts.get(effect, effect.replace("_", " "))


ICON_LABELS = {
    Icon.GOAL: ("goal", "green"),
    Icon.IMMEDIATE: ("now", "red"),
    Icon.HAND: ("hand", "cyan"),
    Icon.INFINITY: ("keep", "yellow"),
    Icon.DIAMOND: ("keep", "magenta"),
}
