# The learner restored and put in eval mode, then run over recorded
# episodes with grad on: its act() runs the actor held in the dict.
import torch
from learner import Learner

learner = Learner()
learner.nets.load_state_dict(torch.load("learner.pt"))
learner.nets.eval()
returns = []
for obs in torch.load("episodes.pt"):
    returns.append(learner.act(obs).sum().item())  # expect: GG001
    print(learner.value(obs, 0).item())  # expect: GG001
