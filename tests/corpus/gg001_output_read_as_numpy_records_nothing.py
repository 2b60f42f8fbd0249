# A clip classifier's report draws the spectrogram it fed the network. The
# front end is a library's feature transform the project subclasses; its
# forward holds no parameters the file can see, but the code reads its output
# with .numpy(), which raises on a tensor that requires grad: code that runs
# recorded no graph there. The network's own forward, read through .data,
# is evaluation with autograd on.
import numpy as np
import torch
from torchaudio.transforms import MelSpectrogram


class LogMel(MelSpectrogram):
    def forward(self, wave):
        return super().forward(wave).clamp(min=1e-5).log()


class Reporter:
    def __init__(self, net):
        self.frontend = LogMel(sample_rate=16000, n_mels=64)
        self.net = net

    def draw(self, clip):
        self.frontend.eval()
        wave = torch.tensor(np.asarray(clip, dtype=np.float32)).view(1, -1)
        spec = self.frontend(wave)[0]
        picture = spec.cpu().numpy()
        return picture

    def label(self, spectrograms):
        self.net.eval()
        out = []
        for spec in spectrograms:
            out.append(self.net(spec).data.argmax(1).item())  # expect: GG001
        return out


def boxes_for(detector, images, keep=0.5):
    # Labels and argmax are integer tensors, which never require grad: their
    # .numpy() proves nothing, and the scores need a detach. Evaluation with
    # autograd on.
    detector.eval()
    found = []
    for img in images:
        out = detector([img])[0]  # expect: GG001
        labels = out["labels"].cpu().numpy()
        scores = out["scores"].detach().cpu().numpy()
        found.append([(l, s) for l, s in zip(labels, scores) if s > keep])
    return found


def classes_for(classifier, batches):
    classifier.eval()
    return [classifier(b).argmax(1).cpu().numpy() for b in batches]  # expect: GG001
