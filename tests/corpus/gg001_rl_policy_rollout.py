import torch


def collect_rollout(policy, env, steps):
    obs = env.reset()
    trajectory = []
    with torch.no_grad():
        for _ in range(steps):
            action = policy(torch.as_tensor(obs)).sample()
            obs, reward, done, _ = env.step(action.numpy())
            trajectory.append((obs, action, reward))
    return trajectory


def evaluate_policy(policy, env, episodes):
    policy.eval()
    returns = []
    for _ in range(episodes):
        obs, done, total = env.reset(), False, 0.0
        while not done:
            with torch.no_grad():
                action = policy(torch.as_tensor(obs)).mean
            obs, reward, done, _ = env.step(action.numpy())
            total += reward
        returns.append(total)
    return returns
