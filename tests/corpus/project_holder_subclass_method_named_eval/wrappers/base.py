# A plain base class for wrappers around a network: mode switching and saving.
import torch


class WrapperBase(object):
    def __init__(self):
        self.epoch = 0

    def set_training(self, on=True):
        if on:
            self.net.train()
        else:
            self.net.eval()

    def save(self, path):
        torch.save(self.net.state_dict(), path)
