# A model of submodules: one forward per call at the user's site, not one per submodule;
# the submodules' calls in forward() are inside the outermost forward and not sites.
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU())
        self.head = torch.nn.Linear(8, 2)

    def forward(self, x):
        return self.head(self.body(x))


net = Net().eval()
with torch.no_grad():
    for _ in range(3):
        net(torch.randn(2, 8))  # measure: calls=3 eval_calls=3 module=Net
