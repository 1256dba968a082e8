"""The Railbot: its deck, its row and the resolution of its cards (RB-044..047, RB-059..073).

The Railbot is part of the rules, not an AI. Every step is fixed by the rulebook; where the
rulebook leaves a choice to the player, the resolution stops at a *task* that waits for one
of the ``railbot_*`` actions (``actions.py``), and goes on when it comes. A choice with only
one possible answer is made at once.

Tasks are small dicts in ``SoloState.tasks`` (plain data, so records replay them):

- ``pair``: a Building Links pair of cities: build the cheapest path, or take a cube (RB-065);
- ``remove``: a cube to take from a city, among ``colors`` (RB-065), ``bonus`` +1 point;
- ``exhaust``: ``count`` cubes of ``color`` to take from cities of the player's choice (RB-071);
- ``claim_line``: the Railbot claims a Major Line (RB-072);
- ``duel_baron``: the Railbot claims a Duel Baron and its Opponent Effect acts (RB-076);
- ``taxation`` (RB-070), ``deadhead`` (RB-068), ``resolve_slot`` (Caleb V. Kranz, RB-029);
- ``any_cube``: a cube to take from ``city``, of the player's choice (becomes ``remove``);
- kinds of a board's own cards, which its solo hook makes and carries out
  (``SoloHook.card_tasks``, ``SoloHook.do_task``).
"""

from __future__ import annotations

import itertools

from railways.content.solo import CARD_KINDS, REMOVED_AT_SETUP, ROW_SIZE, RailbotCard, SoloMap
from railways.core.board import GOODS_COLORS, Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.track import CostRules, lay, plan_build
from railways.rules.solo.duel import PLAYER, unclaimed
from railways.rules.solo.hooks import Task, solo_hook
from railways.rules.solo.paths import cheapest_path, lane_cells
from railways.rules.solo.state import RAILBOT, SoloState, solo_map, solo_state

EVALUATION_SPREAD = 3  # Final Evaluation is mixed into three cards (RB-047, RB-099)


