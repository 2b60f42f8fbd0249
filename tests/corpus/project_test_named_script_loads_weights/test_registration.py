# Named like a pytest module, with a test_one_epoch() step of its own: but
# its __main__ block runs it, it loads a checkpoint and puts the model in
# eval mode, and nothing imports pytest or unittest. An evaluation script
# whose steps are named test, not a suite.
import torch

from agent import Policy


def test_one_epoch(model, loader):
    model.eval()
    total = 0.0
    for obs in loader:
        total += model(obs).sum().item()  # expect: GG001
    return total


def main(path, loader):
    model = Policy()
    model.load_state_dict(torch.load(path))
    print(test_one_epoch(model, loader))


if __name__ == "__main__":
    main("policy.pth", torch.load("test_obs.pt"))
