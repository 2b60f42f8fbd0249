# A shared epoch function whose backward sits under `if phase == "fit":`,
# run for validation with another phase string. The call that passes the
# training string, and a function only ever run for training, are not found.
import torch


def run_phase(net, batches, opt, phase):
    if phase == "fit":
        net.train()
    else:
        net.eval()
    seen = 0.0
    for x, y in batches:
        pred = net(x)  # expect: GG001
        loss = torch.nn.functional.l1_loss(pred, y)
        seen += loss.item()
        if phase == "fit":
            opt.zero_grad()
            loss.backward()
            opt.step()
    return seen


def fine_tune(net, batches, opt, stage="fit"):
    for x, y in batches:
        loss = net(x).sum()
        if stage == "fit":
            loss.backward()
            opt.step()


def main(net, train_b, val_b, opt):
    for _ in range(3):
        run_phase(net, train_b, opt, "fit")
        run_phase(net, val_b, None, phase="check")
    fine_tune(net, train_b, opt)
    fine_tune(net, train_b, opt, stage="fit")
