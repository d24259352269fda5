"""All Out War's house rules (data/rules.toml [rules] says what each does): their names
and R_* indices into ``tables.rules``, in two blocks at fixed places of the rules array
(house_rules.py assembles the array from every variant's blocks and checks the places),
and the ranges that differ from a count's."""

# Its rules, after the base game's 14 (kernel/war/)
WAR_FIRST = 14
WAR_RULES = ("all_out_war", "war_divisions", "war_bonus_first", "war_bonus_second",
             "war_bonus_third", "war_bonus_popularity", "war_bonus_resources",
             "war_bonus_factory", "war_bonus_per_recruit", "war_deploy_batch",
             "war_points_to_win", "war_round_cap", "war_quiet_rounds", "war_cowinner",
             "war_gain_coins", "war_produce_cost", "war_produce_divisions", "war_mech_carry",
             "war_card_divisions", "war_power_factor", "war_capitulation_power_cap",
             "war_points_factory", "war_points_village", "war_points_other")
(R_ALL_OUT_WAR, R_WAR_DIVISIONS, R_WAR_BONUS_FIRST, R_WAR_BONUS_SECOND, R_WAR_BONUS_THIRD,
 R_WAR_BONUS_POPULARITY, R_WAR_BONUS_RESOURCES, R_WAR_BONUS_FACTORY, R_WAR_BONUS_PER_RECRUIT,
 R_WAR_DEPLOY_BATCH, R_WAR_POINTS_TO_WIN, R_WAR_ROUND_CAP, R_WAR_QUIET_ROUNDS, R_WAR_COWINNER,
 R_WAR_GAIN_COINS, R_WAR_PRODUCE_COST, R_WAR_PRODUCE_DIVISIONS, R_WAR_MECH_CARRY,
 R_WAR_CARD_DIVISIONS, R_WAR_POWER_FACTOR, R_WAR_CAPITULATION_POWER_CAP,
 R_WAR_POINTS_FACTORY, R_WAR_POINTS_VILLAGE, R_WAR_POINTS_OTHER) = range(WAR_FIRST, WAR_FIRST + len(WAR_RULES))

# All Out War with The Wind Gambit's airships (kernel/war/airship.py), after The Wind
# Gambit's rules
AIRSHIP_FIRST = 43
AIRSHIP_RULES = ("war_airship_carry", "war_airship_bombard_power", "war_airship_bombard_max",
                 "war_airship_destroy_margin")
(R_WAR_AIRSHIP_CARRY, R_WAR_AIRSHIP_BOMBARD_POWER, R_WAR_AIRSHIP_BOMBARD_MAX,
 R_WAR_AIRSHIP_DESTROY_MARGIN) = range(AIRSHIP_FIRST, AIRSHIP_FIRST + len(AIRSHIP_RULES))

# (first index, names) of each block, for house_rules.py
RULE_BLOCKS = ((WAR_FIRST, WAR_RULES), (AIRSHIP_FIRST, AIRSHIP_RULES))
