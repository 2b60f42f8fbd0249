import torch


def align_scores(model, source, steps):
    # A forward algorithm: the state is added to, then reduced, every step;
    # what is kept across steps is one state, as an RNN's hidden state is.
    model.eval()
    alphas = []
    state = None
    for t in range(steps):
        trans, emiss = model(source, t)  # expect: GG001
        alphas.append(trans)  # expect: GG002
        if state is None:
            state = trans[:, 0]
        else:
            state = state + trans
            state = state.logsumexp(dim=-1)
    return state, alphas


def total_scores(model, batches):
    # A running total, by contrast: every step's graph stays in it.
    model.eval()
    total = 0
    for batch in batches:
        score = model(batch).sum()  # expect: GG001
        total = total + score  # expect: GG002
    return total
