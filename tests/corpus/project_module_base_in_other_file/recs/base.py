import torch.nn as nn


class Recommender(nn.Module):
    def predict(self, batch):
        raise NotImplementedError


class SequenceRecommender(Recommender):
    def gather_last(self, output, lengths):
        return output[range(len(lengths)), lengths - 1]
