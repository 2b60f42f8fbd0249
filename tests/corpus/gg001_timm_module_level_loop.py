import timm
import torch

backbone = timm.create_model("resnet50", pretrained=True)
backbone.eval()
images = torch.load("images.pt")
for chunk in images.split(32):
    feats = backbone(chunk)  # expect: GG001
    print(feats.shape)
