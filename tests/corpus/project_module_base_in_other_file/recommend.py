# After training, the model is put in eval mode and asked for every
# item's score, user after user, with autograd on.
import torch

from recs.gru import GRUSeq


def top_items(model, sessions, k=10):
    model.eval()
    picks = []
    for seq, lengths in sessions:
        scores = model.score_all_items(seq, lengths)  # expect: GG001
        picks.append(scores.topk(k).indices)
    return picks


if __name__ == "__main__":
    net = GRUSeq(1000)
    net.load_state_dict(torch.load("gru.pt"))
    print(top_items(net, []))
