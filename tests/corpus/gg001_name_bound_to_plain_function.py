# A name bound to a plain function of this file (`net, loss = affine,
# sq_err`, or `net = affine` alone) holds that function: its call computes
# from the weights handed to it, no module runs, whatever the name says.
import torch


def affine(x, weight, bias):
    return x @ weight + bias


def sq_err(pred, target):
    return ((pred - target) ** 2).mean()


def fit(xs, ys, steps=50):
    w = torch.nn.Parameter(torch.zeros(xs.shape[1], 1))
    b = torch.nn.Parameter(torch.zeros(1))
    net, loss = affine, sq_err

    def eval_loss():
        return loss(net(xs, w, b), ys).item()

    history = [eval_loss()]
    for _ in range(steps):
        step_loss = loss(net(xs, w, b), ys)
        step_loss.backward()
        history.append(eval_loss())
    return history


def evaluate(xs, ys, w, b):
    model = affine
    return sq_err(model(xs, w, b), ys).item()
