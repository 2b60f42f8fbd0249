# The name `transformer` is bound to one element of another file's table of
# preprocessing pipelines, not to a model: its call runs no forward, and the
# real model runs under no_grad. Nothing to report.
import torch

from nets import Matting
from preprocessing import pipelines

if __name__ == "__main__":
    model = Matting()
    model.load_state_dict(torch.load("best.pt"))
    model.eval()
    transformer = pipelines["valid"]
    for img, trimap in pairs:
        x = torch.zeros((1, 4, 320, 320))
        x[0, :3] = transformer(img)
        x[0, 3] = trimap
        with torch.no_grad():
            alpha = model(x)
        print(alpha.mean().item())
