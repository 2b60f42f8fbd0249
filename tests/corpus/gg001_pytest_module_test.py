import torch


def test_eval_forward():
    model = torch.nn.Linear(4, 2)
    model.eval()
    assert model(torch.zeros(1, 4)).shape == (1, 2)


def evaluate_helper(model, x):
    model.eval()
    return model(x)  # expect: GG001
