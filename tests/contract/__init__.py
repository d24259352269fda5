"""The contract every game and variant keeps (test_game_contract.py). A game joins by
registering its GameSpec (scythe_sim/runner/spec.py) and giving its test hooks here."""
