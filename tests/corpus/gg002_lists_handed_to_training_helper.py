# A rollout appends the policy's outputs, history and all, and hands the
# lists to a loss helper of the same file that calls backward: the gradient
# is needed, as where a backward takes it here. A rollout whose lists are
# rebound to detached copies before the update hands no graph, and keeps
# every step's graph alive until then.
import torch
from torch import nn


def acer_loss(policies, values, rewards, opt):
    loss = sum((-(p.log() * r) + (v - r).pow(2)).mean() for p, v, r in zip(policies, values, rewards))
    opt.zero_grad()
    loss.backward()
    opt.step()


def collect_and_learn(actor: nn.Module, env, opt, steps):
    policies, values, rewards = [], [], []
    state = env.reset()
    for _ in range(steps):
        policy, value = actor(state)
        policies.append(policy)
        values.append(value)
        state, reward = env.step(policy.argmax().item())
        rewards.append(reward)
    acer_loss(policies, values, rewards, opt)


def ppo_update(actor, old_log_probs, returns, opt):
    ratio = (actor.log_prob() - old_log_probs).exp()
    loss = -(ratio * returns).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()


def collect_then_update(actor: nn.Module, env, opt, steps):
    log_probs, returns = [], []
    state = env.reset()
    for _ in range(steps):
        dist, value = actor(state)
        action = dist.sample()
        log_probs.append(dist.log_prob(action))  # expect: GG002
        state, reward = env.step(action)
        returns.append(reward)
    log_probs = torch.cat(log_probs).detach()
    ppo_update(actor, log_probs, torch.tensor(returns), opt)
