"""Check a whole document against the KG (see :mod:`kgfc.document.check`)."""
