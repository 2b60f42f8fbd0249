"""An actor-critic agent (a plain class holding its networks) builds its loss
term by term in rollout(): each step's critic error is added into a running
sum, and the sum is stored on the instance (`self.loss += ...`). train()
calls rollout() and then backpropagates self.loss. The sum is the loss, not
an accumulation that outlives its use: detaching its terms would stop the
critic from learning, so GG002 stays quiet, even where test() also runs
rollout() after eval(): what the training caller backpropagates is still
the loss. test()'s own forwards with grad on are GG001's."""
import torch
from torch import nn


class Agent:
    def __init__(self):
        self.policy = nn.Linear(16, 4)
        self.critic = nn.Linear(16, 1)
        self.optimizer = torch.optim.Adam([*self.policy.parameters(), *self.critic.parameters()])
        self.loss = 0

    def rollout(self, states, rewards, gamma=0.99):
        log_probs, values = [], []
        for s in states:
            dist = torch.distributions.Categorical(logits=self.policy(s))  # expect: GG001; says: called from test()
            action = dist.sample()
            log_probs.append(dist.log_prob(action))
            values.append(self.critic(s).squeeze(-1))
        ret = torch.zeros(())
        step_loss = 0.0
        for t in reversed(range(len(rewards))):
            ret = rewards[t] + gamma * ret
            advantage = (ret - values[t]).detach()
            step_loss += -(log_probs[t] * advantage)
            step_loss += 0.5 * (ret - self.critic(states[t]).squeeze(-1)) ** 2
        self.loss += step_loss / len(rewards)

    def train(self, episodes):
        for states, rewards in episodes:
            self.loss = 0
            self.rollout(states, rewards)
            self.optimizer.zero_grad()
            self.loss.backward()
            self.optimizer.step()

    def test(self, episodes):
        self.policy.eval()
        self.critic.eval()
        for states, rewards in episodes:
            self.loss = 0
            self.rollout(states, rewards)
            print(float(self.loss))
