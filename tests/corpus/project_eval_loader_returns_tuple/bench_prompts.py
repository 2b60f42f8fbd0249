# The eval-mode module is the tuple's second part: the tokenizer's calls are
# no forwards; the model's, with grad on, are.
import torch

from loading import load_pair


def encode(tok, prompts):
    return [tok(p, return_tensors="pt") for p in prompts]


def run(path, prompts):
    tokenizer, lm = load_pair(path)
    batches = encode(tokenizer, prompts)
    with torch.autocast("cpu"):
        return [lm(**b).logits.argmax(-1) for b in batches]  # expect: GG001
