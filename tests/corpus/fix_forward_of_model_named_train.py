import torch


# Two checkpoints of one network, scored side by side on held-out data. The
# first is kept under a name that says "train" (the weights saved during
# training); what the value is (a loaded model in eval mode, called) decides,
# not its name: both loops take the same wrap.
def score_saved_train():
    hits = 0
    for x, y in held_out:
        out = net_train(x)  # expect: GG001; fix: safe
        hits += (out.argmax(1) == y).sum().item()
    return hits


def score_saved_final():
    hits = 0
    for x, y in held_out:
        out = net_final(x)  # expect: GG001; fix: safe
        hits += (out.argmax(1) == y).sum().item()
    return hits


if __name__ == "__main__":
    held_out = torch.load("held_out.pt")
    net_train = torch.load("net_train.pth")
    net_train.eval()
    net_final = torch.load("net_final.pth")
    net_final.eval()
    print(score_saved_train(), score_saved_final())
