"""``python -m kgfc``: the same as the ``kgfc`` command."""

from kgfc.cli import main

if __name__ == "__main__":
    main()
