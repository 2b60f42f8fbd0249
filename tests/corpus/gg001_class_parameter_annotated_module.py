# A class handed in and annotated loosely as a module: calling it builds
# the agent (a constructor), it runs nothing. The agent it builds is run
# under no_grad.
import torch


def evaluate(checkpoint, envs, Model: torch.nn.Module, episodes=10):
    agent = Model(envs)
    agent.load_state_dict(torch.load(checkpoint))
    agent.eval()
    returns = []
    obs = envs.reset()
    while len(returns) < episodes:
        with torch.no_grad():
            actions = agent(torch.as_tensor(obs)).argmax(dim=1)
        obs, rewards, dones, infos = envs.step(actions.numpy())
        returns.extend(r for r, d in zip(rewards, dones) if d)
    return returns


def score(encoder: torch.nn.Module, batches):
    encoder.eval()
    return [encoder(b).mean().item() for b in batches]  # expect: GG001
