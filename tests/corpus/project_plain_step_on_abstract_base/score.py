# The scorer puts the reward model in eval mode and runs the encoder step on
# each batch before the guarded forward. The step is a plain object of the
# project (its base is an ABC): calling it runs no module, so there is nothing
# to report, whatever the name `encoder` says. The reward model run unguarded
# on the last batch is the mistake.
import torch

from steps.encode import EncodeStep


def score_frames(model, frames, device):
    encoder = EncodeStep("org/reward-base")
    model.to(device).eval()
    rewards = []
    for batch in frames:
        encoded = encoder(batch)
        with torch.no_grad():
            rewards.append(model(encoded).cpu())
    last = model(encoder(frames[-1]))  # expect: GG001
    return rewards, last.detach()
