# A loss bundle holds a feature network in eval mode (a perceptual loss's
# extractor). Its methods return losses made of the extractor's features;
# the trainer keeps what they return and runs a backward on it. The eval
# mode is the extractor's, not evaluation: nothing here is reported, and no
# fix may wrap these forwards (the generator's gradient flows through them).
import torch.nn as nn


class FeatureNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU())

    def forward(self, x):
        return self.body(x)


class LossBundle:
    def __init__(self, device):
        self.l1 = nn.L1Loss()
        self.features = FeatureNet().to(device).eval()

    def perceptual(self, fake, real):
        fake_feat = self.features(fake)
        real_feat = self.features(real)
        return self.l1(fake_feat, real_feat)

    def report(self, images):
        # called with its result dropped: a report, evaluation with grad on
        self.features.eval()
        for img in images:
            print(self.features(img).mean().item())  # expect: GG001
