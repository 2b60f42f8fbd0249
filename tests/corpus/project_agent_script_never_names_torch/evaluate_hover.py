# A rollout script that never names torch: it builds the project's agent,
# puts it in eval mode and runs episodes with it. It runs torch's modules all
# the same, so it is read, and its rollout runs with grad on.
import numpy as np

from agents.td import Agent

agent = Agent()
agent.load("hover.pt")
agent.eval_mode()
returns = []
for episode in range(20):
    obs, total = np.zeros(12), 0.0
    for step in range(500):
        action = agent.select_action(obs)  # expect: GG001
        obs = obs + 0.01 * np.resize(action, 12)
        total -= float(np.abs(obs).sum())
    returns.append(total)
print(np.mean(returns))
