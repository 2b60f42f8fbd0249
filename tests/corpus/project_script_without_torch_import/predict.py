# A prediction script that never spells torch: it imports the project's
# module class by name, so it runs torch's modules all the same.
from app.models import Scorer
from app.data import load_test_batches


def predict(checkpoint):
    model = Scorer.load_from_checkpoint(checkpoint)
    model.eval()
    preds = []
    for batch in load_test_batches():
        preds.append(model(batch).squeeze(-1).tolist())  # expect: GG001; fix: safe
    return preds
