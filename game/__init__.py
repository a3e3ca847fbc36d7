"""The 6 Takes! rules engine: pure Python, standard library only, no drawing."""

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
