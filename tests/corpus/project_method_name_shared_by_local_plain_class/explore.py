# A notebook-shaped script defines a plain reference density of its own whose
# method has the same name as the model's. The model was built from the
# project's class in another file, so model.log_density(...) runs that class's
# method (a forward), not the local one: the grid's density after .eval(),
# kept only for a plot, is evaluation with autograd on.
import torch

from density.coupling import Coupling


class GaussianReference:
    def log_density(self, x):
        return -0.5 * x.pow(2).sum(-1)


reference = GaussianReference()
samples = torch.randn(2048, 2) * 0.5 + 1.0

model = Coupling(2)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(300):
    opt.zero_grad()
    (-model.log_density(samples).mean()).backward()
    opt.step()

grid = torch.cartesian_prod(torch.linspace(-3, 3, 100), torch.linspace(-3, 3, 100))
model.eval()
surface = model.log_density(grid).exp()  # expect: GG001
baseline = reference.log_density(grid).exp()
print((surface - baseline).abs().max().item())
