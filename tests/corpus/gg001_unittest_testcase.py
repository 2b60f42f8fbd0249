import unittest

import torch


class ModelTest(unittest.TestCase):
    def test_forward_shape(self):
        model = torch.nn.Linear(4, 2)
        model.eval()
        self.assertEqual(model(torch.zeros(1, 4)).shape, (1, 2))
