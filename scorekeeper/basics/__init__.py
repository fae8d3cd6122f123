"""Basics every layer may use: shipped folders, safe JSON, settings, days."""
