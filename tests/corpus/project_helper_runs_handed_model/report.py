import torch

from metrics import best_rows, evaluate, fit_batch, mean_loss
from nets import Ranker


def main(train_loader, val_loader, opt, tag):
    net = Ranker()
    net.load_state_dict(torch.load("weights.pt"))
    for x, y in train_loader:
        fit_batch(net, opt, x, y)
    net.eval()
    print(mean_loss(val_loader, net))  # expect: GG001; says: after net.eval(); fix: safe
    print(evaluate(net, val_loader))
    with torch.no_grad():
        print(mean_loss(loader=val_loader, net=net))
    print(mean_loss(val_loader, tag))
    print(best_rows(net, val_loader))  # expect: GG001
    with torch.no_grad():
        print(best_rows(net, val_loader))
