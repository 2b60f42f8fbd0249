import torch

from nets.agent import Agent


def evaluate(agent_path, episodes):
    agent = Agent()
    agent.eval()
    actions = []
    for obs in episodes:
        actions.append(agent.act(obs))
    return actions
