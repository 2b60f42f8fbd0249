# After each epoch a few held-out sentences are translated with beams of two
# widths, the model put in eval mode: the translations run with grad on.
import torch


def show_translations(model, held_out):
    model.eval()
    for src in held_out:
        narrow = model.translate(src, width=1)  # expect: GG001
        wide = model.translate(src, width=5)  # expect: GG001
        print(narrow, wide)
    model.train()
