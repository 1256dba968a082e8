"""The ten Rail Barons of Nippon (RW-p20-43..53), both sides of every goal.

Positions are written into the state; the score is asked of the baron's effect as the engine
asks it at the end. Expected points are worked out by hand from the card.
"""

from __future__ import annotations

import pytest

from railways.core.board import Color
from railways.core.game import Game

from .helpers import baron_score, put_link, start


@pytest.fixture
def game() -> Game:
    g = start(players=3)
    g.state.links.clear()
    return g


@pytest.mark.rules("RW-p19-02", "RW-p16-05")
def test_the_deck_is_the_ten_nippon_barons(game: Game) -> None:
    names = {b.name for b in game.ruleset.barons.values()}
    assert names == {
        "Masaru Inoue",
        "Ichizo Kobayashi",
        "Shuzo Toyama",
        "Kaemon Takashima",
        "Keita Goto",
        "Kaichiro Nezu",
        "Keijiro Amemiya",
        "Noritsugu Hayakawa",
        "Hisanshige Tanaka",
        "Aensuke Osawa",
    }
    assert all(b.text for b in game.ruleset.barons.values())


@pytest.mark.rules("RW-p20-43", "RW-p19-03")
def test_masaru_inoue_most_cities_and_no_points_when_tied(game: Game) -> None:
    put_link(game, 0, "tokyo", "hanagawa")
    put_link(game, 0, "hanagawa", "yokohama")  # seat 0: three cities
    put_link(game, 1, "osaka", "kobe")  # seat 1: two
    assert baron_score(game, "masaru-inoue", 0) == 8
    assert baron_score(game, "masaru-inoue", 1) == 0
    put_link(game, 1, "kobe", "himeji")  # three each
    assert baron_score(game, "masaru-inoue", 0) == 0
    assert baron_score(game, "masaru-inoue", 1) == 0


@pytest.mark.rules("RW-p20-44", "RW-p20-45")
def test_ichizo_kobayashi_a_point_a_gray_city_eight_at_most(game: Game) -> None:
    # Gray cities on our board: Yuzawa, Aizu, Chosi, Mito, Matsumoto, Miyazu, Himeji,
    # Tottori, Miyazaki. Seat 0 reaches Himeji and Tottori, and red Osaka (no point).
    put_link(game, 0, "osaka", "himeji")
    put_link(game, 0, "himeji", "tottori")
    put_link(game, 1, "tokyo", "mito")  # another player's gray city
    assert baron_score(game, "ichizo-kobayashi", 0) == 2
    for a, b in [
        ("tottori", "miyazu"),
        ("tokyo", "chosi"),
        ("tokyo", "mito"),
        ("kofu", "matsumoto"),
        ("niigata", "aizu"),
        ("yamagata", "yuzawa"),
        ("kagoshima", "miyazaki"),
    ]:
        put_link(game, 0, a, b)
    # Nine gray cities reached: capped at 8.
    assert baron_score(game, "ichizo-kobayashi", 0) == 8


@pytest.mark.rules("RW-p20-44")
def test_an_urbanized_gray_city_no_longer_counts_as_gray(game: Game) -> None:
    put_link(game, 0, "osaka", "himeji")
    put_link(game, 0, "himeji", "tottori")
    game.state.city_colors["himeji"] = Color.BLUE  # a New City tile went on Himeji
    assert baron_score(game, "ichizo-kobayashi", 0) == 1
    assert baron_score(game, "keita-goto", 0) == 1  # and Himeji now counts as blue


@pytest.mark.rules("RW-p20-46", "RW-p19-04")
def test_shuzo_toyama_osaka_links(game: Game) -> None:
    put_link(game, 0, "osaka", "kobe")
    put_link(game, 0, "osaka", "kobe")  # two links to the same city both count
    put_link(game, 0, "nara", "osaka")
    put_link(game, 1, "osaka", "kyoto")  # not the holder's
    assert baron_score(game, "shuzo-toyama", 0) == 6
    put_link(game, 0, "osaka", "kyoto")
    put_link(game, 0, "osaka", "wakayama")
    assert baron_score(game, "shuzo-toyama", 0) == 8  # five links, 8 at most


