#!/bin/sh
# Records genuine CUDA out-of-memory failures and the probe's measurements on a
# GPU machine, for the fixtures in tests/tracebacks/device/ (its README says
# which file came from which command). Needs python3 with CUDA-enabled torch;
# the gradguard Python package is taken from ../../../python.
#
#     tests/tracebacks/genuine/record_cuda.sh OUT_DIR
#
# Each program runs alone under `timeout`, so that one failure does not cost
# the others; all output goes to OUT_DIR/NAME.log, and OUT_DIR/commands.txt
# lists the commands as run. With RECORD_TAR=FILE.tgz, OUT_DIR is packed there
# after each program; with ONLY='PATTERN...' (shell patterns), only the names
# they match run.
set -f  # ONLY's patterns are matched, not expanded
: "${ONLY:=*}"
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: record_cuda.sh OUT_DIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export GG_DEVICE=cuda PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 OMP_NUM_THREADS=1
export PYTHONPATH="$here/../../../python"
cd "$here" || exit 2

rec() {  # rec NAME [VAR=VALUE...] COMMAND...: runs COMMAND, its output into NAME.log
	name=$1; shift
	run=; for p in $ONLY; do case $name in $p) run=1 ;; esac; done
	[ -n "$run" ] || return 0
	echo "$name: $*" >>"$out/commands.txt"
	env "$@" >"$out/$name.log" 2>&1
	echo "$name exit $?" | tee -a "$out/commands.txt"
	[ -z "$RECORD_TAR" ] || tar czf "$RECORD_TAR" -C "$out" .  # what is done so far survives a cut
}

{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
  python3 -c 'import torch, sys; print(sys.version); print("torch", torch.__version__, "cuda", torch.version.cuda)'
} >"$out/environment.txt" 2>&1

rec eval_without_no_grad_fraction timeout 90 python3 eval_without_no_grad.py 600
rec eval_without_no_grad_fill GG_CUDA_CAP=fill timeout 90 python3 eval_without_no_grad.py 600
rec eval_with_no_grad_fraction timeout 90 python3 eval_with_no_grad.py 600
rec train_loop_fraction timeout 90 python3 train_loop.py 600
rec decorated_accumulate_fraction timeout 90 python3 decorated_accumulate.py 600
rec eval_resnet_fill GG_CUDA_CAP=fill timeout 90 python3 eval_resnet.py 2000
rec eval_resnet_no_grad_fill GG_CUDA_CAP=fill timeout 90 python3 eval_resnet.py 2000 --no-grad
rec eval_gpt2_fill GG_CUDA_CAP=fill timeout 120 python3 eval_gpt2.py 3000
rec eval_gpt2_no_grad_fill GG_CUDA_CAP=fill timeout 120 python3 eval_gpt2.py 3000 --no-grad
rec lightning_validate_accumulate_fraction timeout 120 python3 lightning_validate_accumulate.py 600
# The probe: the same loops, without a cap (what a run keeps) and with one (the OOM).
for s in eval_without_no_grad eval_with_no_grad; do
	for b in 0 600; do
		rm -rf .gradguard
		rec probe_${s}_$b timeout 90 python3 -m gradguard run --output-format json --output-file "$out/probe_${s}_$b.json" --workspace "$here" $s.py $b
		cp .gradguard/runtime.json "$out/probe_${s}_$b.runtime.json" 2>/dev/null
	done
done
rm -rf .gradguard
rec probe_eval_resnet_0 timeout 90 python3 -m gradguard run --output-format json --output-file "$out/probe_eval_resnet_0.json" --workspace "$here" eval_resnet.py 0
cp .gradguard/runtime.json "$out/probe_eval_resnet_0.runtime.json" 2>/dev/null
rm -rf .gradguard
rec probe_eval_gpt2_0 timeout 120 python3 -m gradguard run --output-format json --output-file "$out/probe_eval_gpt2_0.json" --workspace "$here" eval_gpt2.py 0
cp .gradguard/runtime.json "$out/probe_eval_gpt2_0.runtime.json" 2>/dev/null
rm -rf .gradguard
rec probe_eval_without_no_grad_600_concise timeout 90 python3 -m gradguard run --workspace "$here" eval_without_no_grad.py 600
rm -rf .gradguard
rec torchrun_ddp_eval timeout 120 python3 -m torch.distributed.run --standalone --nproc-per-node 2 ddp_eval.py 600
rec torchrun_ddp_eval_tee timeout 120 python3 -m torch.distributed.run --standalone --nproc-per-node 2 --tee 3 ddp_eval.py 600
[ -z "$RECORD_TAR" ] || tar czf "$RECORD_TAR" -C "$out" .  # the last runtime.json too
exit 0
