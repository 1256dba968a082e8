"""A schemathesis run over the OpenAPI schema, against the real application and store:
no request may get a 5xx, and every answer must match what the schema says (its status,
content type, body and headers). Bounded: a fixed number of examples per operation and
derandomized (the same examples every run)."""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from railways.server import create_app
from railways.store import open_store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

# The schema is read when the tests are collected, so the app is made here, over a store
# in a folder of its own (removed when the module's tests are done). No rate limit: the
# fuzzer creates games as fast as it can on purpose.
_DATA = tempfile.TemporaryDirectory(prefix="railways-fuzz-")
APP = create_app(open_store(data_dir=Path(_DATA.name)), bot_delay=0, creates_per_minute=0)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _lifespan() -> Iterator[None]:
    with TestClient(APP):
        yield
    _DATA.cleanup()


@schema.parametrize()
@settings(
    max_examples=25,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_matches_its_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(
        checks=[
            schemathesis.checks.not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
            response_headers_conformance,
        ]
    )
