import numpy as np
import scipy.ndimage
import torch


def predict_events(model, clips, decoder, threshold=0.5):
    # decoder is handed a method that turns a numpy array into event rows:
    # its name says model, but what it is called on is host data, which no
    # torch module takes.
    rows = []
    model.eval()
    for clip in clips:
        scores = model(clip.unsqueeze(0))  # expect: GG001
        scores = scores.squeeze(0).detach().cpu().numpy()
        smooth = scipy.ndimage.median_filter(scores > threshold, (7, 1))
        rows.extend(decoder(smooth))
        flat = scores.tolist()
        rows.append(decoder(flat))
    return rows


def run_heads(model, clips, head):
    # A head called on the model's output is a forward, whatever precedes it.
    outs = []
    model.eval()
    for clip in clips:
        feats = model(clip)  # expect: GG001
        outs.append(head(feats).argmax(-1).item())  # expect: GG001
    return outs
