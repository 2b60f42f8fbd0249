# Named like a pytest module, but a script: its __main__ block loads the
# agent, puts it in eval mode and rolls it out. No test function, no assert.
import numpy as np

from agents.td import Agent

if __name__ == "__main__":
    agent = Agent()
    agent.load("hover.pt")
    agent.eval_mode()
    obs = np.zeros(12)
    for _ in range(300):
        obs = obs + 0.01 * np.resize(agent.select_action(obs), 12)  # expect: GG001
    print(obs)
