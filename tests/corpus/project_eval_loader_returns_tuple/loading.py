# A loader that hands back the tokenizer first and the model, in eval mode,
# second.
import torch
from transformers import AutoTokenizer


def load_pair(path):
    tok = AutoTokenizer.from_pretrained(path)
    model = torch.load(path + "/model.pt")
    return tok, model.eval()
