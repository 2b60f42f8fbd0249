# The ranking evaluation restores the trained weights and embeds the
# held-out queries through the helper: a forward of a loaded model with
# autograd on.
import torch

from kge.rotation import Rotation
from ranking import query_vectors


def evaluate_ranking(test_triples, weights_path):
    model = Rotation(1000, 20)
    model.load_state_dict(torch.load(weights_path))
    queries = query_vectors(test_triples, model)  # expect: GG001
    return queries.shape


if __name__ == "__main__":
    print(evaluate_ranking([[1, 2, 3]], "rotation.pt"))
