import torch

from planners import greedy


def replay(states):
    planner = greedy.Planner()
    planner.eval()
    moves = []
    for state in states:
        moves.append(planner.decide(state))
    return moves
