# An inference script: what Cls.from_pretrained builds is what Cls is. The
# plain scorer's call is no model forward (its own prediction runs without
# grad); the module loaded the same way is one, run here with autograd on.
import torch

from scoring.models import PatchNet, TextScorer

scorer = TextScorer.from_pretrained("someone/text-scorer")
print(scorer([[0.1] * 8, [0.3] * 8]))

net = PatchNet.from_pretrained("someone/patch-net")
net.eval()
print(net(torch.rand(4, 8)).argmax(-1))  # expect: GG001
