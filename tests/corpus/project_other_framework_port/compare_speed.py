# A script that times the torch network against its port to another
# framework: only the torch model's forward records an autograd graph, and
# only it is helped by torch.no_grad. The port's class is imported by a path
# (`jittor.nets.segmenter`) whose tail matches a file of the project, and
# the port's own module (jt_port) builds its class on that framework's nn.
import numpy as np
import torch
import jittor as jt

from nets.segmenter import Segmenter as TorchSegmenter
from jittor.nets.segmenter import Segmenter as JtSegmenter
from jt_port.segmenter import Segmenter as PortSegmenter

images = np.load("val_images.npy")
torch_model = TorchSegmenter()
torch_model.load_state_dict(torch.load("segmenter.pt"))
torch_model.eval()
jt_model = JtSegmenter()
jt_model.eval()
port_model = PortSegmenter()
port_model.eval()

for image in images:
    batch = torch.from_numpy(image).unsqueeze(0).float()
    print(torch_model(batch).argmax(1))  # expect: GG001
    print(jt_model(jt.array(image)).argmax(1))
    print(port_model(jt.array(image)).argmax(1))
