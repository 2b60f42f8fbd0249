from torch import inference_mode as im
from torch import no_grad


def evaluate(model, xs):
    model.eval()
    with no_grad():
        a = model(xs)
    with im():
        b = model(xs)
    return a, b


@no_grad()
def evaluate_decorated(model, xs):
    model.eval()
    return model(xs)
