# A module-level inference script that hands its loaded model to a helper
# named for what it does, not for evaluation: the helper's forward runs with
# grad on for every step of the loop. A helper handed a freshly built model
# (nothing loaded) at module level is no inference script.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

lm = AutoModelForCausalLM.from_pretrained("tiny-lm")
tok = AutoTokenizer.from_pretrained("tiny-lm")


def greedy_step(ids, net):
    logits = net(input_ids=ids).logits  # expect: GG001; says: called from module level on line 23
    return logits[0, -1].argmax()


def widen(net, width):
    return net(torch.zeros(1, width))


ids = tok("once upon", return_tensors="pt")["input_ids"]
for _ in range(16):
    nxt = greedy_step(ids, lm)
    ids = torch.cat([ids, nxt.view(1, 1)], dim=1)

probe = widen(torch.nn.Linear(8, 8), 8)
