# A feature extractor handed the model it runs: its __call__ puts the model
# in eval mode, runs it, takes the first two outputs by slicing and
# unpacking, and turns each into a numpy array before handing them back.
# Nothing can carry those to a backward: evaluation, whatever its callers'
# mode. One that hands an unpacked part back as a tensor stays its callers'
# business.
import torch


class FeatureExtractor:
    def __init__(self, model, to_device):
        self.model = model
        self.to_device = to_device

    def __call__(self, images):
        was_training = self.model.training
        self.model.eval()
        batch = self.to_device(torch.from_numpy(images).float())
        pooled, parts = self.model(batch)[:2]  # expect: GG001
        pooled = pooled.data.cpu().numpy()
        parts = parts.detach().cpu().numpy()
        self.model.train(was_training)
        return pooled, parts


class PartsHead:
    def __init__(self, model):
        self.model = model

    def __call__(self, images):
        self.model.eval()
        pooled, parts = self.model(images)
        pooled = pooled.cpu().numpy()
        return pooled, parts
