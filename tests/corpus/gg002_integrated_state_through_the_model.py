# A neural ODE integrated step by step: each step's increment comes from the
# vector field run on the state itself, and the new state is the old one plus
# that increment. The state's graph is the computation the training loss
# differentiates through, not history kept by mistake: no report. A sum of the
# epoch's losses beside it is reported as usual.
import torch
from torch import nn


class Field(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))

    def forward(self, y, t):
        return self.net(torch.stack([y, t], dim=-1)).squeeze(-1)


def integrate(field, y0, times, substeps=4):
    traj = [y0]
    y = y0
    for i in range(len(times) - 1):
        dt = (times[i + 1] - times[i]) / substeps
        for k in range(substeps):
            t = times[i] + k * dt
            slope = field(y, t)
            y = y + dt * slope
        traj.append(y)
    return torch.stack(traj)


def fit(field: Field, y0, times, target, epochs=100):
    opt = torch.optim.Adam(field.parameters(), lr=1e-3)
    total = 0.0
    for _ in range(epochs):
        opt.zero_grad()
        loss = ((integrate(field, y0, times) - target) ** 2).mean()
        loss.backward()
        opt.step()
        total += loss  # expect: GG002
    return total
