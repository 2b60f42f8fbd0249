import torch.nn as nn


class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 2)

    def act(self, obs):
        return self.head(obs).argmax(-1)
