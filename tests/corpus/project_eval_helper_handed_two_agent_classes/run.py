# One evaluation helper, handed an agent of either class. From the call that
# hands it the eager agent, its loop runs the actor with grad on: that call's
# path is the mistake, whatever the careful agent does on the other.
import numpy as np
import torch

import agents


def evaluate_policy(agent, episodes):
    returns = []
    for obs in episodes:
        returns.append(float(np.sum(agent.act(obs))))  # expect: GG001
    return float(np.mean(returns))


def main(episodes):
    torch.manual_seed(0)
    careful = agents.CarefulAgent(8, 2)
    eager = agents.EagerAgent(8, 2)
    print(evaluate_policy(careful, episodes))
    print(evaluate_policy(eager, episodes))
