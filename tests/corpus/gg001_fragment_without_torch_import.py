# A file kept "in case it is needed later": it never imports torch, F or
# Variable, as if pasted from a script that does. Its torch.autograd.grad is
# torch's all the same, so the outputs the loop keeps feed a gradient and the
# loop is no evaluation; its torch.no_grad, in the second function, turns
# grad off as it says.


def fisher_diagonal(model, holdout):
    lls = []
    for x, y in holdout:
        lls.append(F.log_softmax(model(x), dim=1)[range(len(y)), y])
    total = torch.cat(lls).mean(0)
    return [g ** 2 for g in torch.autograd.grad(total, model.parameters())]


def accuracy(model, holdout):
    model.eval()
    right = 0
    with torch.no_grad():
        for x, y in holdout:
            right += (model(x).argmax(1) == y).sum().item()
    return right
