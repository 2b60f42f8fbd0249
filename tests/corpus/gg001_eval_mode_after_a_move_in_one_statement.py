# An inference script moves the loaded vocoder to the GPU and puts it in
# eval mode in one statement (`vocoder.cuda().eval()`): .cuda() returns the
# module itself, so the statement puts the vocoder in eval mode, and its
# loop over the input files is evaluation with autograd on.
import os
import sys

import torch


def synthesize(ckpt_path, inputs_dir):
    vocoder = torch.load(ckpt_path)["net"]
    vocoder.cuda().eval()
    for name in sorted(os.listdir(inputs_dir)):
        feats = torch.load(os.path.join(inputs_dir, name)).cuda()
        wave = vocoder(feats)  # expect: GG001
        torch.save(wave.cpu(), name + ".wav.pt")


if __name__ == "__main__":
    synthesize(sys.argv[1], sys.argv[2])
