# Named like a test module and run as a script: a harness that traces
# random graphs and compares their outputs. It evaluates no model (nothing
# is put in eval mode): a test, left alone.
import torch


def run_with_seed(seed, size=8):
    torch.manual_seed(seed)
    graph = torch.nn.Sequential(torch.nn.Linear(size, size), torch.nn.ReLU())
    inputs = [torch.randn(2, size) for _ in range(4)]
    traced = torch.jit.trace(graph, inputs[0])
    for x in inputs:
        torch.testing.assert_close(traced(x), graph(x))


def run_test(seeds):
    for seed in seeds:
        run_with_seed(seed)


if __name__ == "__main__":
    run_test(range(100))
