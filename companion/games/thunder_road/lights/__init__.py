"""Thunder Road's board lights (pure): whose turn, each team's cars, the round's three moves, the final tile."""
