# A plain helper built around a model its owner put in eval mode
# (`self.net.eval(); self.probe = Probe(self.net)`) runs that model, and its
# parts (`self.net.encoder(x)`, `self.net.head(x)`), in evaluation. Where the owner backwards what
# the helper returns (a gradient map), the gradient is needed: no report.
import torch


class Probe:
    def __init__(self, net, layer):
        self.net = net
        self.layer = layer

    def run(self, x):
        feats = self.net.encoder(x)  # expect: GG001
        return feats, self.net.head(feats.flatten(1))  # expect: GG001


class GradProbe:
    def __init__(self, net):
        self.net = net

    def run(self, x):
        feats = self.net.encoder(x)
        return feats, self.net.head(feats.flatten(1))


class MaskScorer:
    def __init__(self, net, layer):
        self.net = net
        self.net.eval()
        self.probe = Probe(self.net, layer)

    def weights(self, image, masks):
        scores = []
        for m in masks:
            _, out = self.probe.run(image * m)
            scores.append(out.softmax(-1).max().item())
        return scores


class GradientMap:
    def __init__(self, net):
        self.net = net
        self.net.eval()
        self.probe = GradProbe(self.net)

    def explain(self, image, target):
        feats, out = self.probe.run(image)
        out[0, target].backward(retain_graph=True)
        return image.grad



class Tagger:
    def __init__(self, net):
        self.net = net

    def tag(self, x):
        return self.net.head(x)


class Pipeline:
    # The helper hung on another object is run from wherever that object
    # runs it (under no_grad there, unseen here): nothing is said of it.
    def __init__(self, net, registry):
        self.net = net.eval()
        registry.tagger = Tagger(self.net)
