from nets.encoder import Encoder
