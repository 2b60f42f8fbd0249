# A helper of the project that runs the model it is handed through one of
# the model's own methods (no `model(...)` call in it): a forward all the
# same, wherever it is called.
import numpy as np
import torch


def query_vectors(triples, model):
    batch = torch.LongTensor(np.array(triples))
    return model.project_queries(batch).detach().numpy()
