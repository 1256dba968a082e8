"""Help for the terminal game, in our own words (not the rulebook's).

The base game's topics are written here. A map's own actions (plug-in kinds) get their
help made from what the kind says of itself (``KindInfo``) and the summary of its
clause; the map's special spaces are described from the map's data. A board's own topics,
and what it adds to the base game's, come from its help file (``railways.rules.help``).
Nothing here names a particular map's rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.markup import escape

from railways.content.rules import summary as clause_summary
from railways.core.board import Tables
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.kinds import KindInfo
from railways.rules.help import RulesHelp
from railways.rules.texts import card_text

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
{features}Solo games: the Railbot's track runs on a [bold grey11 on #d7af5f]tan band[/],
[grey50 on grey19]xx[/] is a city not in play,
[grey30 on grey15]shaded[/] land is closed to you for now.
Coordinates are row,col: rows down the left, columns across the top (tens over ones).""",
}

# -- the solo game (Rail Barons against the Railbot) -------------------------------------------
SOLO_OVERVIEW = """\
[bold]How a solo game goes[/bold] (you against the Railbot)
No auction and no secret Rail Baron: every turn is yours, and the Railbot answers through a
deck of cards. Each turn:
  1. you take two actions;
  2. the Railbot turns up its top card. The red number at its foot ([bold red]▸n[/] on screen)
     points at a slot of the Railbot's row of three cards: that card is carried out and
     discarded, the row closes up to the left, and the new card takes the free place on the right;
  3. you take your third action;
  4. income and bond interest as usual, then a new Operations card (the display has room for
     five at most, fewer after a Deadhead).
The Railbot has no money and no score. It lays free track between the cities its cards
name, takes goods away, taxes you and blocks Major Lines. Whenever its card leaves a choice
open (which cube, which city, which Major Line or Duel Baron), you are asked.
Carrying a cube over a Railbot link costs you a point for each such link.
Win by ending with at least the target score. The end comes one full turn after the Final
Evaluation card is turned up (or the Empty City Markers run out); in that last turn the
Railbot rests.
More: [bold]help railbot[/bold], [bold]help insure[/bold], [bold]help claim[/bold] (Duel Barons),
[bold]help board[/bold], and one per action ([bold]help build[/bold], ...)."""

SOLO_TOPICS: dict[str, str] = {
    "railbot": """\
[bold]The Railbot's cards[/bold]
[bold]links[/bold] A─B─C: for each two neighbours in the chain, if no track at all joins them
yet the Railbot lays the cheapest route between them, free. If they are joined already (by
anyone's track, through other cities too), it takes a cube from the first of the two: one of
the second city's colour if there is one, otherwise one you pick. If every way between them
runs over at least one of your links, you get a point.
[bold]exhaust[/bold] a colour ×n: n cubes of that colour leave the board; you pick the cities.
[bold]taxation[/bold]: you pay twice your income at once (bonds if you must).
[bold]deadhead[/bold]: the Operations display loses a place for the rest of the game.
[bold green]+line[/]: you pick an open Major Line for the Railbot; it scores nothing but you
can no longer take it.  [bold magenta]+baron[/]: you pick a Duel Baron for the Railbot, and its
effect turns against you (only with Duel Barons).
[dim]xx[/] marks a city that is not in play. What a board adds follows.""",
    "insure": """\
[bold]Insurance[/bold] ([bold]i[/bold], takes both of your first two actions): put your one
Insurance token on the Railbot card in slot 1 or 2 (never slot 3). When that card's turn
comes it does nothing at all - no building, no cube, no icon - and the token comes back to
you. Worth it against a Taxation, a Deadhead or a card that would hurt your plans.""",
    "claim": """\
[bold]Duel Barons[/bold] (play with [bold]--duel-barons[/bold]: four are dealt face up and the
target rises by 15). Each has a goal for you and an effect against you. As soon as you
meet a goal you may claim that Duel Baron for its points with [bold]k[/bold]: it costs no
action, and after your third action you get a last chance before the turn ends. When a
Railbot card with the baron mark is carried out you must hand one of the unclaimed Duel
Barons to the Railbot, and its effect acts against you - so claim early.""",
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
    "p": "pass",
    "z": "undo",
    "s": "save",
    "auction": "bid",
    "map": "board",
    "i": "insure",
    "insurance": "insure",
    "k": "claim",
    "duel": "claim",
    "barons": "claim",
    "bot": "railbot",
}

