# A scoring class that never imports torch: it holds the model it is handed
# and runs it over the validation tweets. The model builds it with itself
# (`judge.Judge(self)` in its own fit()), so what it holds is a module by
# that origin, and its loop runs it with grad on.
import numpy as np


class Judge(object):
    def __init__(self, model):
        self.model = model

    def score(self, inputs, targets):
        right = 0
        for x, y in zip(inputs, targets):
            h = self.model.init_hidden()
            out, h = self.model(x, h)  # expect: GG001; fix: safe
            right += int(np.argmax(out.data.numpy()) == y)
        return right / len(targets)
