# A transcription service: its constructor calls a set-up method that loads
# the checkpoint and puts the network in eval mode. transcribe() runs the
# network with autograd on for every clip of a folder. The set-up method's
# eval() holds in the other methods as the constructor's own would.
import glob

import torch
import torch.nn as nn


class Listener(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(40, 64, 3)
        self.out = nn.Linear(64, 12)

    def forward(self, feats):
        return self.out(self.conv(feats).mean(-1))


class ClipService(object):
    def __init__(self, weights):
        self.weights = weights
        self._load()

    def _load(self):
        self.net = Listener()
        self.net.load_state_dict(torch.load(self.weights))
        self.net.eval()

    def transcribe(self, feats):
        scores = self.net(feats)  # expect: GG001
        return scores.softmax(-1).detach().numpy()

    def transcribe_folder(self, folder):
        return [self.transcribe(torch.load(p)) for p in sorted(glob.glob(folder + "/*.pt"))]


if __name__ == "__main__":
    service = ClipService("listener.pt")
    for clip in sorted(glob.glob("clips/*.pt")):
        print(service.transcribe(torch.load(clip)))
