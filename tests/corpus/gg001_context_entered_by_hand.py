import torch


# A grad-off context entered by hand holds until its __exit__, which is never
# called here: the rest of the function runs as under its with.
def rank_clips(scorer, clips):
    torch.no_grad().__enter__()
    scorer.eval()
    best = []
    for clip in clips:
        best.append(scorer(clip).argmax(-1).tolist())
    return best


def rank_clips_inference(scorer, clips):
    torch.inference_mode().__enter__()
    scorer.eval()
    return [scorer(clip).argmax(-1) for clip in clips]


# Entering a context that turns grad on is no grad-off.
def rank_clips_on(scorer, clips):
    torch.enable_grad().__enter__()
    scorer.eval()
    best = []
    for clip in clips:
        best.append(scorer(clip).argmax(-1).tolist())  # expect: GG001
    return best
