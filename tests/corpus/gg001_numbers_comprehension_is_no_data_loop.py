# A helper with an evaluation word in its name that pads its input and
# runs the model it is handed once. Its only loop computes the padded
# lengths (numbers): it iterates no data, and what the callers do with
# grad decides. The second helper runs the model per batch of a loader.
import torch
import torch.nn.functional as F


def padded_inference(model, feats, lengths, multiple):
    extra = (multiple - max(lengths) % multiple) % multiple
    if extra:
        feats = F.pad(feats, (0, 0, 0, extra))
        lengths = [n + extra for n in lengths]
    return model(feats, lengths)


def loader_inference(model, loader):
    model.eval()
    outs = []
    for feats, lengths in loader:
        outs.append(model(feats, lengths).argmax(-1))  # expect: GG001
    return outs
