# An evaluation helper takes any estimator: it tries the torch way first
# (.detach() on the prediction) and falls back to an array when that
# fails, for estimators of other libraries. The tried call is the forward
# to fix; the fallback repeats it only when it made no tensor.
import numpy as np
import torch


def fold_scores(estimator, folds):
    scores = []
    for x_train, y_train, x_test, y_test in folds:
        estimator.fit(x_train, y_train)
        estimator.eval()
        try:
            pred = estimator(x_test).detach().cpu().numpy()  # expect: GG001
        except AttributeError:
            pred = np.asarray(estimator(x_test))
        scores.append(float(((pred - y_test) ** 2).mean()))
    return scores


def fold_scores_other(estimator, folds):
    # A different call in the handler is a forward of its own.
    out = []
    for x_test in folds:
        estimator.eval()
        try:
            out.append(estimator.predict(x_test).detach().numpy())
        except AttributeError:
            out.append(np.asarray(estimator(torch.as_tensor(x_test))))  # expect: GG001
    return out
