"""The environments' observation spaces: the flat vector, or the structured arrays.

``observation_type="flat"`` (the default): ``{"observation": float32 vector,
"action_mask": int8 vector, "page": float32 [page]}`` (``page``: 0 on a position's first
page, k on the k-th page a section's "more" index opened: railways.rl.encoding.More).
``"dict"``: ``{"observation": {name: float32 array}, "action_mask": ..., "page": ...}``
with the arrays of ``ObservationEncoding.shapes`` (board planes per hex, per-seat rows,
phase, globals, cards, barons, Major Lines, plug-ins), the same numbers as the flat vector
cut into their shapes; ``ObservationEncoding.schema()`` names what each axis holds
(docs/rl.md).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from railways.core.game import Game
from railways.rl.observation import ObservationEncoding

OBS_BOUND = 1e6  # no count, score or sum of money in a game comes near it
OBSERVATION_TYPES = ("flat", "dict")


def check_observation_type(observation_type: str) -> None:
    if observation_type not in OBSERVATION_TYPES:
        raise ValueError(
            f"observation_type must be one of {', '.join(OBSERVATION_TYPES)}; "
            f"got {observation_type!r}"
        )


def _box(shape: tuple[int, ...]) -> spaces.Box:
    return spaces.Box(-OBS_BOUND, OBS_BOUND, shape, np.float32)


def observation_space(
    obs: ObservationEncoding, action_size: int, observation_type: str
) -> spaces.Dict:
    """The space of ``{"observation", "action_mask"}`` for the observation type."""
    check_observation_type(observation_type)
    inner: spaces.Space[Any]
    if observation_type == "flat":
        inner = _box((obs.size,))
    else:
        inner = spaces.Dict({name: _box(shape) for name, shape in obs.shapes.items()})
    return spaces.Dict(
        {
            "observation": inner,
            "action_mask": spaces.Box(0, 1, (action_size,), np.int8),
            "page": _box((1,)),
        }
    )


def make_observation(
    obs: ObservationEncoding,
    game: Game,
    seat: int,
    mask: npt.NDArray[np.int8],
    observation_type: str,
    page: int = 0,
) -> dict[str, Any]:
    """Seat ``seat``'s observation of ``game`` in the type's form, with ``mask`` and the
    number of the page open (0: the position's first)."""
    shown = np.array([page], dtype=np.float32)
    if observation_type == "flat":
        return {"observation": obs.observe(game, seat), "action_mask": mask, "page": shown}
    return {"observation": obs.observe_arrays(game, seat), "action_mask": mask, "page": shown}
