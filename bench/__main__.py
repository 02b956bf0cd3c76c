"""Runs every `bench/bench_*.py` module's `run()`, prints one table and writes `bench/results/latest.json`.

python -m bench                 every benchmark
python -m bench store ui        only bench_store and bench_ui
"""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
RESULTS = BENCH_DIR / "results" / "latest.json"


def discover(only: Sequence[str] = ()) -> list[str]:
    names = sorted(path.stem for path in BENCH_DIR.glob("bench_*.py"))
    if only:
        wanted = {name if name.startswith("bench_") else f"bench_{name}" for name in only}
        names = [name for name in names if name in wanted]
    return names


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    results: dict[str, dict[str, float]] = {}
    failed: dict[str, str] = {}
    for name in discover(args):
        started = time.perf_counter()
        print(f"running {name} ...", file=sys.stderr, flush=True)
        try:
            module = importlib.import_module(f"bench.{name}")
            figures = module.run()
            results[name] = {key: float(value) for key, value in figures.items()}
        except Exception:
            failed[name] = traceback.format_exc()
            print(failed[name], file=sys.stderr)
        print(f"  {name} took {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)

    rows = [(module, key, value) for module, figures in results.items() for key, value in figures.items()]
    width_module = max([len("module")] + [len(r[0]) for r in rows])
    width_key = max([len("figure")] + [len(r[1]) for r in rows])
    print(f"{'module':<{width_module}}  {'figure':<{width_key}}  {'value':>12}")
    print(f"{'-' * width_module}  {'-' * width_key}  {'-' * 12}")
    for module, key, value in rows:
        print(f"{module:<{width_module}}  {key:<{width_key}}  {value:>12.3f}")
    for name in failed:
        print(f"{name:<{width_module}}  {'FAILED':<{width_key}}")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "platform": platform.platform(), "cpu": platform.machine()},
        "results": results,
        "failed": {name: trace.strip().splitlines()[-1] for name, trace in failed.items()},
    }
    RESULTS.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"written to {RESULTS.relative_to(BENCH_DIR.parent)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
