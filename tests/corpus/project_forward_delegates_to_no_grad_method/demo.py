import torch

from nets import Detector, Ranker

det = Detector()
det.load_state_dict(torch.load("det.pt"))
det.eval()
ranker = Ranker()
ranker.load_state_dict(torch.load("ranker.pt"))
ranker.eval()
for photo in torch.load("photos.pt"):
    boxes = det(photo)
    print(ranker(boxes).item())  # expect: GG001
