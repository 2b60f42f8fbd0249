# Reads a folder of pages with a trained reader: the loop runs the reader's
# inference method with autograd on.
import torch
from reader.model import DocReader


def read_pages(pages):
    model = DocReader()
    model.load_state_dict(torch.load("reader.pt"))
    model.eval()
    for page in pages:
        tokens = model.inference(page).argmax(-1)  # expect: GG001
        print(tokens.tolist())
