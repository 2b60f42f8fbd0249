import torch


def embed(encoder, texts):
    return encoder(texts)  # expect: GG001


def embed_all(encoder, corpus):
    return [embed(encoder, chunk) for chunk in corpus]


def evaluate_retrieval(encoder, queries, corpus):
    encoder.eval()
    q = embed(encoder, queries)
    with torch.no_grad():
        docs = embed_all(encoder, corpus)
    return q @ torch.cat(docs).T
