"""A Hugging Face GPT-2 (built from its config: no download) scored for
perplexity in a hand-written loop without torch.no_grad(): the OOM comes from
inside the library's layers. Runs only where transformers is installed
(record_cuda.sh, on a GPU machine).

    eval_gpt2.py BUDGET_MB [--no-grad]
"""
import contextlib
import sys

import torch
from transformers import GPT2Config, GPT2LMHeadModel

from memlimit import limit_memory
from model import DEVICE


def evaluate_perplexity(model, batches, no_grad):
    model.eval()
    total = 0.0
    for input_ids in batches:
        with torch.no_grad() if no_grad else contextlib.nullcontext():
            out = model(input_ids=input_ids, labels=input_ids)
        total += out.loss.item()
    return float(torch.exp(torch.tensor(total / len(batches))))


def main():
    torch.manual_seed(0)
    config = GPT2Config()
    model = GPT2LMHeadModel(config).to(DEVICE)
    batches = [torch.randint(0, config.vocab_size, (4, 1024), device=DEVICE) for _ in range(3)]
    limit_memory(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
    print("perplexity", evaluate_perplexity(model, batches, "--no-grad" in sys.argv))


if __name__ == "__main__":
    main()
