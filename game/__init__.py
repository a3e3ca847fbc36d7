"""The game of 6 Takes!, never drawn: the pure rules core in the modules at this level (standard library only),
with the computer players, the batched engine (numpy) and the adapters (bots, lab, tournament, cluster,
classroom, store) in the packages below it."""

from .players.agents import AGENT_KINDS, Agent, RandomAgent, make_agent
from .engine import (
    SEED_LIMIT,
    Deal,
    Game,
    Phase,
    Placement,
    PlayerView,
    Rule,
    deal_cards,
    new_seed,
    target_row,
)
from .errors import CardNotInHandError, IllegalActionError, InvalidRowError, OutOfTurnError
from .play import game_seed, make_agents, play_game, play_seeded_game
from .rules import CLASSIC, CODINGAME, PRESETS, ROW_LIMIT, ROWS, SNAP, Rules, rules_named

__all__ = [
    "AGENT_KINDS", "Agent", "RandomAgent", "make_agent",
    "SEED_LIMIT", "Deal", "Game", "Phase", "Placement", "PlayerView", "Rule",
    "deal_cards", "new_seed", "target_row",
    "CardNotInHandError", "IllegalActionError", "InvalidRowError", "OutOfTurnError",
    "game_seed", "make_agents", "play_game", "play_seeded_game",
    "CLASSIC", "CODINGAME", "PRESETS", "ROW_LIMIT", "ROWS", "SNAP", "Rules", "rules_named",
]
