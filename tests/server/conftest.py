"""A server over a temporary SQLite store, driven in-process by FastAPI's TestClient."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from railways.server import create_app
from railways.store import open_store


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def client(data_dir: Path) -> Iterator[TestClient]:
    store = open_store(data_dir=data_dir)
    app = create_app(store, bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client