# -- set-up (RB-044..047, RB-021, RB-099) -------------------------------------------------------
def setup_deck(game: Game, smap: SoloMap, solo: SoloState, extra_removed: int) -> None:
    rng = game.state.rng
    cards = {c: card for c, card in smap.cards.items() if c not in smap.middle_cards}
    firsts = sorted(c for c in cards if cards[c].slot == 1)
    rng.shuffle(firsts)  # RB-044
    solo.removed = [firsts.pop() for _ in range(REMOVED_AT_SETUP)]
    row: list[str | None] = []
    set_aside: list[str] = []
    while len(row) < ROW_SIZE:  # RB-045 (the loader guarantees enough cards)
        card = firsts.pop()
        if cards[card].has("taxation") or cards[card].has("deadhead"):
            set_aside.append(card)  # dealt again later: it goes back into the deck
        else:
            row.append(card)
    solo.row = row
    deck = firsts + set_aside + sorted(c for c in cards if cards[c].slot != 1)
    rng.shuffle(deck)  # RB-046
    for _ in range(extra_removed):  # RB-021: before the Evaluation card goes in
        solo.removed.append(deck.pop())
    if smap.final_evaluation == "middle":  # RB-099
        low = max(0, len(deck) // 2 - 1)
    else:  # RB-047
        low = 0
    _insert_evaluation(game, smap, solo, deck, low)
    for card_id in smap.middle_cards:  # RB-103: last of all, about half-way down
        pos = len(deck) // 2
        deck.insert(pos, card_id)
        lo, hi = solo.evaluation_window  # Final Evaluation moves up if it lay above
        if pos <= lo:
            solo.evaluation_window = (lo + 1, hi + 1)
        elif pos <= hi:
            solo.evaluation_window = (lo, hi + 1)
    solo.deck = deck


def _insert_evaluation(
    game: Game, smap: SoloMap, solo: SoloState, deck: list[str], low: int
) -> None:
    """Mix Final Evaluation with the cards at ``low`` and above (the deck's bottom is index 0)."""
    spread = min(EVALUATION_SPREAD, len(deck) - low + 1)
    position = low + game.state.rng.below(spread)
    deck.insert(position, smap.final_evaluation_id)
    solo.evaluation_window = (low, low + spread - 1)


# -- the Railbot's turn (RB-059..063) ---------------------------------------------------------
def railbot_step(game: Game) -> bool:
    """Draw and resolve the Railbot's card; False while a choice of the player is awaited."""
    smap, solo = solo_map(game), solo_state(game)
    if not solo.deck:
        game.log("The Railbot deck is empty: the game ends as if Final Evaluation were drawn")
        _trigger_end(game)
        return True
    card_id = solo.deck.pop()  # RB-059
    game.state.reveals += 1  # a hidden card is shown: no undo past this point
    if solo_hook(game).card_drawn(game, card_id):
        # The board's appendix dealt with it (Mexico's Exhaust Purple, RB-105): another card
        # is drawn and play goes on.
        solo.discard.append(card_id)
        return railbot_step(game)
    if card_id == smap.final_evaluation_id:
        _final_evaluation(game, smap, solo)
        return run(game)  # a Black City may wait for the player's choice (RB-086)
    card = smap.cards[card_id]
    game.log(f"The Railbot draws {describe(card, solo.bottom_half, game)}: slot {card.slot} acts")
    solo.drawn = card_id
    solo.resolving = True
    slot = card.slot - 1  # RB-060
    target = solo.row[slot] if slot < len(solo.row) else None
    if target is None:
        game.log(f"Slot {card.slot} of the Railbot row is empty: nothing is resolved")
    else:
        solo.row[slot] = None
        _resolve(game, target)
    return run(game)


def _final_evaluation(game: Game, smap: SoloMap, solo: SoloState) -> None:
    solo.evaluations += 1
    if solo.evaluations == 1 and smap.first_evaluation == "black_city":
        # RB-084, RB-086, RB-087: a Black City, then Final Evaluation back among the bottom
        # three cards; no Railbot card is resolved this turn.
        _insert_evaluation(game, smap, solo, solo.deck, 0)
        game.log(
            "Final Evaluation is drawn for the first time: the Railbot places a Black City, "
            "and the card goes back among the bottom three of the deck"
        )
        city = black_city_named(game)
        if city is not None:
            place_black_city(game, city)
        else:
            solo.tasks.append({"kind": "black_city"})
            solo.resolving = True  # the Railbot's turn waits for the player's choice
        return
    if solo.evaluations == 1 and smap.first_evaluation == "switch_halves":
        # RB-099: the lower chains from now on; Final Evaluation back into the bottom three.
        solo.bottom_half = True
        solo.west_open = True  # RB-100
        _insert_evaluation(game, smap, solo, solo.deck, 0)
        game.log(
            "Final Evaluation is drawn for the first time: the Railbot now builds the lower "
            "half of its cards, and the card goes back among the bottom three of the deck"
        )
        return
    game.log("Final Evaluation is drawn: finish this turn and play one more (RB-063)")
    _trigger_end(game)


def black_city_named(game: Game) -> str | None:
    """RB-086: the first available gray city named on the Railbot row's cards, left card first
    and each card from the top; available means still gray and without an Empty City Marker."""
    smap, solo, state = solo_map(game), solo_state(game), game.state
    for card_id in solo.row:
        if card_id is None:
            continue
        for city in smap.cards[card_id].chain(solo.bottom_half):
            if state.city_colors.get(city) is Color.GRAY and city not in state.ecm:
                return city
    return None


def black_city_choices(game: Game) -> list[str]:
    """RB-086: with no gray city on the row, any gray city without an Empty City Marker."""
    state = game.state
    return sorted(
        c for c, col in state.city_colors.items() if col is Color.GRAY and c not in state.ecm
    )


def place_black_city(game: Game, city: str) -> None:
    """Put a Black New City tile on a gray city: it becomes black; no cubes come with it."""
    state = game.state
    if state.new_city_tiles.get(Color.BLACK, 0) <= 0:
        game.log("No Black New City tile is left: the Railbot places no Black City")
        return
    state.new_city_tiles[Color.BLACK] -= 1
    state.city_colors[city] = Color.BLACK
    game.log(f"The Railbot places a Black City on {game.city_name(city)}")


def _trigger_end(game: Game) -> None:
    if game.state.end_trigger_turn is None:
        game.state.end_trigger_turn = game.state.turn  # RB-013, RB-063


def _resolve(game: Game, card_id: str) -> None:
    """Resolve a row card: its effect becomes tasks, unless it is insured (RB-062)."""
    smap, solo = solo_map(game), solo_state(game)
    card = smap.cards[card_id]
    if solo.insured == card_id:  # RB-062, RB-073, RB-078
        solo.insured = None
        solo.discard.append(card_id)
        game.log(f"{describe(card, solo.bottom_half, game)} is insured: it has no effect")
        return
    game.log(f"The Railbot resolves {describe(card, solo.bottom_half, game)}")
    tasks: list[Task] = []
    if card.kind == "links":  # RB-065, RB-066
        chain = card.chain(solo.bottom_half)
        for a, b in itertools.pairwise(chain):
            tasks.append({"kind": "pair", "a": a, "b": b})
    elif card.kind == "exhaust":  # RB-071
        assert card.color is not None
        tasks.append({"kind": "exhaust", "color": card.color.value, "count": solo.base_exhaust})
    elif card.kind not in CARD_KINDS:  # a kind of the board's own deck (its solo hook)
        tasks += solo_hook(game).card_tasks(game, card)
    for kind in card.kinds:  # a card may carry both (RB-058)
        if kind == "taxation":  # RB-070
            tasks.append({"kind": "taxation"})
        elif kind == "deadhead":  # RB-068
            tasks.append({"kind": "deadhead", "marker": card_id})
    tasks += solo_hook(game).card_icon_tasks(game, card)  # Mexico's purple cube icon (RB-105)
    if "major_line" in card.icons:  # RB-072
        tasks.append({"kind": "claim_line"})
    if "baron" in card.icons and solo.duel:  # RB-076; ignored without the variant
        tasks.append({"kind": "duel_baron"})
    if not card.has("deadhead"):  # a Deadhead card stays by the display as its marker
        solo.discard.append(card_id)
    solo.tasks[0:0] = tasks


def describe(card: RailbotCard, bottom_half: bool = False, game: Game | None = None) -> str:
    """A card in words: "Building Links New York/Philadelphia/Baltimore", "Exhaust Red"."""
    if card.kind == "links":
        chain = card.chain(bottom_half)
        names = [game.city_name(c) for c in chain] if game is not None else list(chain)
        return "Building Links " + "/".join(names)
    if card.kind == "exhaust":
        assert card.color is not None
        return f"Exhaust {card.color.value.title()}"
    if card.kind not in CARD_KINDS and game is not None:  # the board's own kind
        text = solo_hook(game).describe_card(game, card)
        if text is not None:
            return text
    return " and ".join(kind.title() for kind in card.kinds)


def run(game: Game) -> bool:
    """Carry out tasks until one needs the player's choice; True when all are done."""
    solo = solo_state(game)
    while solo.tasks:
        task = solo.tasks[0]
        if task["kind"] == "any_cube":  # a cube off ``city``, the player's choice of colour
            cubes = sorted({c.value for c in game.state.cubes[task["city"]]})
            if not cubes:
                game.log(f"{game.city_name(task['city'])} has no cube for the Railbot to take")
                solo.tasks.pop(0)
                continue
            task = {"kind": "remove", "city": task["city"], "colors": cubes, "bonus": False}
            solo.tasks[0] = task
        if choices(game, task) is not None:
            return False
        solo.tasks.pop(0)
        _do(game, task)
    if solo.resolving:
        # RB-060: slide the row left and put the drawn card on the right.
        solo.row = [c for c in solo.row if c is not None]
        if solo.drawn is not None:
            solo.row.append(solo.drawn)
        solo.drawn = None
        solo.resolving = False
    return True


def waiting(game: Game) -> Task | None:
    """The task that waits for the player's choice, if any."""
    solo = solo_state(game)
    if not solo.tasks:
        return None
    task = solo.tasks[0]
    if task["kind"] == "exhaust":  # asked at every check: counted, not listed (``choices``)
        return task if _exhaust_waits(game, Color(task["color"]), task["count"]) else None
    return task if choices(game, task) is not None else None


def _exhaust_waits(game: Game, color: Color, count: int) -> bool:
    """Whether an Exhaust Goods task of ``count`` cubes of ``color`` leaves the player a
    choice (``choices``: more than one city holds the colour and they hold more cubes of it
    than the card takes), counting only as far as the answer needs."""
    exempt = solo_hook(game).exhaust_spares(game)
    cities = total = 0
    for city, cubes in game.state.cubes.items():
        if color in cubes and city not in exempt:
            cities += 1
            total += cubes.count(color)
            if cities > 1 and total > count:
                return True
    return False


def choices(game: Game, task: Task) -> list[str] | None:
    """The answers a task waits for, or None when it can be carried out without a choice."""
    kind = task["kind"]
    if kind == "remove":
        colors: list[str] = task["colors"]
        return colors if len(colors) > 1 else None
    if kind == "exhaust":
        return _exhaust_choices(game, Color(task["color"]), task["count"])
    if kind == "claim_line":
        lines = open_lines(game)
        return lines if len(lines) > 1 else None
    if kind == "duel_baron":
        barons = unclaimed(game)
        return barons if len(barons) > 1 else None
    if kind == "black_city":
        cities = black_city_choices(game)
        return cities if len(cities) > 1 else None
    return None


def _exhaust_choices(game: Game, color: Color, count: int) -> list[str] | None:
    """The cities an Exhaust Goods task of ``count`` cubes of ``color`` lets the player
    choose from (``exhaustible``), or None: every cube of the colour goes, or they all come
    from one city. One pass over the cities (asked at each check of each answer)."""
    exempt = solo_hook(game).exhaust_spares(game)
    cities: list[str] = []
    total = 0
    for city, cubes in game.state.cubes.items():
        if color in cubes and city not in exempt:
            cities.append(city)
            total += cubes.count(color)
    if len(cities) <= 1 or total <= count:
        return None
    cities.sort()
    return cities


def exhaustible(game: Game, color: Color) -> list[str]:
    """Cities an Exhaust Goods card may take a ``color`` cube from (not those the board's
    appendix spares: Portugal's islands, RB-085)."""
    exempt = solo_hook(game).exhaust_spares(game)
    return sorted(c for c, cubes in game.state.cubes.items() if color in cubes and c not in exempt)


def open_lines(game: Game) -> list[str]:
    return sorted(lid for lid in game.board.major_lines if lid not in game.state.major_lines)


def _do(game: Game, task: Task) -> None:
    """Carry out a task that needs no choice (or whose choice was just made)."""
    kind = task["kind"]
    state, solo = game.state, solo_state(game)
    if kind == "pair":
        _pair(game, task["a"], task["b"])
    elif kind == "remove":
        if task["colors"]:
            take_cube(game, task["city"], Color(task["colors"][0]), task["bonus"])
    elif kind == "exhaust":
        color = Color(task["color"])
        left = task["count"]
        for city in exhaustible(game, color):
            while left and color in state.cubes[city]:
                take_cube(game, city, color, False)
                left -= 1
    elif kind == "claim_line":
        lines = open_lines(game)
        if lines:
            claim_line(game, lines[0])
    elif kind == "duel_baron":
        barons = unclaimed(game)
        if barons:
            claim_duel_baron(game, barons[0])
    elif kind == "black_city":
        cities = black_city_choices(game)
        if cities:
            place_black_city(game, cities[0])
    elif kind == "taxation":
        due = 2 * game.income(PLAYER)  # RB-070
        if due:
            game.pay(PLAYER, due, "taxation")
        paid = f"${due},000" if due else "nothing"
        game.log(f"Taxation: {game.seats[PLAYER]} pays {paid}, twice their income")
    elif kind == "deadhead":
        deadhead(game, task["marker"])
    elif kind == "resolve_slot":
        slot = task["slot"] - 1
        if slot < len(solo.row) and solo.row[slot] is not None:
            card_id = solo.row[slot]
            assert card_id is not None
            solo.row[slot] = None
            _resolve(game, card_id)
        else:
            game.log(f"Slot {task['slot']} of the Railbot row is empty")
    else:  # a task of the board's own cards
        solo_hook(game).do_task(game, task)


def answer(game: Game, task: Task, choice: str) -> None:
    """Carry out the waiting task with the player's choice, then go on resolving."""
    solo = solo_state(game)
    kind = task["kind"]
    if kind == "remove":
        solo.tasks.pop(0)
        take_cube(game, task["city"], Color(choice), task["bonus"])
    elif kind == "exhaust":
        take_cube(game, choice, Color(task["color"]), False)
        task["count"] -= 1
        if task["count"] <= 0:
            solo.tasks.pop(0)
    elif kind == "claim_line":
        solo.tasks.pop(0)
        claim_line(game, choice)
    elif kind == "duel_baron":
        solo.tasks.pop(0)
        claim_duel_baron(game, choice)
    elif kind == "black_city":
        solo.tasks.pop(0)
        place_black_city(game, choice)


# -- what the tasks do -------------------------------------------------------------------------
def take_cube(game: Game, city: str, color: Color, bonus: bool) -> None:
    """The Railbot removes a cube from a city (Building Links or Exhaust Goods)."""
    game.log(f"The Railbot removes a {color.value} cube from {game.city_name(city)}")
    game.take_cube(city, color)  # back to the bag; an emptied city gets its ECM (RB-066)
    solo_hook(game).cube_returned(game, color)  # Mexico's purple: beside the board (RB-102)
    state = game.state
    player = state.players[PLAYER]
    for card_id in player.kept:  # RB-009: a Hotel there pays a point
        card = game.card(card_id)
        if card.effect == "hotel" and card.params.get("city") == city:
            game.score(PLAYER, 1, card.name)
    for card_id in list(state.ops_display):  # RB-010: that city's Service Bounty goes
        card = game.card(card_id)
        if card.effect == "service_bounty" and card.params.get("city") == city:
            state.ops_display.remove(card_id)
            state.ops_discard.append(card_id)
            game.log(f"{card.name} is discarded: the Railbot took a cube there")
    if bonus:  # RB-065: every path between the two cities uses one of the player's links
        game.score(PLAYER, 1, "the Railbot used your links")


def claim_line(game: Game, line: str) -> None:
    game.state.major_lines[line] = RAILBOT  # RB-072: blocks it; the Railbot scores nothing
    game.log(f"The Railbot claims Major Line {line}")


def claim_duel_baron(game: Game, baron_id: str) -> None:
    """The Railbot claims a Duel Baron and its Opponent Effect acts (RB-076)."""
    solo, smap = solo_state(game), solo_map(game)
    baron = smap.duel_barons[baron_id]
    solo.duel_claims[baron_id] = RAILBOT
    game.log(f"The Railbot claims Duel Baron {baron.name}")
    params = baron.effect_params
    now: list[Task] = []
    if baron.effect == "taxation":
        now.append({"kind": "taxation"})
    elif baron.effect == "resolve_slot":
        slot = params.get("slot", 3)
        now.append({"kind": "resolve_slot", "slot": slot if isinstance(slot, int) else 3})
    elif baron.effect == "exhaust_each_color":
        count = params.get("count", 1)
        for color in GOODS_COLORS:
            now.append({"kind": "exhaust", "color": color.value, "count": count})
    elif baron.effect == "deadhead":
        now.append({"kind": "deadhead", "marker": baron_id})
    elif baron.effect == "claim_major_line":
        now.append({"kind": "claim_line"})
    elif baron.effect == "remove_new_cities":
        color = Color(str(params.get("color", "purple")))
        game.state.new_city_tiles[color] = 0
        game.log(f"The unused {color.value} New City tiles leave the game")
    # The other effects last for the rest of the game (looked up with duel.in_force).
    solo.tasks[0:0] = now


def deadhead(game: Game, marker: str) -> None:
    """One Operations slot fewer for good; the display may lose its farthest card (RB-068)."""
    solo = solo_state(game)
    solo.deadheads.append(marker)
    game.log("Deadhead: the Operations display holds one card fewer from now on")
    trim_display(game)


def display_capacity(game: Game) -> int:
    solo = solo_state(game)
    return max(0, solo.ops_limit - len(solo.deadheads))


def trim_display(game: Game) -> None:
    """Discard the cards farthest from the deck until the display fits (RB-052, RB-068)."""
    state = game.state
    while len(state.ops_display) > display_capacity(game):
        card_id = state.ops_display.pop(0)  # the display's first card is the farthest
        state.ops_discard.append(card_id)
        game.log(f"{game.card(card_id).name} is pushed off the Operations display")


# -- Building Links (RB-065, RB-066) -----------------------------------------------------------
def _pair(game: Game, a: str, b: str) -> None:
    name_a, name_b = game.city_name(a), game.city_name(b)
    if not connected(game, a, b, None):
        legs = cheapest_path(game, a, b)
        if legs is None:
            game.log(f"The Railbot cannot build from {name_a} to {name_b}")
            return
        for leg in legs:
            build_path(game, leg)
        return
    state = game.state
    cubes = state.cubes[a]
    if not cubes:
        game.log(f"{name_a} and {name_b} are connected, but {name_a} has no cube to take")
        return
    wanted = state.city_colors[b]
    if wanted in cubes:
        colors = [wanted.value]
    else:
        colors = sorted({c.value for c in cubes})
    bonus = not connected(game, a, b, RAILBOT)
    solo_state(game).tasks.insert(
        0, {"kind": "remove", "city": a, "colors": colors, "bonus": bonus}
    )


def connected(game: Game, a: str, b: str, owner: int | None) -> bool:
    """Whether complete links (of ``owner`` only, or anyone's) join cities a and b."""
    adjacency: dict[str, list[str]] = {}
    for link in game.state.links.values():
        if link.end is None or (owner is not None and link.owner != owner):
            continue
        adjacency.setdefault(link.start, []).append(link.end)
        adjacency.setdefault(link.end, []).append(link.start)
    seen = {a}
    todo = [a]
    while todo:
        here = todo.pop()
        if here == b:
            return True
        for nxt in adjacency.get(here, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def build_path(game: Game, path: tuple[Hex, ...]) -> None:
    """Lay one Railbot link along ``path`` (city to city), free of charge (RB-067)."""
    board, state = game.board, game.state
    try:
        plan = plan_build(board, state, RAILBOT, path, None, False, CostRules(max_tiles=len(path)))
    except IllegalAction as exc:  # only if the tile supply ran out
        game.log(f"The Railbot cannot lay that link: {exc}")
        return
    link = lay(state, plan, state.turn)
    assert link.end is not None
    game.log(
        f"The Railbot builds a link {game.city_name(link.start)} - {game.city_name(link.end)} "
        f"({len(plan.tiles)} tile{'' if len(plan.tiles) == 1 else 's'}, "
        f"${plan.cost},000 of track it does not pay for)"
    )
    solo_hook(game).railbot_builds(game, link)  # Australia: an unbuilt town it reaches (RB-095)
    lanes = lane_cells(game)
    if any(h in lanes for h, _a, _b in plan.tiles):
        # RB-083: the player's Capital Charters count the Railbot's links along a lane.
        player = state.players[PLAYER]
        for card_id in list(player.kept):
            card = game.card(card_id)
            if card.effect == "capital_charter":
                game.card_effect(card).after_build(game, RAILBOT, link, plan, card, PLAYER, False)
