# Named like a pytest module, but pytest collects nothing from it (no test
# function, no Test class, no pytest import): a script with a __main__ block
# that loads the trained policy's weights and rolls it over the test
# observations. That is evaluation, with autograd on; no .eval() is needed to
# know it, the loaded weights and the loop over test data say so.
import torch

from agent import Policy


def main(test_loader):
    policy = Policy()
    policy.load_state_dict(torch.load("policy.pth"))
    returns = []
    for obs in test_loader:
        returns.append(policy(obs).max().item())  # expect: GG001
    return returns


if __name__ == "__main__":
    main(torch.load("test_obs.pt"))
