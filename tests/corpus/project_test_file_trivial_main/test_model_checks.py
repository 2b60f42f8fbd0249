# A model file's tests, run by pytest or by hand through main(), which only
# calls them: still a test module. A traced copy is compared with the model
# it traced, over a few random batches, in a helper nested in the test.
import torch

from netlib import build_small_net


def test_shapes():
    net = build_small_net()
    assert net(torch.rand(2, 3, 32, 32)).shape == (2, 10)


def test_trace_matches():
    net = build_small_net()
    net.eval()

    def _check_head():
        head = net[1]
        x = torch.zeros(1, 3 * 32 * 32)
        traced = torch.jit.trace(head, (x,))
        for i in range(5):
            x = torch.randn(1, 3 * 32 * 32)
            y1 = head(x)
            y2 = traced(x)
            assert torch.allclose(y1, y2), i

    _check_head()


def main():
    test_shapes()
    test_trace_matches()


if __name__ == "__main__":
    main()