MULTIPLAYER_ONLY = ("bid", "baron")


def topics(
    solo: bool = False,
    kinds: Mapping[str, KindInfo] | None = None,
    rules: RulesHelp | None = None,
) -> list[str]:
    """The help topics of a game (solo games have no auction or Rail Baron, but the Railbot),
    with one topic per action kind of the map's own rules (``kinds``: kind id -> its info)
    and the topics of its plug-ins' help files (``rules``)."""
    extra = [*(kinds or {}), *(t for t in (rules.topics if rules else {}) if t not in ACTIONS)]
    if solo:
        base = [t for t in ACTIONS if t not in MULTIPLAYER_ONLY] + [*SOLO_TOPICS, "solo"]
        return sorted(base + extra)
    return sorted([*ACTIONS, *extra])


def kind_help(info: KindInfo, key: str | None = None) -> str:
    """Help for an action kind of a map's own rules, from what the kind says of itself."""
    title = escape(info.title)
    text = f"[bold]{title}[/bold] (one action)"
    if key:
        text += f", key [bold]{escape(key)}[/bold]"
    if info.summary:
        text += f": {escape(info.summary)}."
    rule = clause_summary(info.help)
    if info.help:
        text += f"\nRule {escape(info.help)}: {escape(rule) if rule else '(no summary)'}"
    text += (
        "\nChoose it in the action menu to see where it can be taken now and what each "
        "choice costs."
    )
    return text


def features_text(specials: Sequence[tuple[str, str]]) -> str:
    """The board help's line for the map's special spaces: (symbol, label) pairs."""
    lines = []
    for symbol, label in sorted(set(specials)):
        lines.append(
            f"{escape(symbol[:1])}· {escape(label)} (once a rule marks it: "
            f"{escape(symbol[:1])}═ in its owner's colour).\n"
        )
    return "".join(lines)


def help_text(
    topic: str | None,
    tables: Tables,
    solo: bool = False,
    kinds: Mapping[str, KindInfo] | None = None,
    keys: Mapping[str, str] | None = None,
    specials: Sequence[tuple[str, str]] = (),
    rules: RulesHelp | None = None,
) -> str | None:
    """The help for a topic (None: the overview), with this board's prices filled in.

    ``kinds`` are the map's own action kinds (kind id -> info) and ``keys`` their menu
    keys (key -> kind id): ``help <key>`` or ``help <kind>`` explains one. ``specials``
    are the board's special spaces as (symbol, label), for the board topic. ``rules`` is
    the help of the game's plug-ins: topics of their own, and paragraphs for the base
    game's topics.
    """
    kinds = kinds or {}
    rules = rules or RulesHelp()
    key: str | None = None
    if topic is None:
        text = SOLO_OVERVIEW if solo else OVERVIEW
    else:
        kind = (keys or {}).get(topic, topic)
        if kind in kinds and kind not in ACTIONS:
            return kind_help(
                kinds[kind], next((k for k, v in (keys or {}).items() if v == kind), None)
            )
        own = rules.topic(topic) if topic not in ALIASES and topic not in ACTIONS else None
        if own is not None:
            return f"[bold]{escape(own.title)}[/bold] (rule {escape(own.clause)})\n{own.text}"
        key = ALIASES.get(topic, topic)
        if key == "solo" and solo:
            text = SOLO_OVERVIEW
        elif key not in topics(solo):
            return None
        else:
            text = SOLO_TOPICS.get(key) or ACTIONS[key]
    tc = tables.terrain_costs
    costs = tables.engine_costs
    text = text.format(
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
        features=features_text(specials),
    )
    for addition in rules.additions.get(key or "", ()):
        text += f"\n{addition.text} [dim](rule {escape(addition.clause)})[/dim]"
    return text


def card_summary(
    card: CardDef, city_name: dict[str, str], effects: Mapping[str, CardEffect] | None = None
) -> str:
    """What an Operations card does, in one short line (the web page shows the same)."""
    return card_text(card, city_name, effects)


ICON_LABELS = {
    Icon.GOAL: ("goal", "green"),
    Icon.IMMEDIATE: ("now", "red"),
    Icon.HAND: ("hand", "cyan"),
    Icon.INFINITY: ("keep", "yellow"),
    Icon.DIAMOND: ("keep", "magenta"),
}
