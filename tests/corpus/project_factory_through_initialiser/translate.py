# Restores the trained generator through the loading factory and
# translates every image of a folder, with autograd on.
import os
import sys

import torch

from images import read_image, write_image
from networks import restore_generator

net = restore_generator(sys.argv[1]).cuda()
for name in os.listdir(sys.argv[2]):
    picture = read_image(os.path.join(sys.argv[2], name)).unsqueeze(0).cuda()
    write_image(net(picture).squeeze(0).cpu(), os.path.join("out", name))  # expect: GG001
