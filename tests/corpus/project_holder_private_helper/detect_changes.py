# A script drives a holder of another file through its own helper method
# (underscored, but called from here): the helper runs the held network
# with grad on over the data after the holder's eval().
import torch

from engine.runner import ChangeRunner


def main(loader):
    runner = ChangeRunner()
    runner.eval()
    maps = []
    for pair in loader:
        maps.append(runner._predict(pair).argmax(1))  # expect: GG001
    with torch.no_grad():
        for pair in loader:
            maps.append(runner._predict(pair).argmax(1))
    return maps
