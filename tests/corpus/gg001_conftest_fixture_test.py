import pytest
import torch


@pytest.fixture
def model():
    return torch.nn.Sequential(torch.nn.Linear(8, 4), torch.nn.ReLU()).eval()


def test_output_shape(model):
    assert model(torch.zeros(2, 8)).shape == (2, 4)


def test_eval_is_deterministic(model):
    x = torch.randn(3, 8)
    assert torch.equal(model(x), model(x))
