# Test helpers a package ships for its own test suite: a mixin whose test_*
# methods the suite's classes inherit, and an assert-only contract check it
# calls. Test code by where it lives, not evaluation: nothing reported.
import torch


def check_output_contract(model, batches):
    for batch in batches:
        out = model(batch)
        assert out.shape[0] == batch.shape[0]


class ContractMixin:
    def test_contract(self, built_model, batches):
        built_model.eval()
        check_output_contract(built_model, batches)
