# A table of preprocessing pipelines by split, kept at module level.
from torchvision import transforms

pipelines = {
    "train": transforms.Compose([transforms.RandomHorizontalFlip(), transforms.ToTensor()]),
    "valid": transforms.Compose([transforms.ToTensor()]),
}
