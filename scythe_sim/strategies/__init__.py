"""Strategies: njit choosers that read the state and answer one decision at a time.

``choose(strategy_id, s, t, seat, actions, n, params, rng) -> index in [0, n)``;
strategies never write the state. Each seat's randomness comes from its own row of
``rng`` (seeded from the game seed), never from the game's stream.
"""
STRATEGIES = ("random",)
STRATEGY_RANDOM = 0
N_STRATEGY_PARAMS = 16   # width of the per-strategy float parameter rows


def strategy_id(name: str) -> int:
    from ..errors import ConfigError

    key = str(name).strip().lower()
    if key not in STRATEGIES:
        raise ConfigError(f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")
    return STRATEGIES.index(key)
