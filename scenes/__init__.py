"""Scenes and drawing helpers for the 6 Takes! classroom simulator."""
