"""The engine's figures, as ``railways bench`` (run: python benchmarks/engine.py --json)."""

from railways.cli.bench import bench

if __name__ == "__main__":
    bench()
