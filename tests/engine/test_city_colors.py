"""The cities' colours carry a stamp that every change renews (``core.city_colors``), and
the work kept under it (the gray cities, a delivery walk's colour bits) follows any change,
however it is written."""

from __future__ import annotations

import copy
import pickle

from railways.core.board import Color
from railways.core.city_colors import CityColors
from railways.core.delivery import IntGraph, city_index
from railways.core.legal import legal_actions, link_graph, sample_action
from railways.core.rng import Rng
from railways.rules import new_game


def _mid_game(seed: int = 3, actions: int = 120):  # type: ignore[no-untyped-def]
    game = new_game("eastern-us", players=3, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        seat = game.to_act
        assert seat is not None
        game.apply(sample_action(game, seat, rng))
    return game


def test_every_change_renews_the_stamp() -> None:
    colors = CityColors({"a": Color.GRAY, "b": Color.RED})
    seen = {colors.stamp}
    changes = [
        lambda: colors.__setitem__("a", Color.BLUE),
        lambda: colors.update(b=Color.GRAY),
        lambda: colors.setdefault("c", Color.BLACK),
        lambda: colors.pop("c"),
        lambda: colors.__ior__({"d": Color.YELLOW}),
        lambda: colors.__delitem__("d"),
        lambda: colors.popitem(),
        lambda: colors.clear(),
    ]
    for change in changes:
        change()
        assert colors.stamp not in seen
        seen.add(colors.stamp)


def test_a_copy_keeps_the_stamp_until_either_changes() -> None:
    colors = CityColors({"a": Color.GRAY})
    twin = colors.copy()
    assert twin == colors and twin.stamp == colors.stamp and twin is not colors
    twin["a"] = Color.RED
    assert colors["a"] is Color.GRAY and twin.stamp != colors.stamp
    colors["a"] = Color.RED  # the same contents again, yet a stamp of its own
    assert twin.stamp != colors.stamp


def test_pickles_and_deep_copies_get_a_stamp_of_their_own() -> None:
    colors = CityColors({"a": Color.GRAY})
    for made in (pickle.loads(pickle.dumps(colors)), copy.deepcopy(colors)):
        assert type(made) is CityColors and made == colors and made.stamp != colors.stamp


def test_a_game_state_and_its_copies_keep_stamped_colours() -> None:
    game = new_game("eastern-us", players=3, seed=1)
    colors = game.state.city_colors
    assert isinstance(colors, CityColors)
    twin = game.copy()
    assert isinstance(twin.state.city_colors, CityColors)
    assert twin.state.city_colors.stamp == colors.stamp


def test_gray_cities_follow_a_direct_write_and_a_plain_dict() -> None:
    game = _mid_game(actions=30)
    gray = game.gray_cities()
    city = gray[0]
    twin = game.copy()
    game.state.city_colors[city] = Color.BLUE  # as a test or plug-in writes it
    assert game.gray_cities() == tuple(c for c in gray if c != city)
    assert twin.gray_cities() == gray  # the copy's colours did not change
    game.state.city_colors = dict(game.state.city_colors)  # colours without a stamp
    assert game.gray_cities() == tuple(c for c in gray if c != city)
    game.state.city_colors[city] = Color.GRAY
    assert game.gray_cities() == gray


def test_colour_bits_follow_every_change() -> None:
    game = _mid_game()
    graph = IntGraph(link_graph(game), city_index(game.board))
    colors = game.state.city_colors
    city = graph.cities.names[0]
    own = colors[city]
    other = Color.RED if own is not Color.RED else Color.BLUE
    bits = graph.colors_of(colors, frozenset())[0]
    colors[city] = other
    assert graph.colors_of(colors, frozenset())[0] != bits
    plain = dict(colors)
    plain[city] = own
    assert graph.colors_of(plain, frozenset())[0] == bits
    assert graph.colors_of(colors, frozenset())[0] != bits


def test_listing_after_a_direct_recolouring_matches_a_fresh_game_state() -> None:
    game = _mid_game(actions=30)
    seat = game.to_act
    assert seat is not None
    legal_actions(game, seat)  # fill the kept deliveries and gray cities
    assert game.gray_cities()
    for city in game.gray_cities()[:3]:
        game.state.city_colors[city] = Color.PURPLE
    fresh = game.copy()
    fresh.state = fresh.state.copy()  # nothing kept: worked out afresh
    fresh.state.city_colors = dict(fresh.state.city_colors)
    assert legal_actions(game, seat).all() == legal_actions(fresh, seat).all()
