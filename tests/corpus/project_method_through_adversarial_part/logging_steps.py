# Logs a validation batch each epoch with the model it is handed. The batch
# step may run the adversarial term's backward (the flag comes from the
# training script): not evaluation to report, and no wrap.
from nets.smooth import Transcriber


def log_epoch(model, batch, regularise, writer, epoch):
    model.eval()
    pred, loss = model.run_batch(batch, regularise)
    writer.add_scalar("val/loss", loss.item(), epoch)
    model.train()


def main(loader, writer):
    model = Transcriber()
    for epoch, batch in enumerate(loader):
        log_epoch(model, batch, True, writer, epoch)
