import torch


# Training runs this helper too: the fix goes on the evaluation caller's call,
# never into the helper.
def shared_forward(model, batch):
    return model(**batch)  # expect: GG001


def train_step(model, batch, optimizer):
    loss = shared_forward(model, batch).loss
    loss.backward()
    optimizer.step()


def evaluate(model, loader):
    model.eval()
    scores = []
    for batch in loader:
        scores.append(shared_forward(model, batch).logits.argmax(-1))
    return scores
