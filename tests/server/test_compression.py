"""A seat's state is large JSON: HTTP answers are gzipped when the client accepts it, and the
live connection offers permessage-deflate (``railways bench payload`` prints the sizes)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from railways.server.payload import measure
from server.helpers import create, humans


def test_the_state_is_gzipped_when_asked_and_plain_otherwise(client: TestClient) -> None:
    game = create(client, humans(4))
    url = f"/api/games/{game['id']}"
    token = game["seats"][0]["token"]
    zipped = client.get(url, params={"token": token}, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers.get("content-encoding") == "gzip"
    plain = client.get(url, params={"token": token}, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert zipped.json() == plain.json()  # httpx undoes the gzip; the content is the same
    assert len(plain.content) > 1024


def test_the_payload_measure_sizes_real_updates() -> None:
    sizes = measure("eastern-us", 3, seed=2, every=25)
    assert sizes.raw and len(sizes.raw) == len(sizes.gzip) == len(sizes.deflate)
    # A real update compresses: JSON of hexes and labels repeats itself a lot.
    assert all(z < r for z, r in zip(sizes.gzip, sizes.raw, strict=True))
    assert all(d < r for d, r in zip(sizes.deflate, sizes.raw, strict=True))
