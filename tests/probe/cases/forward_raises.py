# A forward that raises (caught) leaves no forward half-open: the next ones are measured.
import torch


class Picky(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = torch.nn.Linear(8, 4)

    def forward(self, x):
        y = self.inner(x)
        if x.shape[0] == 3:
            raise ValueError("no batches of three")
        return y


model = Picky().eval()
try:
    model(torch.randn(3, 8))  # expect: GG001  measure: calls=1 bytes_total=96
except ValueError:
    pass
for _ in range(2):
    model(torch.randn(2, 8))  # expect: GG001  measure: calls=2 eval_calls=2 bytes_kept=128
