# What a library that is not built on torch makes is no model, whatever it
# is called: a tokenizer loaded with from_pretrained and bound to `model`,
# an image-augmentation pipeline. The real network beside them is reported.
import albumentations as aug
import torch
from transformers import AutoTokenizer


def score(net, sentences, images, test_loader):
    model = AutoTokenizer.from_pretrained("org/vocab")
    transform = aug.Compose([aug.RandomCrop(8, 8)])
    net.eval()
    for s, img in zip(sentences, images):
        ids = model(s)
        crop = transform(image=img)
        print(ids, crop)
    for batch in test_loader:
        print(net(batch))  # expect: GG001