@pytest.mark.rules("RW-p20-47", "RW-p19-03")
def test_kaemon_takashima_most_money(game: Game) -> None:
    for p, cash in zip(game.state.players, [40, 39, 2], strict=True):
        p.cash = cash
    assert baron_score(game, "kaemon-takashima", 0) == 8
    assert baron_score(game, "kaemon-takashima", 1) == 0
    game.state.players[1].cash = 40
    assert baron_score(game, "kaemon-takashima", 0) == 0


@pytest.mark.rules("RW-p20-48")
def test_keita_goto_a_point_a_blue_city(game: Game) -> None:
    put_link(game, 0, "tokyo", "yokohama")  # blue
    put_link(game, 0, "osaka", "kobe")  # blue
    put_link(game, 0, "kobe", "himeji")  # gray: nothing
    put_link(game, 0, "tsu", "nagoya")  # blue
    assert baron_score(game, "keita-goto", 0) == 3
    assert baron_score(game, "keita-goto", 1) == 0


@pytest.mark.rules("RW-p20-49", "RW-p19-03")
def test_kaichiro_nezu_fewest_bonds(game: Game) -> None:
    for p, bonds in zip(game.state.players, [0, 2, 1], strict=True):
        p.bonds = bonds
    assert baron_score(game, "kaichiro-nezu", 0) == 7
    assert baron_score(game, "kaichiro-nezu", 2) == 0
    game.state.players[2].bonds = 0
    assert baron_score(game, "kaichiro-nezu", 0) == 0


@pytest.mark.rules("RW-p20-50")
def test_keijiro_amemiya_a_point_a_purple_city(game: Game) -> None:
    put_link(game, 2, "kyoto", "osaka")  # Kyoto purple
    put_link(game, 2, "okayama", "takamatsu")  # Okayama purple
    put_link(game, 2, "takamatsu", "tokushima")  # Tokushima purple
    put_link(game, 2, "nagasaki", "fukuoka")  # Nagasaki purple
    assert baron_score(game, "keijiro-amemiya", 2) == 4
    assert baron_score(game, "keijiro-amemiya", 0) == 0


@pytest.mark.rules("RW-p20-51", "RW-p19-04")
def test_noritsugu_hayakawa_tokyo_links(game: Game) -> None:
    put_link(game, 1, "tokyo", "hanagawa")
    put_link(game, 1, "chosi", "tokyo")
    put_link(game, 1, "hanagawa", "yokohama")  # not a Tokyo link
    assert baron_score(game, "noritsugu-hayakawa", 1) == 4
    for city in ("mito", "utsunomiya", "maebashi"):
        put_link(game, 1, "tokyo", city)
    assert baron_score(game, "noritsugu-hayakawa", 1) == 8


@pytest.mark.rules("RW-p20-52", "RW-p19-03")
def test_hisanshige_tanaka_highest_engine_ties_only_at_eight(game: Game) -> None:
    players = game.state.players
    for p, level in zip(players, [6, 5, 5], strict=True):
        p.engine = level
    assert baron_score(game, "hisanshige-tanaka", 0) == 7
    players[1].engine = 6  # a tie at 6 is no good
    assert baron_score(game, "hisanshige-tanaka", 0) == 0
    players[0].engine = players[1].engine = 8  # a tie at 8 still scores
    assert baron_score(game, "hisanshige-tanaka", 0) == 7
    assert baron_score(game, "hisanshige-tanaka", 2) == 0


@pytest.mark.rules("RW-p20-53")
def test_aensuke_osawa_a_point_a_yellow_city(game: Game) -> None:
    put_link(game, 0, "tokyo", "hanagawa")  # Hanagawa yellow
    put_link(game, 0, "shizuoka", "hamamatsu")  # Shizuoka yellow
    put_link(game, 1, "nara", "osaka")  # another player's
    assert baron_score(game, "aensuke-osawa", 0) == 2
    assert baron_score(game, "aensuke-osawa", 1) == 1
