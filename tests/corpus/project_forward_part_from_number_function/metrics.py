import torch.nn.functional as F


def abs_error(pred, target):
    err = F.l1_loss(pred, target)
    err = err.detach().item()
    return err


def sq_error(pred, target):
    return F.mse_loss(pred, target)
