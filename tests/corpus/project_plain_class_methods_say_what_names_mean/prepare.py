# A receiver only its name calls a model: text_encoder is handed in, and
# model is built from a class picked by name at run time. The project's
# encode() and inference() record no graph, so neither call is a forward.
import torch

import text


def encode_test_split(text_encoder, sentences):
    ids = []
    for sentence in sentences:
        ids.append(text_encoder.encode([sentence], verbose=False)[0])
    return ids


def infer_topics(model_name, params, test_docs):
    Model = getattr(text, model_name)
    model = Model(**params)
    return [model.inference(doc) for doc in test_docs]


def evaluate(model, test_loader):
    # A model put in eval mode is a module whatever the project's methods say.
    model.eval()
    return [model.encode(x) for x in test_loader]  # expect: GG001
