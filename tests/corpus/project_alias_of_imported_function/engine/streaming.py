# A token streamer: a generator function that runs the model under
# inference mode, step by step.
import torch


@torch.inference_mode()
def TokenStreamer(model, tokens, steps=16):
    for _ in range(steps):
        logits = model(tokens)
        nxt = logits[:, -1].argmax(-1, keepdim=True)
        tokens = torch.cat([tokens, nxt], 1)
        yield nxt
