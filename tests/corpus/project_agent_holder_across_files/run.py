# The evaluation helper is handed the agent built from the other file's
# plain class: its act() runs the Q-network with autograd on, episode after
# episode. The training loop's act() needs no wrap of its own here.
import gym
import torch

from agents import Learner


def evaluate_returns(learner, env, episodes=10):
    total = 0.0
    for _ in range(episodes):
        obs, done = env.reset(), False
        while not done:
            obs, reward, done, _ = env.step(learner.act(obs))  # expect: GG001
            total += reward
    return total / episodes


if __name__ == "__main__":
    env = gym.make("CartPole-v1")
    learner = Learner(4, 2)
    for step in range(10000):
        action = learner.act(env.reset())
        if step % 1000 == 0:
            print(evaluate_returns(learner, env))
