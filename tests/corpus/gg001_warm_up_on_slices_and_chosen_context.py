# A memory benchmark: a fresh layer runs once on a slice of a synthetic
# tensor to warm the kernels up (its result handed to another call and
# dropped), then the measured loop runs under a context the caller's flag
# picks, no_grad or enable_grad, entered through a local name. Neither is
# evaluation's waste. A context name that is sometimes no grad object at
# all proves nothing.
import contextlib
import torch


def bench_layer(steps, width, train=False):
    inputs = (
        torch.arange(steps * width, dtype=torch.float32)
        .view(steps, 1, width)
        .contiguous()
    )
    if train:
        ctx = torch.enable_grad()
    else:
        ctx = torch.no_grad()
    layer = torch.nn.Linear(width, width, bias=False)
    torch.relu(layer(inputs[:2, :, :]))
    chunk = layer(inputs[:, 0:1, :].reshape(-1, width)).view(steps, 1, width)
    print(chunk.sum().item())
    with ctx:
        total = 0.0
        for step in range(steps):
            out = layer(inputs[step])
            total = total + out.sum()
        if train:
            total.backward()
    return total


def replay(model, batches, quiet):
    model.eval()
    ctx = torch.no_grad() if quiet else contextlib.nullcontext()
    if not batches:
        ctx = contextlib.nullcontext()
    with ctx:
        return [model(b).argmax(1) for b in batches]  # expect: GG001


if __name__ == "__main__":
    bench_layer(8, 4, train=False)
