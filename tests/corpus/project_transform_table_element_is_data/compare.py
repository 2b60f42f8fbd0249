# The same pick from a table this file fills: what the element is decides.
# A table of pipelines holds data; a table of networks holds modules, whose
# forward in an evaluation loop runs with grad on; and a checkpoint's
# "model" entry stays a model; a table of mixed networks is no table of data.
import torch
from torchvision import transforms

from nets import Matting, Refiner

steps = {"valid": transforms.Compose([transforms.ToTensor()])}


def evaluate(images):
    transformer = steps["valid"]
    stages = {"coarse": Matting(), "fine": Refiner()}
    coarse_net = stages["coarse"]  # filled here with two classes: no one element says what it is
    encoder = {"a": Matting(), "b": Matting()}
    net = encoder["a"]
    net.eval()
    ckpt = torch.load("whole.pt")
    model = ckpt["model"]
    model.eval()
    for img in images:
        x = transformer(img)
        print(net(x).mean().item())  # expect: GG001
        print(model(x).mean().item())  # expect: GG001
        print(coarse_net(x).mean().item())  # expect: GG001
    return stages
