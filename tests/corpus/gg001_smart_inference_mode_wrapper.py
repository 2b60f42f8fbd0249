import torch


def smart_inference_mode(torch_1_9=True):
    def decorate(fn):
        return (torch.inference_mode if torch_1_9 else torch.no_grad)()(fn)

    return decorate


@smart_inference_mode()
def run(weights, source, model):
    model.eval()
    for path, im in source:
        pred = model(im)
        print(path, pred.shape)
