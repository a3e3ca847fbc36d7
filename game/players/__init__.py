"""The computer players, as pure as the rules core: ``random`` and the factory of every kind
(:mod:`.agents`), ``heuristic`` (:mod:`.heuristic`), ``mc`` searching on the batched engine
(:mod:`.mc`, numpy) and their options (:mod:`.options`)."""
