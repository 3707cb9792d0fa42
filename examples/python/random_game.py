"""The MILA `diplomacy` package's README example, run on diplo: only the import differs.

A game where every power plays random legal orders until Winter 1905 (MILA's example runs to
the end), exported in MILA's saved-game format. Run: python examples/python/random_game.py OUT
"""

import random
import sys

from diplo import Game, to_saved_game_format  # was: from diplomacy import Game; from diplomacy.utils.export import to_saved_game_format

# Creating a game
# Alternatively, a map_name can be specified as an argument. e.g. Game(map_name='pure')
game = Game(map_name="standard")
while not game.is_game_done and game.get_current_phase() != "S1906M":

    # Getting the list of possible orders for all locations
    possible_orders = game.get_all_possible_orders()

    # For each power, randomly sampling a valid order
    for power_name, power in game.powers.items():
        power_orders = [random.choice(possible_orders[loc]) for loc in game.get_orderable_locations(power_name)
                        if possible_orders[loc]]
        game.set_orders(power_name, power_orders)

    # Processing the game to move to the next phase
    game.process()

# Exporting the game to disk to visualize (game is appended to file)
to_saved_game_format(game, output_path=sys.argv[1] if len(sys.argv) > 1 else "game.json")
