"""Scoring of the Rail Baron goals (RW-p19). A tie for a 'most' goal scores nothing (RW-p19-03)."""

from __future__ import annotations

from collections.abc import Callable

from railways.core.cards import BaronDef, BaronEffect
from railways.core.game import Game


def _param(baron: BaronDef, key: str) -> str:
    return str(baron.params.get(key, ""))


def strictly_best(
    game: Game, seat: int, measure: Callable[[int], int], lowest: bool = False
) -> bool:
    """Whether ``seat`` alone has the highest (or lowest) value of ``measure``."""
    mine = measure(seat)
    for other in range(game.n):
        if other == seat:
            continue
        theirs = measure(other)
        if (theirs <= mine) if lowest else (theirs >= mine):
            return False
    return True


def cities_connected(game: Game, seat: int) -> int:
    """Distinct cities at either end of the seat's complete links."""
    cities: set[str] = set()
    for link in game.own_links(seat):
        assert link.end is not None
        cities.update((link.start, link.end))
    return len(cities)


def longest_railroad(game: Game, seat: int) -> int:
    """Most links in one unbranched chain of the seat's own links (RW-p19-06).

    A chain visits each city at most once, except that it may end where it
    began (a closed loop counts every link in it); links between the same two
    cities are separate links. The search is exhaustive, which is fine for the
    few dozen links a player owns.
    """
    adjacency: dict[str, list[tuple[int, str]]] = {}
    for link in game.own_links(seat):
        assert link.end is not None
        adjacency.setdefault(link.start, []).append((link.id, link.end))
        adjacency.setdefault(link.end, []).append((link.id, link.start))
    best = 0

    def walk(start: str, city: str, seen: set[str], used: set[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for link_id, nxt in adjacency.get(city, ()):
            if link_id in used:
                continue
            if nxt == start:
                best = max(best, length + 1)  # the loop closes; the chain ends here
            elif nxt not in seen:
                seen.add(nxt)
                used.add(link_id)
                walk(start, nxt, seen, used, length + 1)
                used.remove(link_id)
                seen.remove(nxt)

    for start in adjacency:
        walk(start, start, {start}, set(), 0)
    return best


def tiles_owned(game: Game, seat: int) -> int:
    return sum(len(link.tiles) for link in game.state.links.values() if link.owner == seat)


class LinksFromCity(BaronEffect):
    """Points per own link touching a city, capped (RW-p19-11, RW-p19-12, RW-p19-04)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        city = _param(baron, "city")
        count = sum(1 for link in game.own_links(seat) if city in (link.start, link.end))
        cap = baron.params.get("cap")
        total = count * baron.points
        return min(total, cap) if isinstance(cap, int) else total


class _Strict(BaronEffect):
    lowest = False

    def measure(self, game: Game, seat: int) -> int:
        raise NotImplementedError

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        if strictly_best(game, seat, lambda s: self.measure(game, s), self.lowest):
            return baron.points
        return 0


class FewestBonds(_Strict):
    lowest = True

    def measure(self, game: Game, seat: int) -> int:
        return game.state.players[seat].bonds


class HighestEngine(_Strict):
    def measure(self, game: Game, seat: int) -> int:
        return game.state.players[seat].engine


class MostCities(_Strict):
    def measure(self, game: Game, seat: int) -> int:
        return cities_connected(game, seat)


class LongestRailroad(_Strict):
    def measure(self, game: Game, seat: int) -> int:
        return longest_railroad(game, seat)


class LargestRailroad(_Strict):
    def measure(self, game: Game, seat: int) -> int:
        return len(game.own_links(seat))


class MostMoney(_Strict):
    def measure(self, game: Game, seat: int) -> int:
        return game.state.players[seat].cash


class MostTiles(_Strict):
    def measure(self, game: Game, seat: int) -> int:
        return tiles_owned(game, seat)


class FirstToEngine(BaronEffect):
    """First to reach an engine level; revealed at once when it happens (RW-p19-19)."""

    def _first(self, game: Game, baron: BaronDef) -> int | None:
        level = baron.params.get("level", 6)
        assert isinstance(level, int)
        return game.state.first_engine.get(level)

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        return baron.points if self._first(game, baron) == seat else 0

    def after_upgrade(self, game: Game, seat: int, baron: BaronDef) -> None:
        if baron.reveal_early and self._first(game, baron) == seat:
            if not game.state.players[seat].baron_revealed:
                game.reveal_baron(seat)
                game.log(f"{game.seats[seat]} reveals Rail Baron {baron.name}")


class ConnectCities(BaronEffect):
    """The seat's own links join all the named cities (RW-p19-22, RW-p19-07)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        cities = [c for c in _param(baron, "cities").split(",") if c]
        if not cities:
            return 0
        return baron.points if all(c in game.network(seat, cities[0]) for c in cities) else 0


BARON_EFFECTS: dict[str, BaronEffect] = {
    "links_from_city": LinksFromCity(),
    "fewest_bonds": FewestBonds(),
    "highest_engine": HighestEngine(),
    "most_cities": MostCities(),
    "longest_railroad": LongestRailroad(),
    "largest_railroad": LargestRailroad(),
    "first_to_engine": FirstToEngine(),
    "most_money": MostMoney(),
    "most_tiles": MostTiles(),
    "connect_cities": ConnectCities(),
}
