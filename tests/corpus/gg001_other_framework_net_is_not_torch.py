# A Gluon training script of a repository that ships both frameworks: it
# borrows torchvision's transforms, and its network comes from a factory of
# the project that builds MXNet blocks. Its evaluation loop runs `net(data)`
# with MXNet's autograd: nothing of torch's to report, whatever `net` says.
# In a file that imports another framework's networks, a name alone is no
# evidence of a torch module.
import mxnet as mx
from mxnet import gluon
from torchvision.transforms import transforms as pth_transforms

from zoo.gluon import get_model


def validate(ctx, val_data):
    net = get_model("resnet50")
    net.load_parameters("resnet50.params", ctx=ctx)
    metric = mx.metric.Accuracy()
    for batch in val_data:
        data = gluon.utils.split_and_load(batch.data[0], ctx_list=[ctx])
        outputs = [net(x) for x in data]
        metric.update(batch.label, outputs)
    return metric.get()


crop = pth_transforms.CenterCrop(224)
