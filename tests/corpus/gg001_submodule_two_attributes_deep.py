# After the loaded detector is put in eval mode, a loop encodes each label
# name with the text encoder that sits two attributes deep inside it
# (model.backbone.text_encoder). A submodule of a submodule of the model in
# eval mode runs with autograd on like the model itself, and the features
# kept for the whole label set hold every graph.
import torch


def encode_labels(model, tokenizer, names):
    model.eval()
    feats = []
    for name in names:
        tokens = tokenizer(name, return_tensors="pt")
        feats.append(model.backbone.text_encoder(**tokens))  # expect: GG001, GG002
    return feats


def main(path, tokenizer, names):
    model = torch.load(path)
    return encode_labels(model, tokenizer, names)
