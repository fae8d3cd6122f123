"""Pure ratings: OpenSkill's model over a group's games, families, balanced partners, handicaps."""
